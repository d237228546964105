import { type Zippable, zipSync } from "fflate";
import type { PackCard } from "./launch-pack";

/**
 * The pack's files in one zip: each export under its name, the cards as PNGs in a folder with
 * a text file of their alt text. PNGs are stored as they are (already compressed).
 */
export function launchPackZip({
  files,
  cards,
  folder,
  altFile,
}: {
  files: { name: string; body: string | Uint8Array }[];
  cards: PackCard[];
  folder: string;
  altFile: string;
}): Uint8Array {
  const encoder = new TextEncoder();
  const entries: Zippable = {};
  for (const file of files) entries[file.name] = typeof file.body === "string" ? encoder.encode(file.body) : file.body;
  if (cards.length) {
    const cardFolder: Zippable = {};
    for (const card of cards) cardFolder[`${card.kind}-${card.width}x${card.height}.png`] = [card.png, { level: 0 }];
    cardFolder[`${altFile}.txt`] = encoder.encode(
      `${cards.map((card) => `${card.kind}-${card.width}x${card.height}.png\n${card.title}\n${card.alt}`).join("\n\n")}\n`,
    );
    entries[folder] = cardFolder;
  }
  return zipSync(entries, { level: 6 });
}
