import "server-only";
import type { NetworkProvider } from "@/lib/networks/provider";

/**
 * Why a post's images keep it from going out, in a sentence naming the image or the network,
 * or null: every image needs alt text, and the account's network must take that many images
 * and alt text that long (`provider` is null for a post made by hand, where only the alt text
 * is asked for).
 */
export function imagesRefusal(
  images: readonly { position: number; alt: string }[],
  provider: Pick<NetworkProvider, "label" | "limits" | "uploadMedia"> | null,
): string | null {
  if (images.length === 0) return null;
  const missing = images.find((image) => image.alt.trim() === "");
  if (missing)
    return `Image ${missing.position} has no alt text: describe what it shows, for people who cannot see it, before the post goes out.`;
  if (!provider) return null;
  const limit = provider.limits.images;
  if (!limit || (!provider.uploadMedia && !limit.withPost && !limit.byUrl))
    return `${provider.label} does not take images from Launchloop yet: remove the images, or post it by hand.`;
  const maxAlt = limit.maxAltLength;
  const tooLong = maxAlt ? images.find((image) => image.alt.trim().length > maxAlt) : undefined;
  if (maxAlt && tooLong)
    return `Image ${tooLong.position}'s alt text is longer than ${provider.label} takes (${maxAlt.toLocaleString("en")} characters): shorten it.`;
  if (images.length > limit.maxCount)
    return `${provider.label} takes at most ${limit.maxCount} image${limit.maxCount === 1 ? "" : "s"} per post: remove ${images.length - limit.maxCount}.`;
  return null;
}
