import path from "node:path";
import * as fontkit from "fontkit";
import { TextCache } from "./bounded-cache";

export type Style = "regular" | "bold" | "italic" | "bold-italic" | "code";

const modules = () => path.join(process.cwd(), "node_modules");
const fontFiles = () => ({
  "latin-regular": path.join(modules(), "@embedpdf/fonts-latin/fonts/NotoSans-Regular.ttf"),
  "latin-bold": path.join(modules(), "@embedpdf/fonts-latin/fonts/NotoSans-Bold.ttf"),
  "latin-italic": path.join(modules(), "@embedpdf/fonts-latin/fonts/NotoSans-Italic.ttf"),
  "latin-bold-italic": path.join(modules(), "@embedpdf/fonts-latin/fonts/NotoSans-BoldItalic.ttf"),
  "cjk-regular": path.join(modules(), "@embedpdf/fonts-sc/fonts/NotoSansHans-Regular.otf"),
  "cjk-bold": path.join(modules(), "@embedpdf/fonts-sc/fonts/NotoSansHans-Bold.otf"),
  emoji: path.join(modules(), "@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf"),
});
type EmbeddedName = keyof ReturnType<typeof fontFiles>;
/** `mono` is PDF's built-in Courier: no monospace font ships in an installed package, and it costs no embedding. */
export type FontName = EmbeddedName | "mono";

/** A glyph run as PDFKit keeps it: positions and advance in thousandths of an em. */
interface GlyphRun {
  glyphs: { id: number; advanceWidth: number; codePoints: number[] }[];
  positions: Record<string, number>[];
  advanceWidth: number;
}
type ParsedFont = Omit<fontkit.Font, "layout"> & { layout(text: string): GlyphRun };

/**
 * Fonts are parsed once per process, not per export, and word layouts (fontkit shaping, the
 * expensive part) are kept across exports, about 40,000 characters of words per font, so
 * an unchanged item is shaped once.
 */
let loaded: Map<EmbeddedName, { font: ParsedFont; scale: number; layouts: TextCache<GlyphRun> }> | undefined;

function fonts() {
  loaded ??= new Map(
    Object.entries(fontFiles()).map(([name, file]) => {
      const font = fontkit.openSync(file) as unknown as ParsedFont;
      return [name as EmbeddedName, { font, scale: 1000 / font.unitsPerEm, layouts: new TextCache<GlyphRun>(40_000) }];
    }),
  );
  return loaded;
}

/** One word shaped as PDFKit's EmbeddedFont.layoutRun does it (positions scaled to thousandths of an em). */
function shaped(name: EmbeddedName, text: string): GlyphRun {
  const entry = fonts().get(name)!;
  const cached = entry.layouts.get(text);
  if (cached) return cached;
  const run = entry.font.layout(text);
  for (let i = 0; i < run.positions.length; i++) {
    const position = run.positions[i]!;
    for (const key in position) position[key]! *= entry.scale;
    position.advanceWidth = run.glyphs[i]!.advanceWidth * entry.scale;
  }
  return entry.layouts.set(text, run);
}

const subsets = new Map<string, unknown>();

/** A font subset's bytes depend only on its glyphs (in order): an unchanged pack reuses them. */
function rememberSubsets(name: EmbeddedName, subset: { glyphs: number[]; encode(): unknown }) {
  const encode = subset.encode.bind(subset);
  subset.encode = () => {
    const key = `${name}:${subset.glyphs.join(",")}`;
    let bytes = subsets.get(key);
    if (bytes === undefined) {
      if (subsets.size >= 16) subsets.delete(subsets.keys().next().value!);
      bytes = encode();
      subsets.set(key, bytes);
    }
    return bytes;
  };
}

/** A glyph as fontkit gives it: its id in the whole font, its advance in font units and the text it draws. */
interface Glyph {
  id: number;
  advanceWidth: number;
  codePoints: number[];
}
/** Where each glyph goes, in thousandths of an em (PDFKit's layout). */
export interface GlyphPosition {
  xAdvance: number;
  xOffset: number;
  yOffset: number;
  advanceWidth: number;
}
interface PdfKitEmbeddedFont {
  id: string;
  scale: number;
  widths: number[];
  unicode: number[][];
  subset: { glyphs: number[]; includeGlyph(id: number): number; encode(): unknown };
  ref(): unknown;
}
interface PdfKitStandardFont {
  id: string;
  ref(): unknown;
  encode(text: string): [string[], GlyphPosition[]];
}

/** A piece of text in one font, as a document draws it: the font's resource and each glyph's code and position. */
export interface EncodedText {
  id: string;
  ref(): unknown;
  codes: string[];
  positions: GlyphPosition[];
}

/** Laid-out text of a whole piece (a line's run in one font), kept by text: about 60,000 characters per font. */
const pieces = new Map<EmbeddedName, TextCache<{ glyphs: Glyph[]; positions: GlyphPosition[] }>>();

/** The glyphs and positions of `text`, word by word as PDFKit's EmbeddedFont.layout joins them. */
function pieceLayout(name: EmbeddedName, text: string) {
  let cache = pieces.get(name);
  if (!cache) {
    cache = new TextCache(60_000);
    pieces.set(name, cache);
  }
  const known = cache.get(text);
  if (known) return known;
  const glyphs: Glyph[] = [];
  const positions: GlyphPosition[] = [];
  let start = 0;
  for (let index = 0; index <= text.length; index++) {
    if (index === text.length ? start < index : text[index] === " " || text[index] === "\t") {
      const run = shaped(name, text.slice(start, index + 1));
      for (const glyph of run.glyphs) glyphs.push(glyph);
      for (const position of run.positions) positions.push(position as unknown as GlyphPosition);
      start = index + 1;
    }
  }
  return cache.set(text, { glyphs, positions });
}

/** The fonts of one document: each glyph's code in this document's subset, found once per glyph. */
export interface DocumentFonts {
  encode(name: FontName, text: string): EncodedText;
}

/**
 * Registers every font with a PDFKit document under its name, sharing parsed fonts, word
 * layouts and subsets. Text is encoded as PDFKit's EmbeddedFont.encode does it (the same
 * subset codes, widths and ToUnicode entries), from layouts kept across documents: only
 * the glyph codes, which depend on the order this document first uses each glyph, are its own.
 */
export function registerFonts(document: PDFKit.PDFDocument): DocumentFonts {
  const holder = document as unknown as { _font: unknown };
  const embedded = new Map<EmbeddedName, { font: PdfKitEmbeddedFont; codes: Map<number, string> }>();
  for (const [name, entry] of fonts()) {
    document.registerFont(name, entry.font as never);
    document.font(name);
    const font = holder._font as PdfKitEmbeddedFont;
    rememberSubsets(name, font.subset);
    embedded.set(name, { font, codes: new Map() });
  }
  document.registerFont("mono", "Courier");
  let mono: PdfKitStandardFont | undefined;
  return {
    encode(name, text) {
      if (name === "mono") {
        if (!mono) {
          document.font("mono");
          mono = holder._font as PdfKitStandardFont;
        }
        const [codes, positions] = mono.encode(text);
        return { id: mono.id, ref: () => mono!.ref(), codes, positions };
      }
      const { font, codes: known } = embedded.get(name)!;
      const { glyphs, positions } = pieceLayout(name, text);
      const codes = new Array<string>(glyphs.length);
      for (let index = 0; index < glyphs.length; index++) {
        const glyph = glyphs[index]!;
        let code = known.get(glyph.id);
        if (code === undefined) {
          const id = font.subset.includeGlyph(glyph.id);
          code = `0000${id.toString(16)}`.slice(-4);
          font.widths[id] ??= glyph.advanceWidth * font.scale;
          font.unicode[id] ??= glyph.codePoints;
          known.set(glyph.id, code);
        }
        codes[index] = code;
      }
      return { id: font.id, ref: () => font.ref(), codes, positions };
    },
  };
}

/** Ascender and descender (negative) in thousandths of an em: what baselines are aligned with. */
export function fontMetrics(name: FontName): { ascender: number; descender: number } {
  if (name === "mono") return { ascender: 629, descender: -157 };
  const { font, scale } = fonts().get(name)!;
  return { ascender: font.ascent * scale, descender: font.descent * scale };
}

/** The width of `text` in thousandths of an em, measured the way PDFKit draws it (word by word). */
export function textWidth(name: FontName, text: string): number {
  if (name === "mono") return 600 * Array.from(text).length;
  let width = 0;
  let start = 0;
  for (let index = 0; index <= text.length; index++) {
    if (index === text.length ? start < index : text[index] === " " || text[index] === "\t") {
      width += shaped(name, text.slice(start, index + 1)).advanceWidth;
      start = index + 1;
    }
  }
  return width;
}

// Joiners, variation selectors and skin-tone modifiers have no glyph of their own.
const invisible = (codePoint: number) =>
  codePoint === 0x200d || (codePoint >= 0xfe00 && codePoint <= 0xfe0f) || (codePoint >= 0x1f3fb && codePoint <= 0x1f3ff);
// Courier draws through WinAnsi: printable ASCII and Latin-1.
const inCourier = (codePoint: number) => (codePoint >= 0x20 && codePoint <= 0x7e) || (codePoint >= 0xa1 && codePoint <= 0xff);

const candidatesOf: Record<Style, FontName[]> = {
  regular: ["latin-regular", "cjk-regular", "emoji"],
  bold: ["latin-bold", "cjk-bold", "emoji"],
  italic: ["latin-italic", "cjk-regular", "emoji"],
  "bold-italic": ["latin-bold-italic", "cjk-bold", "emoji"],
  code: ["mono", "latin-regular", "cjk-regular", "emoji"],
};
const chosen = new Map<string, FontName>();

/** The first font of the style's fallback chain with a glyph for the character (remembered per character). */
export function fontFor(codePoint: number, style: Style): FontName {
  const key = `${style}:${codePoint}`;
  let font = chosen.get(key);
  if (!font) {
    const candidates = candidatesOf[style];
    font =
      candidates.find((name) =>
        name === "mono" ? inCourier(codePoint) : fonts().get(name)!.font.hasGlyphForCodePoint(codePoint),
      ) ?? candidates.find((name) => name !== "mono")!;
    chosen.set(key, font);
  }
  return font;
}

/**
 * Splits text into runs of one font each: Noto Sans for Latin, Greek and Cyrillic,
 * Noto Sans CJK for Chinese and Japanese, Noto Emoji for emoji, Courier for code. A
 * character no font has is drawn by the Latin font (as its missing-glyph box), never
 * dropped silently.
 */
export function fontRuns(text: string, style: Style): { font: FontName; text: string }[] {
  const runs: { font: FontName; text: string }[] = [];
  for (const character of text) {
    const codePoint = character.codePointAt(0)!;
    if (invisible(codePoint)) continue;
    const font =
      character === "\n" || character === " " ? (runs.at(-1)?.font ?? candidatesOf[style][0]!) : fontFor(codePoint, style);
    const last = runs.at(-1);
    if (last?.font === font) last.text += character;
    else runs.push({ font, text: character });
  }
  return runs;
}
