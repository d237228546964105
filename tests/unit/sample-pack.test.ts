import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { renderSamplePack } from "../support/sample-pack";

describe("docs/sample-launch-pack.md", () => {
  it("is what the offline engine writes today (regenerate with npm run docs:sample)", async () => {
    expect(fs.readFileSync("docs/sample-launch-pack.md", "utf8")).toBe(await renderSamplePack());
  });

  it("is built from the founder's answers, with no placeholders", async () => {
    const pack = await renderSamplePack();
    for (const answer of ["Tidybooks", "independent designers and developers", "Start a free trial", "https://tidybooks.example", "polite reminders"]) {
      expect(pack).toContain(answer);
    }
    expect(pack).not.toMatch(/lorem|ipsum|TODO|\{\{|undefined|null\b|\[object Object\]/i);
  });
});
