import { fontsFor } from "./card-fonts";
import { type CardSize, cardSizes } from "./card-sizes";

/** What a card is drawn from: plain data, so any part of the product can draw one. */
export interface CardDesign {
  /** The project's (brand) name, drawn small above the headline. */
  name: string;
  headline: string;
  subline?: string | null;
  /** Colours as #RRGGBB. */
  palette: { background: string; foreground: string; accent: string };
  /** The headline's weight: the brand's type as far as the shipped fonts go (Noto Sans, Noto Sans SC). */
  headlineWeight?: 400 | 700;
  /** A PNG or JPEG logo, drawn next to the name. */
  logo?: { bytes: Uint8Array; contentType: "image/png" | "image/jpeg" } | null;
  /** BCP 47 tag of the founder's language: picks the fonts for its script. */
  language: string;
}

export interface RenderedCard {
  png: Uint8Array;
  width: number;
  height: number;
}

type Node = { type: string; props: Record<string, unknown> };
const node = (type: string, style: Record<string, unknown>, children?: unknown, extra: Record<string, unknown> = {}): Node => ({
  type,
  props: { style, children, ...extra },
});

const hex = /^#[0-9a-f]{6}$/i;
const colour = (value: string, fallback: string) => (hex.test(value) ? value : fallback);

/** Text cut to at most `max` characters (a card never needs more than its lines can show). */
const capped = (text: string, max: number) => {
  const characters = Array.from(text.replace(/\s+/g, " ").trim());
  return characters.length <= max ? characters.join("") : `${characters.slice(0, max - 1).join("")}…`;
};

/** The card as a satori tree: an accent band at the bottom, the name (and logo) over the headline and subline. */
function cardTree(design: CardDesign, size: CardSize, family: string): Node {
  const spec = cardSizes[size];
  const { width, height } = spec;
  const marginX = Math.round(width * 0.07);
  const marginY = Math.round(height * 0.09);
  const band = Math.round(height * 0.03);
  const background = colour(design.palette.background, "#ffffff");
  const foreground = colour(design.palette.foreground, "#111111");
  const accent = colour(design.palette.accent, "#3b5bdb");
  const headline = capped(design.headline, 240);
  const long = Array.from(headline).length;
  const scale = long > 90 ? 0.72 : long > 50 ? 0.85 : 1;
  const headlineSize = Math.round(spec.headline * scale);
  const nameSize = Math.round(spec.headline * 0.42);
  const sublineSize = Math.round(spec.headline * 0.4);
  const sublineLines = size === "header" ? 1 : 2;
  // Each block clips and clamps its lines: text that does not fit ends in "…", never past the margins.
  const clamp = (lines: number) => ({
    display: "block",
    lineClamp: lines,
    overflow: "hidden",
    wordBreak: "break-word",
    maxWidth: "100%",
  });
  const logo = design.logo
    ? node(
        "img",
        { width: nameSize * 1.6, height: nameSize * 1.6, objectFit: "contain", marginRight: nameSize * 0.5 },
        undefined,
        {
          src: `data:${design.logo.contentType};base64,${Buffer.from(design.logo.bytes).toString("base64")}`,
          width: nameSize * 1.6,
          height: nameSize * 1.6,
        },
      )
    : null;
  const nameRow = node("div", { display: "flex", alignItems: "center", marginBottom: nameSize * 0.8, maxWidth: "100%" }, [
    ...(logo ? [logo] : []),
    node(
      "div",
      { ...clamp(1), fontSize: nameSize, fontWeight: 700, color: accent, lineHeight: 1.3, flexShrink: 1 },
      capped(design.name, 120),
    ),
  ]);
  const children: Node[] = [
    nameRow,
    node(
      "div",
      {
        ...clamp(spec.lines),
        fontSize: headlineSize,
        fontWeight: design.headlineWeight ?? 700,
        lineHeight: 1.18,
        color: foreground,
      },
      headline,
    ),
  ];
  if (design.subline?.trim())
    children.push(
      node(
        "div",
        {
          ...clamp(sublineLines),
          fontSize: sublineSize,
          fontWeight: 400,
          lineHeight: 1.35,
          color: foreground,
          opacity: 0.8,
          marginTop: sublineSize * 0.9,
        },
        capped(design.subline, 300),
      ),
    );
  return node("div", { display: "flex", width, height, backgroundColor: background, fontFamily: family, position: "relative" }, [
    node(
      "div",
      {
        display: "flex",
        flexDirection: "column",
        justifyContent: "center",
        position: "absolute",
        left: marginX,
        top: marginY,
        width: width - 2 * marginX,
        height: height - 2 * marginY - band,
        overflow: "hidden",
      },
      children,
    ),
    node("div", { position: "absolute", left: 0, bottom: 0, width, height: band, backgroundColor: accent }),
  ]);
}

/**
 * Draws one card as a PNG with no browser: satori lays it out into SVG with the fonts the
 * project ships (by script: Noto Sans, Noto Sans SC, Noto Emoji), resvg rasterises it.
 */
export async function renderCard(design: CardDesign, size: CardSize): Promise<RenderedCard> {
  const { width, height } = cardSizes[size];
  const { fonts, family } = fontsFor(`${design.name}${design.headline}${design.subline ?? ""}`, design.language);
  // Loaded on the first card drawn, not with every request the server answers.
  const [{ default: satori }, { Resvg }] = await Promise.all([import("satori"), import("@resvg/resvg-js")]);
  const svg = await satori(cardTree(design, size, family) as never, { width, height, fonts });
  const png = new Resvg(svg, { fitTo: { mode: "width", value: width }, font: { loadSystemFonts: false } }).render().asPng();
  return { png: new Uint8Array(png), width, height };
}
