import { TextCache } from "./bounded-cache";
import { type FontName, fontMetrics, fontRuns, type Style, textWidth } from "./pdf-fonts";

/** Inline text with one look: what a paragraph is made of before it is broken into lines. */
export interface Span {
  text: string;
  style: Style;
  size: number;
  color: string;
  link?: string;
  code?: boolean;
}

/** A piece of a line in one font, at `x` points from the line's start. */
export interface Piece {
  text: string;
  font: FontName;
  size: number;
  color: string;
  link?: string;
  code?: boolean;
  x: number;
  width: number;
}

/** A laid-out line: every piece shares one baseline, `ascent` points below the line's top. */
export interface Line {
  pieces: Piece[];
  width: number;
  ascent: number;
  descent: number;
  height: number;
}

interface Word {
  pieces: Omit<Piece, "x">[];
  /** Width without trailing spaces (what must fit) and with them (where the next word starts). */
  width: number;
  advance: number;
  breakAfter?: boolean;
}

// Han, kana, Hangul, CJK punctuation and full-width forms: a line may break between any two.
const isCjk = (codePoint: number) =>
  (codePoint >= 0x2e80 && codePoint <= 0x9fff) ||
  (codePoint >= 0xac00 && codePoint <= 0xd7af) ||
  (codePoint >= 0xf900 && codePoint <= 0xfaff) ||
  (codePoint >= 0xff00 && codePoint <= 0xffef) ||
  (codePoint >= 0x20000 && codePoint <= 0x2fa1f);
// Closing punctuation never starts a line.
const noBreakBefore = new Set(Array.from("，。、！？；：）」』】》〉”’・ー…,.!?;:)]}%"));

const pieceWidth = (font: FontName, size: number, text: string) => (textWidth(font, text) * size) / 1000;

/** Breaks styled spans into words: a word ends after spaces, and around CJK characters. */
function words(spans: Span[]): (Word | "newline")[] {
  const result: (Word | "newline")[] = [];
  let current: Word = { pieces: [], width: 0, advance: 0 };
  let previous = "";
  const finish = () => {
    if (current.pieces.length) result.push(current);
    current = { pieces: [], width: 0, advance: 0 };
  };
  for (const span of spans) {
    for (const run of fontRuns(span.text, span.style)) {
      for (const character of run.text) {
        if (character === "\n") {
          finish();
          result.push("newline");
          previous = "";
          continue;
        }
        const codePoint = character.codePointAt(0)!;
        const previousPoint = previous.codePointAt(0) ?? 0;
        const spaceBefore = previous === " " || previous === "\t";
        if (
          current.pieces.length &&
          !noBreakBefore.has(character) &&
          (spaceBefore || isCjk(codePoint) || isCjk(previousPoint)) &&
          !(character === " " && !spaceBefore)
        )
          finish();
        const last = current.pieces.at(-1);
        if (
          last &&
          last.font === run.font &&
          last.size === span.size &&
          last.color === span.color &&
          last.link === span.link &&
          last.code === span.code
        )
          last.text += character;
        else
          current.pieces.push({
            text: character,
            font: run.font,
            size: span.size,
            color: span.color,
            width: 0,
            ...(span.link && { link: span.link }),
            ...(span.code && { code: true }),
          });
        previous = character;
      }
    }
  }
  finish();
  for (const word of result) {
    if (word === "newline") continue;
    for (const piece of word.pieces) piece.width = pieceWidth(piece.font, piece.size, piece.text);
    word.advance = word.pieces.reduce((sum, piece) => sum + piece.width, 0);
    const last = word.pieces.at(-1)!;
    const trimmed = last.text.replace(/[ \t]+$/, "");
    word.width = trimmed === last.text ? word.advance : word.advance - last.width + pieceWidth(last.font, last.size, trimmed);
  }
  return result;
}

/** Splits a word wider than the line into pieces that fit, character by character. */
function splitWide(word: Word, width: number): Word[] {
  const parts: Word[] = [];
  let part: Word = { pieces: [], width: 0, advance: 0 };
  for (const piece of word.pieces) {
    for (const character of piece.text) {
      const characterWidth = pieceWidth(piece.font, piece.size, character);
      if (part.advance + characterWidth > width && part.pieces.length) {
        parts.push(part);
        part = { pieces: [], width: 0, advance: 0 };
      }
      const last = part.pieces.at(-1);
      if (last && last.font === piece.font) {
        last.text += character;
        last.width += characterWidth;
      } else part.pieces.push({ ...piece, text: character, width: characterWidth });
      part.advance += characterWidth;
      part.width = part.advance;
    }
  }
  if (part.pieces.length) parts.push(part);
  return parts;
}

function finishLine(pieces: Piece[], fallbackSize: number): Line {
  const latin = fontMetrics("latin-regular");
  // Every line is at least as tall as the Latin font's, so CJK- or emoji-only lines keep the same rhythm.
  let ascent = (latin.ascender * fallbackSize) / 1000;
  let descent = (-latin.descender * fallbackSize) / 1000;
  for (const piece of pieces) {
    const metrics = fontMetrics(piece.font);
    ascent = Math.max(ascent, (Math.max(metrics.ascender, latin.ascender) * piece.size) / 1000);
    descent = Math.max(descent, (-Math.min(metrics.descender, latin.descender) * piece.size) / 1000);
  }
  const last = pieces.at(-1);
  if (last) {
    const trimmed = last.text.replace(/[ \t]+$/, "");
    if (trimmed !== last.text) {
      last.text = trimmed;
      last.width = pieceWidth(last.font, last.size, trimmed);
    }
  }
  const width = last ? last.x + last.width : 0;
  return { pieces: pieces.filter((piece) => piece.text), width, ascent, descent, height: ascent + descent };
}

// Keys are spans as JSON, several times their text: about 120,000 characters of text.
const laidOut = new TextCache<Line[]>(500_000);

/**
 * Lays spans out in lines no wider than `width` points, each piece in the font that has its
 * glyphs, measured with that font, and all pieces of a line on one baseline. Layouts are
 * kept by content (lines are never changed once made), so unchanged text is laid out once.
 */
export function layoutLines(spans: Span[], width: number): Line[] {
  const key = `${width}\u0000${JSON.stringify(spans)}`;
  return laidOut.get(key) ?? laidOut.set(key, breakLines(spans, width));
}

function breakLines(spans: Span[], width: number): Line[] {
  const size = spans[0]?.size ?? 10;
  const lines: Line[] = [];
  let pieces: Piece[] = [];
  let x = 0;
  const push = () => {
    lines.push(finishLine(pieces, size));
    pieces = [];
    x = 0;
  };
  for (const word of words(spans)) {
    if (word === "newline") {
      push();
      continue;
    }
    for (const part of word.width > width ? splitWide(word, width) : [word]) {
      if (pieces.length && x + part.width > width) push();
      for (const piece of part.pieces) {
        const last = pieces.at(-1);
        if (
          last &&
          last.font === piece.font &&
          last.size === piece.size &&
          last.color === piece.color &&
          last.link === piece.link &&
          last.code === piece.code
        ) {
          last.text += piece.text;
          last.width = x + piece.width - last.x;
        } else pieces.push({ ...piece, x });
        x += piece.width;
      }
    }
  }
  if (pieces.length || lines.length === 0) push();
  return lines;
}

/** The narrowest width `spans` can take (their widest word) and their width on one line. */
export function measureSpans(spans: Span[]): { min: number; max: number } {
  let min = 0;
  let max = 0;
  let line = 0;
  for (const word of words(spans)) {
    if (word === "newline") {
      line = 0;
      continue;
    }
    min = Math.max(min, word.width);
    max = Math.max(max, line + word.width);
    line += word.advance;
  }
  return { min, max };
}
