import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { fitBytes } from "@/lib/images/fit-bytes";

const bluesky = { maxBytes: 1_000_000, types: ["image/png", "image/jpeg", "image/webp"] };

/** Noise compresses badly: a 1400x1400 PNG of it is about 5.9 MB. */
const noisyPng = (side: number) =>
  sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png()
    .toBuffer();

describe("fitBytes", () => {
  it("leaves an image the network takes as it is", async () => {
    const bytes = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#123456" } })
      .png()
      .toBuffer();
    const fitted = await fitBytes({ bytes, contentType: "image/png" }, bluesky);
    expect(fitted.bytes).toBe(bytes);
    expect([fitted.contentType, fitted.width, fitted.height]).toEqual(["image/png", 300, 200]);
  });

  it("recompresses one too large as JPEG until it is at most the network's bytes, keeping its shape", async () => {
    const bytes = await noisyPng(1400);
    expect(bytes.length).toBeGreaterThan(bluesky.maxBytes);
    const fitted = await fitBytes({ bytes, contentType: "image/png" }, bluesky);
    expect(fitted.bytes.length).toBeLessThanOrEqual(bluesky.maxBytes);
    expect(fitted.contentType).toBe("image/jpeg");
    const meta = await sharp(fitted.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", fitted.width, fitted.height]);
    expect(fitted.width).toBe(fitted.height);
  });

  it("shrinks the picture when even a low quality does not fit", async () => {
    const bytes = await noisyPng(1000);
    const fitted = await fitBytes({ bytes, contentType: "image/png" }, { maxBytes: 60_000, types: ["image/jpeg"] });
    expect(fitted.bytes.length).toBeLessThanOrEqual(60_000);
    expect(fitted.width).toBeLessThan(1000);
  });

  it("sends a type the network does not take as JPEG", async () => {
    const bytes = await sharp({ create: { width: 50, height: 40, channels: 4, background: "#ff000080" } })
      .webp()
      .toBuffer();
    const fitted = await fitBytes({ bytes, contentType: "image/webp" }, { maxBytes: 1_000_000, types: ["image/jpeg"] });
    expect([fitted.contentType, fitted.width, fitted.height]).toEqual(["image/jpeg", 50, 40]);
  });
});
