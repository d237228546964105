import sharp from "sharp";

export interface FittedImage {
  bytes: Uint8Array;
  contentType: string;
  width: number;
  height: number;
}

const qualities = [85, 75, 65, 55];

/**
 * The image as a network takes it: unchanged when its type is taken and it is at most
 * `maxBytes`; else recompressed as JPEG, lowering the quality and then the size (by a
 * fifth each round) until it fits. Throws when even a small one does not fit.
 */
export async function fitBytes(
  image: { bytes: Uint8Array; contentType: string },
  limits: { maxBytes: number; types: readonly string[] },
): Promise<FittedImage> {
  const meta = await sharp(image.bytes).metadata();
  // Stored images are upright already (drawn anew on upload), so no orientation to apply.
  let width = meta.width ?? 0;
  let height = meta.height ?? 0;
  if (image.bytes.length <= limits.maxBytes && limits.types.includes(image.contentType)) return { ...image, width, height };
  // The picture as it is first, then smaller, down to 64 px on its shorter side.
  for (let round = 0; round === 0 || Math.min(width, height) >= 64; round++) {
    for (const quality of qualities) {
      const out = await sharp(image.bytes)
        .resize(width, height, { fit: "inside" })
        .flatten({ background: "#ffffff" })
        .jpeg({ quality, mozjpeg: true })
        .toBuffer({ resolveWithObject: true });
      if (out.data.length <= limits.maxBytes)
        return { bytes: new Uint8Array(out.data), contentType: "image/jpeg", width: out.info.width, height: out.info.height };
    }
    width = Math.round(width * 0.8);
    height = Math.round(height * 0.8);
  }
  throw new Error(`the image does not fit in ${limits.maxBytes} bytes`);
}
