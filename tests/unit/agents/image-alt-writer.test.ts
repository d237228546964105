import { describe, expect, it } from "vitest";
import { imageAltWriter } from "@/lib/agents/image-alt-writer";
import { maxDraftedAltLength } from "@/lib/schemas/item-images";

const input = {
  projectName: "Brotzeit",
  language: "de",
  channel: "mastodon" as const,
  post: "Unser Brot-Abo startet am Freitag.",
  image: { bytes: new Uint8Array([1, 2, 3]), mediaType: "image/jpeg", width: 800, height: 600 },
};

describe("the image's alt text task", () => {
  it("asks in the post's language, with the post, and shows the model the image itself", () => {
    const prompt = imageAltWriter.prompt(input);
    expect(prompt.system).toContain("German (de)");
    expect(prompt.system).toContain(`at most ${maxDraftedAltLength} characters`);
    expect(prompt.context).toContain("Unser Brot-Abo startet am Freitag.");
    expect(prompt.task).toContain("800x600");
    expect(imageAltWriter.images!(input)).toEqual([{ bytes: input.image.bytes, mediaType: "image/jpeg" }]);
  });

  it("keeps a draft on one line and within 1,000 characters, cut after a sentence or word", () => {
    const normalize = imageAltWriter.normalize!;
    expect(normalize({ alt: "  Ein Laib Brot\n auf einem Holzbrett.  " }, input)).toEqual({
      alt: "Ein Laib Brot auf einem Holzbrett.",
    });
    const long = normalize({ alt: "Ein frisches Brot liegt auf dem Tisch. ".repeat(60) }, input).alt!;
    expect(long.length).toBeLessThanOrEqual(maxDraftedAltLength);
    expect(long.endsWith("Tisch.")).toBe(true);
    const oneWord = normalize({ alt: "Brot ".repeat(400) }, input).alt!;
    expect(oneWord.length).toBeLessThanOrEqual(maxDraftedAltLength);
    expect(normalize({ alt: null }, input)).toEqual({ alt: null });
    expect(normalize({ alt: "   " }, input)).toEqual({ alt: null });
  });
});
