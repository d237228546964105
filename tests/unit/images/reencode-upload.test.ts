import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ImageRefused, maxImageSide, reencodeUpload } from "@/lib/images/reencode-upload";

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: "#224488" } });

describe("reencodeUpload", () => {
  it("drops EXIF and turns the picture upright: a JPEG stays a JPEG", async () => {
    // 200x100 stored sideways (orientation 6): upright it is 100x200.
    const photo = await solid(200, 100)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Make: "SecretCam", Artist: "Someone at home" } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const image = await reencodeUpload(photo, "image/jpeg");
    const meta = await sharp(image.bytes).metadata();
    expect([image.contentType, image.width, image.height]).toEqual(["image/jpeg", 100, 200]);
    expect([meta.width, meta.height, meta.exif, meta.orientation]).toEqual([100, 200, undefined, undefined]);
    expect(Buffer.from(image.bytes).includes("SecretCam")).toBe(false);
  });

  it("turns WebP into PNG and shrinks a picture larger than the longest side kept", async () => {
    const webp = await solid(maxImageSide * 2, 1000)
      .webp()
      .toBuffer();
    const image = await reencodeUpload(webp, "image/webp");
    expect([image.contentType, image.width, image.height]).toEqual(["image/png", maxImageSide, 500]);
  });

  it("refuses what is not an image, claims another type, is cut off, or is empty, in words a founder reads", async () => {
    const png = await solid(20, 20).png().toBuffer();
    const refusal = (bytes: Uint8Array, type: string) =>
      reencodeUpload(bytes, type).then(
        () => null,
        (error: unknown) => (error instanceof ImageRefused ? error.message : `unexpected: ${error}`),
      );
    expect(await refusal(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"), "image/png")).toBe(
      "That file is not an image: upload a PNG, JPEG or WebP picture.",
    );
    expect(await refusal(png, "image/webp")).toBe("That file is a PNG, not the type it claims.");
    expect(await refusal(png.subarray(0, 40), "image/png")).toBe(
      "The image could not be read: upload a whole PNG, JPEG or WebP file.",
    );
    expect(await refusal(new Uint8Array(), "image/png")).toBe("The file is empty.");
  });
});
