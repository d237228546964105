import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { cardSizeNames, cardSizes } from "@/lib/images/card-sizes";
import { type CardDesign, renderCard } from "@/lib/images/render-card";

const palette = { background: "#1E3B33", foreground: "#FFF8EC", accent: "#FFD166" };
const rgb = (hex: string) => [1, 3, 5].map((index) => Number.parseInt(hex.slice(index, index + 2), 16));

const projects: Record<string, CardDesign> = {
  en: {
    name: "Tidybooks",
    headline: "Your books, tidy by Friday 📚",
    subline: "Bookkeeping for freelancers who would rather be working.",
    palette,
    language: "en",
  },
  de: {
    name: "Brotzeit Kreuzberg",
    headline: "Frisches Brötchen vor sieben – Grüße aus der Backstube",
    subline: "Sauerteigbrot, gebacken über Nacht, an Ihre Haustür geliefert.",
    palette,
    language: "de",
  },
  zh: {
    name: "整理簿",
    headline: "自由职业者的账本，周五前整理好",
    subline: "为更想专心工作的自由职业者提供记账服务。",
    palette,
    language: "zh-CN",
  },
};

async function pixels(png: Uint8Array) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => {
    const offset = (y * info.width + x) * 3;
    return [data[offset]!, data[offset + 1]!, data[offset + 2]!];
  };
  return { info, at };
}

const near = (actual: number[], expected: number[], tolerance = 2) =>
  actual.every((value, index) => Math.abs(value - expected[index]!) <= tolerance);

/** Every pixel of the rectangle that is not the background colour. */
function strays(at: (x: number, y: number) => number[], [x0, y0, x1, y1]: number[], background: number[]) {
  const found: string[] = [];
  for (let y = y0!; y < y1!; y += 2) for (let x = x0!; x < x1!; x += 2) if (!near(at(x, y), background)) found.push(`${x},${y}`);
  return found;
}

/** The card's margins: left, right and top bands, and the band above the accent strip, where no text may go. */
function margins(width: number, height: number) {
  const marginX = Math.round(width * 0.07) - 2;
  const marginY = Math.round(height * 0.09) - 2;
  const band = Math.round(height * 0.03) + 1;
  return [
    [0, 0, marginX, height - band],
    [width - marginX, 0, width, height - band],
    [0, 0, width, marginY],
    [0, height - band - marginY, width, height - band],
  ];
}

describe("renderCard", () => {
  for (const [language, design] of Object.entries(projects))
    for (const size of cardSizeNames)
      it(`draws the ${size} card for a ${language} project in the brand's colours, text inside the margins`, async () => {
        const card = await renderCard(design, size);
        const { width, height } = cardSizes[size];
        expect({ width: card.width, height: card.height }).toEqual({ width, height });
        const { info, at } = await pixels(card.png);
        expect({ width: info.width, height: info.height }).toEqual({ width, height });
        expect(at(1, 1)).toEqual(rgb(palette.background));
        expect(at(width - 2, 1)).toEqual(rgb(palette.background));
        // The accent band along the bottom edge.
        expect(at(Math.round(width / 2), height - 2)).toEqual(rgb(palette.accent));
        expect(at(2, height - 2)).toEqual(rgb(palette.accent));
        // The headline is drawn in the text colour, the name in the accent.
        const content = [
          Math.round(width * 0.07),
          Math.round(height * 0.09),
          width - Math.round(width * 0.07),
          Math.round(height * 0.85),
        ];
        let text = 0;
        let accent = 0;
        for (let y = content[1]!; y < content[3]!; y += 2)
          for (let x = content[0]!; x < content[2]!; x += 2) {
            if (near(at(x, y), rgb(palette.foreground), 6)) text++;
            if (near(at(x, y), rgb(palette.accent), 6)) accent++;
          }
        expect(text).toBeGreaterThan(200);
        expect(accent).toBeGreaterThan(20);
        for (const rectangle of margins(width, height)) expect(strays(at, rectangle, rgb(palette.background))).toEqual([]);
      });

  const long = {
    latin: `${"Donaudampfschifffahrtsgesellschaftskapitänsmützenabzeichen ".repeat(3)}${"Größere Überraschungen für kleine Läden ".repeat(20)}`,
    cjk: "自由职业者的账本，周五前整理好，".repeat(40),
  };
  for (const size of cardSizeNames)
    it(`shortens text that does not fit the ${size} card: the margins stay the background`, async () => {
      const { width, height } = cardSizes[size];
      for (const [design, text] of [
        [projects.de!, long.latin],
        [projects.zh!, long.cjk],
      ] as const) {
        const card = await renderCard({ ...design, name: text, headline: text, subline: text }, size);
        const { at } = await pixels(card.png);
        for (const rectangle of margins(width, height)) expect(strays(at, rectangle, rgb(palette.background))).toEqual([]);
      }
    });

  it("draws the logo next to the name", async () => {
    const red = new Uint8Array(
      await sharp({ create: { width: 64, height: 64, channels: 3, background: "#FF0000" } })
        .png()
        .toBuffer(),
    );
    const card = await renderCard({ ...projects.en!, logo: { bytes: red, contentType: "image/png" } }, "open-graph");
    const { at } = await pixels(card.png);
    let reds = 0;
    for (let y = 0; y < 630; y += 2) for (let x = 0; x < 600; x += 2) if (near(at(x, y), [255, 0, 0], 4)) reds++;
    expect(reds).toBeGreaterThan(200);
    const without = await pixels((await renderCard(projects.en!, "open-graph")).png);
    let none = 0;
    for (let y = 0; y < 630; y += 2) for (let x = 0; x < 600; x += 2) if (near(without.at(x, y), [255, 0, 0], 4)) none++;
    expect(none).toBe(0);
  });

  it("falls back to readable colours when the palette has no valid hex", async () => {
    const card = await renderCard(
      { ...projects.en!, palette: { background: "forest", foreground: "", accent: "#12" } },
      "square",
    );
    const { at } = await pixels(card.png);
    expect(at(1, 1)).toEqual([255, 255, 255]);
  });
});
