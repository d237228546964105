import { describe, expect, it } from "vitest";
import { providerFor } from "@/lib/networks/registry";
import { imagesRefusal } from "@/lib/services/item-images/readiness";

const described = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ position: index + 1, alt: `Picture ${index + 1}` }));

describe("imagesRefusal", () => {
  it("lets a post without images, or with described images on a network that takes them, go out", () => {
    expect(imagesRefusal([], providerFor("x"))).toBeNull();
    expect(imagesRefusal(described(4), providerFor("bluesky"))).toBeNull();
    expect(imagesRefusal(described(2), providerFor("mastodon"))).toBeNull();
    expect(imagesRefusal(described(2), null)).toBeNull();
  });

  it("names the first image without alt text, whatever the network", () => {
    const images = [
      { position: 1, alt: "A chart" },
      { position: 2, alt: "   " },
      { position: 3, alt: "" },
    ];
    for (const provider of [providerFor("bluesky"), null])
      expect(imagesRefusal(images, provider)).toMatch(/^Image 2 has no alt text: describe what it shows/);
  });

  it("names a network that takes no images from Launchloop yet, and one that takes fewer", () => {
    expect(imagesRefusal(described(1), providerFor("reddit"))).toBe(
      "Reddit does not take images from Launchloop yet: remove the images, or post it by hand.",
    );
    const oneImage = {
      ...providerFor("bluesky"),
      limits: { ...providerFor("bluesky").limits, images: { maxCount: 1, maxBytes: 1, types: [] } },
    };
    expect(imagesRefusal(described(3), oneImage)).toBe("Bluesky takes at most 1 image per post: remove 2.");
    // Discord takes them with the message (no upload step), Threads by URL, the others by upload.
    for (const network of ["discord", "wordpress", "threads", "x", "linkedin"] as const)
      expect(imagesRefusal(described(4), providerFor(network))).toBeNull();
  });

  it("names the first image whose alt text is longer than the network takes", () => {
    const images = [
      { position: 1, alt: "A chart" },
      { position: 2, alt: "A".repeat(1001) },
    ];
    expect(imagesRefusal(images, providerFor("x"))).toBe(
      "Image 2's alt text is longer than X takes (1,000 characters): shorten it.",
    );
    expect(imagesRefusal([{ position: 1, alt: "A".repeat(1000) }], providerFor("x"))).toBeNull();
    expect(imagesRefusal(images, providerFor("mastodon"))).toBeNull();
  });
});
