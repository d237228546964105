/** A brand colour as the brand system names it: its hex and, when the model said, its role. */
export interface BrandColour {
  hex: string;
  use?: string;
}

export interface CardPalette {
  background: string;
  foreground: string;
  accent: string;
}

const hexPattern = /#(?:[0-9a-f]{6}|[0-9a-f]{3})\b/gi;
const fallback: CardPalette = { background: "#1F2A44", foreground: "#FFFFFF", accent: "#F5A524" };

/** `#abc` as `#AABBCC`. */
const full = (hex: string) =>
  (hex.length === 4 ? `#${[...hex.slice(1)].map((digit) => digit + digit).join("")}` : hex).toUpperCase();

/** The hex colours a founder wrote into their palette choice ("Navy #1F2A44 and amber #F5A524"), in order. */
export const coloursIn = (text: string | null | undefined): BrandColour[] =>
  [...(text ?? "").matchAll(hexPattern)].map((match) => ({ hex: full(match[0]) }));

function luminance(hex: string): number {
  const channel = (index: number) => {
    const value = Number.parseInt(hex.slice(index, index + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG contrast ratio, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const roleOf = (colour: BrandColour, pattern: RegExp) => (colour.use ? pattern.test(colour.use) : false);
const primaryRole = /primary|main|brand|haupt|princip|primär|主/i;
const accentRole = /accent|akzent|acento|highlight|call to action|cta|強調|强调|点缀/i;

/**
 * The card's colours from the brand's palette: the primary colour as the background (the
 * first one when no role says), the palette colour (or white, or near black) that reads best
 * on it as the text, and the accent that stands out most from the background for the name
 * and the band. No palette: a calm navy and amber.
 */
export function cardPalette(colours: BrandColour[]): CardPalette {
  const valid = colours
    .filter((colour) => /^#[0-9a-f]{6}$/i.test(colour.hex))
    .map((colour) => ({ ...colour, hex: full(colour.hex) }));
  if (valid.length === 0) return fallback;
  const background = (valid.find((colour) => roleOf(colour, primaryRole)) ?? (valid.length >= 4 ? valid[1]! : valid[0]!)).hex;
  const textChoices = [...valid.map((colour) => colour.hex), "#FFFFFF", "#111111"];
  const foreground = textChoices.reduce((best, hex) => (contrast(hex, background) > contrast(best, background) ? hex : best));
  const others = valid.filter((colour) => colour.hex !== background && colour.hex !== foreground);
  const named = others.find((colour) => roleOf(colour, accentRole) && contrast(colour.hex, background) >= 2);
  const standout = others.reduce<BrandColour | undefined>(
    (best, colour) => (!best || contrast(colour.hex, background) > contrast(best.hex, background) ? colour : best),
    undefined,
  );
  const accent = named?.hex ?? (standout && contrast(standout.hex, background) >= 2 ? standout.hex : foreground);
  return { background, foreground, accent };
}
