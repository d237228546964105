import { readFileSync } from "node:fs";
import path from "node:path";

/** A font as satori takes it. */
export interface SatoriFont {
  name: string;
  data: Buffer;
  weight: 400 | 700;
  style: "normal";
}

const modules = () => path.join(process.cwd(), "node_modules");
const files = {
  latin400: "@embedpdf/fonts-latin/fonts/NotoSans-Regular.ttf",
  latin700: "@embedpdf/fonts-latin/fonts/NotoSans-Bold.ttf",
  cjk400: "@embedpdf/fonts-sc/fonts/NotoSansHans-Regular.otf",
  cjk700: "@embedpdf/fonts-sc/fonts/NotoSansHans-Bold.otf",
  emoji: "@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf",
} as const;

const read = (file: keyof typeof files) => readFileSync(path.join(modules(), files[file]));

let latin: SatoriFont[] | undefined;
let withCjk: SatoriFont[] | undefined;

/** Latin, Greek and Cyrillic (Noto Sans) and emoji: read once per process. */
function latinFonts(): SatoriFont[] {
  latin ??= [
    { name: "Noto Sans", data: read("latin400"), weight: 400, style: "normal" },
    { name: "Noto Sans", data: read("latin700"), weight: 700, style: "normal" },
    { name: "Noto Emoji", data: read("emoji"), weight: 400, style: "normal" },
  ];
  return latin;
}

/** The Latin fonts and Noto Sans SC (16 MB, so read only when a card has Chinese or Japanese in it). */
function cjkFonts(): SatoriFont[] {
  withCjk ??= [
    ...latinFonts(),
    { name: "Noto Sans SC", data: read("cjk400"), weight: 400, style: "normal" },
    { name: "Noto Sans SC", data: read("cjk700"), weight: 700, style: "normal" },
  ];
  return withCjk;
}

const hanOrKana = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u;

/**
 * The fonts for a card's text, chosen by its script, and the family order it is set in:
 * satori draws each character with the first family that has it. The same array is handed
 * back each time, so satori keeps its parsed fonts across cards.
 */
export function fontsFor(text: string, language: string): { fonts: SatoriFont[]; family: string } {
  const primary = language.toLowerCase().split("-")[0];
  const cjk = hanOrKana.test(text) || primary === "zh" || primary === "ja";
  if (!cjk) return { fonts: latinFonts(), family: "'Noto Sans', 'Noto Emoji'" };
  const family =
    primary === "zh" || primary === "ja"
      ? "'Noto Sans SC', 'Noto Sans', 'Noto Emoji'"
      : "'Noto Sans', 'Noto Sans SC', 'Noto Emoji'";
  return { fonts: cjkFonts(), family };
}
