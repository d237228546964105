import { describe, expect, it } from "vitest";
import { canGenerate, type ItemStatus, reviewTransition } from "@/lib/growth/item-transitions";

const statuses: ItemStatus[] = ["planned", "draft", "approved", "skipped", "published"];
const allowed = new Set([
  "planned>skipped",
  "draft>approved",
  "draft>skipped",
  "draft>planned",
  "approved>published",
  "approved>draft",
  "approved>skipped",
  "skipped>planned",
]);

describe("growth item review transitions", () => {
  for (const from of statuses) {
    for (const to of statuses) {
      const expected = from === to ? "same" : allowed.has(`${from}>${to}`) ? "allowed" : "refused";
      it(`${from} → ${to}: ${expected}`, () => expect(reviewTransition(from, to)).toBe(expected));
    }
  }

  it("only planned items and drafts can be generated", () => {
    expect(statuses.filter(canGenerate)).toEqual(["planned", "draft"]);
  });
});
