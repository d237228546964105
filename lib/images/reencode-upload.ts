import sharp from "sharp";
import { sniffImage } from "./sniff-image";

/** The longer side of a stored post image: as large as any network shows one. */
export const maxImageSide = 4096;
/** Decoding stops past this many pixels (a small file can claim a huge canvas). */
export const maxInputPixels = 40_000_000;

export interface EncodedImage {
  bytes: Uint8Array;
  contentType: "image/png" | "image/jpeg";
  width: number;
  height: number;
}

/** Why an upload was refused, in words a founder reads. */
export class ImageRefused extends Error {}

/**
 * The upload decoded and drawn anew: only pixels survive (no EXIF, location or trailing
 * bytes), turned upright, in 8-bit sRGB, at most 4096 px on its longer side. A JPEG stays a
 * JPEG (photos stay small); PNG and WebP become PNG. Refused (ImageRefused) when its first
 * bytes are not the type it claims, or it does not decode.
 */
export async function reencodeUpload(bytes: Uint8Array, claimedType: string): Promise<EncodedImage> {
  if (bytes.length === 0) throw new ImageRefused("The file is empty.");
  const sniffed = sniffImage(bytes);
  if (!sniffed) throw new ImageRefused("That file is not an image: upload a PNG, JPEG or WebP picture.");
  if (sniffed !== claimedType)
    throw new ImageRefused(`That file is a ${sniffed.slice(6).toUpperCase()}, not the type it claims.`);
  try {
    const image = sharp(bytes, { failOn: "error", limitInputPixels: maxInputPixels })
      .rotate()
      .resize(maxImageSide, maxImageSide, { fit: "inside", withoutEnlargement: true })
      .toColourspace("srgb");
    const out =
      sniffed === "image/jpeg"
        ? await image.jpeg({ quality: 90, mozjpeg: true }).toBuffer({ resolveWithObject: true })
        : await image.png({ compressionLevel: 9 }).toBuffer({ resolveWithObject: true });
    return {
      bytes: new Uint8Array(out.data),
      contentType: sniffed === "image/jpeg" ? "image/jpeg" : "image/png",
      width: out.info.width,
      height: out.info.height,
    };
  } catch {
    throw new ImageRefused("The image could not be read: upload a whole PNG, JPEG or WebP file.");
  }
}
