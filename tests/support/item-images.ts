import sharp from "sharp";
import { expect } from "vitest";
import type { TestResponse } from "./test-app";

// A post's images as the image suites give them: pictures drawn with sharp, uploaded to an item
// as the founder does, and the sizes a network received.

type Call = (method: string, path: string, body?: unknown) => Promise<TestResponse>;

/** A picture of one colour. */
export const png = (width: number, height: number, colour: string) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
export const jpeg = (width: number, height: number, colour: string) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

/** The [width, height] of each picture a network received. */
export const sizesOf = (files: { bytes: Buffer | null }[]) =>
  Promise.all(files.map(async (file) => sharp(file.bytes!).metadata())).then((metas) =>
    metas.map((meta) => [meta.width, meta.height]),
  );

/** The alt texts of `twoImages`, in order. */
export const alts = ["A red card with the launch date", "A blue card with the price"];

/** Uploading to an item through `call`: one image (the upload must be taken), or two cards (a landscape and a portrait one, with `alts`). */
export function itemImages(call: Call) {
  const upload = async (itemId: string, bytes: Buffer, alt: string, contentType = "image/png") => {
    const answer = await call("POST", `/api/v1/growth/items/${itemId}/images`, {
      contentType,
      data: bytes.toString("base64"),
      alt,
    });
    expect(answer.status, answer.text).toBe(201);
    return answer.json.image as { id: string };
  };
  const twoImages = async (itemId: string) => [
    await upload(itemId, await png(800, 600, "#aa0000"), alts[0]!),
    await upload(itemId, await png(600, 800, "#0000aa"), alts[1]!),
  ];
  return { upload, twoImages };
}
