import path from "node:path";
import * as fontkit from "fontkit";

type Style = "regular" | "bold" | "italic";

const modules = () => path.join(process.cwd(), "node_modules");
const fontFiles = () => ({
  "latin-regular": path.join(modules(), "@embedpdf/fonts-latin/fonts/NotoSans-Regular.ttf"),
  "latin-bold": path.join(modules(), "@embedpdf/fonts-latin/fonts/NotoSans-Bold.ttf"),
  "latin-italic": path.join(modules(), "@embedpdf/fonts-latin/fonts/NotoSans-Italic.ttf"),
  "cjk-regular": path.join(modules(), "@embedpdf/fonts-sc/fonts/NotoSansHans-Regular.otf"),
  "cjk-bold": path.join(modules(), "@embedpdf/fonts-sc/fonts/NotoSansHans-Bold.otf"),
  emoji: path.join(modules(), "@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf"),
});
export type FontName = keyof ReturnType<typeof fontFiles>;

let coverage: Map<FontName, { hasGlyphForCodePoint(codePoint: number): boolean }> | undefined;

function fontsCovering() {
  coverage ??= new Map(
    Object.entries(fontFiles()).map(([name, file]) => [name as FontName, fontkit.openSync(file) as unknown as { hasGlyphForCodePoint(codePoint: number): boolean }]),
  );
  return coverage;
}

/** Registers every font with a PDFKit document under its name. */
export function registerFonts(document: PDFKit.PDFDocument) {
  for (const [name, file] of Object.entries(fontFiles())) document.registerFont(name, file);
}

// Joiners, variation selectors and skin-tone modifiers have no glyph of their own.
const invisible = (codePoint: number) => codePoint === 0x200d || (codePoint >= 0xfe00 && codePoint <= 0xfe0f) || (codePoint >= 0x1f3fb && codePoint <= 0x1f3ff);

/**
 * Splits text into runs of one font each: Noto Sans for Latin, Greek and Cyrillic,
 * Noto Sans CJK for Chinese and Japanese, Noto Emoji for emoji. A character no font
 * has is drawn by the Latin font (as its missing-glyph box), never dropped silently.
 */
export function fontRuns(text: string, style: Style): { font: FontName; text: string }[] {
  const fonts = fontsCovering();
  const candidates: FontName[] = [style === "bold" ? "latin-bold" : style === "italic" ? "latin-italic" : "latin-regular", style === "bold" ? "cjk-bold" : "cjk-regular", "emoji"];
  const runs: { font: FontName; text: string }[] = [];
  for (const character of text) {
    const codePoint = character.codePointAt(0)!;
    if (invisible(codePoint)) continue;
    const font = character === "\n" ? candidates[0]! : (candidates.find((name) => fonts.get(name)!.hasGlyphForCodePoint(codePoint)) ?? candidates[0]!);
    const last = runs.at(-1);
    if (last?.font === font) last.text += character;
    else runs.push({ font, text: character });
  }
  return runs;
}
