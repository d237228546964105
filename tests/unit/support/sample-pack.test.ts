import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { renderSamplePack } from "@/tests/support/sample-pack";

describe("docs/sample-launch-pack.md", () => {
  it("is what the offline engine writes today (regenerate with npm run docs:sample)", async () => {
    expect(fs.readFileSync("docs/sample-launch-pack.md", "utf8")).toBe(await renderSamplePack());
  });

  it("is built from each founder's answers, with no placeholders and nothing of the other founder", async () => {
    const pack = await renderSamplePack();
    const [english, german] = pack.split("# German: Brotzeit Kreuzberg");
    for (const answer of [
      "Tidybooks",
      "independent designers and developers",
      "Start a free trial",
      "https://tidybooks.example",
      "polite reminders",
    ]) {
      expect(english).toContain(answer);
    }
    for (const answer of [
      "Brotzeit Kreuzberg",
      "Probe-Abo bestellen",
      "https://brotzeit-kreuzberg.de",
      "Sauerteigbrot",
      "Lastenrad",
    ]) {
      expect(german).toContain(answer);
    }
    expect(pack).not.toMatch(/lorem|ipsum|TODO|\{\{|undefined|null\b|\[object Object\]/i);
    expect(german).not.toMatch(/Tidybooks|freelancer|\[add:|Launch plan|Market summary/i);
    // German headings and connective text.
    for (const heading of ["Marktüberblick", "Startplan", "Startseite", "Ankündigungs-E-Mail"]) expect(german).toContain(heading);
    // Software launches on Product Hunt; a bakery does not.
    expect(english).toContain("### Product Hunt listing");
    expect(german).not.toMatch(/product[\s-]*hunt/i);
  });
});
