import { describe, expect, it } from "vitest";
import { cardPalette, coloursIn, contrast } from "@/lib/images/card-palette";

describe("cardPalette", () => {
  it("takes the primary colour as the background, the most readable colour as the text and the accent", () => {
    const palette = cardPalette([
      { hex: "#1E3B33", use: "Text" },
      { hex: "#2FB67C", use: "Primary" },
      { hex: "#E3F6EC", use: "Highlight" },
      { hex: "#FFD166", use: "Accent" },
      { hex: "#FFF8EC", use: "Background" },
    ]);
    expect(palette.background).toBe("#2FB67C");
    expect(contrast(palette.foreground, palette.background)).toBeGreaterThanOrEqual(
      contrast("#FFFFFF", palette.background) - 0.01,
    );
    expect(palette.accent).not.toBe(palette.background);
  });

  it("reads the colours a founder wrote and uses the first as the background", () => {
    expect(coloursIn("Navy #1f2a44 and amber #F5A524, cream #fff")).toEqual([
      { hex: "#1F2A44" },
      { hex: "#F5A524" },
      { hex: "#FFFFFF" },
    ]);
    const palette = cardPalette(coloursIn("Navy #1f2a44 and amber #F5A524"));
    expect(palette).toEqual({ background: "#1F2A44", foreground: "#FFFFFF", accent: "#F5A524" });
  });

  it("falls back to a calm palette with none, and to the text colour when nothing stands out", () => {
    expect(cardPalette([])).toEqual({ background: "#1F2A44", foreground: "#FFFFFF", accent: "#F5A524" });
    const single = cardPalette([{ hex: "#FFFFFF" }]);
    expect(single.background).toBe("#FFFFFF");
    expect(single.accent).toBe(single.foreground);
  });
});
