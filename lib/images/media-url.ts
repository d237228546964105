import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { config } from "@/lib/config";
import { derivedKey } from "@/lib/security/secret";

/**
 * Addresses at which a network fetches a post's image itself (Threads takes images by URL
 * only): `APP_URL/media/{imageId}.{png|jpg}?max=…&exp=…&sig=…`. The signature (HMAC-SHA256
 * under a key derived from the server secret) covers the image, the type it is served as,
 * the most bytes it may have and the expiry, so the address names one image, cannot be
 * guessed or widened, and stops working when it expires.
 */

const extensions = { "image/png": "png", "image/jpeg": "jpg" } as const;
export type MediaType = keyof typeof extensions;
const typeOfExtension: Record<string, MediaType> = { png: "image/png", jpg: "image/jpeg" };

/** What a valid address grants: this image, as this type, at most this many bytes, until `expires` (seconds). */
export interface MediaGrant {
  imageId: string;
  contentType: MediaType;
  maxBytes: number;
  expires: number;
}

const signature = (grant: MediaGrant) =>
  createHmac("sha256", derivedKey("media-url"))
    .update([grant.imageId, grant.contentType, grant.maxBytes, grant.expires].join("\n"))
    .digest("base64url");

export const isMediaType = (type: string): type is MediaType => type in extensions;

export function signedMediaUrl(input: { imageId: string; contentType: MediaType; maxBytes: number; expiresAt: Date }) {
  const grant: MediaGrant = {
    imageId: input.imageId,
    contentType: input.contentType,
    maxBytes: input.maxBytes,
    expires: Math.floor(input.expiresAt.getTime() / 1000),
  };
  const query = new URLSearchParams({ max: String(grant.maxBytes), exp: String(grant.expires), sig: signature(grant) });
  return `${config().appUrl}/media/${grant.imageId}.${extensions[grant.contentType]}?${query}`;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const whole = /^[1-9][0-9]{0,14}$/;

/** The grant of an address's file name (`{imageId}.{ext}`) and query, or null when anything is off or it has expired. */
export function verifyMediaUrl(file: string, query: URLSearchParams, now: Date): MediaGrant | null {
  const dot = file.lastIndexOf(".");
  const imageId = file.slice(0, dot);
  const contentType = typeOfExtension[file.slice(dot + 1)];
  const max = query.get("max") ?? "";
  const exp = query.get("exp") ?? "";
  const given = query.get("sig") ?? "";
  if (dot < 0 || !uuid.test(imageId) || !contentType || !whole.test(max) || !whole.test(exp)) return null;
  const grant: MediaGrant = { imageId, contentType, maxBytes: Number(max), expires: Number(exp) };
  if (grant.expires * 1000 <= now.getTime()) return null;
  const expected = Buffer.from(signature(grant));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? grant : null;
}
