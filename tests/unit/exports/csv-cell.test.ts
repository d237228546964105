import { describe, expect, it } from "vitest";
import { csvCell, csvText } from "@/lib/exports/csv-cell";

describe("CSV cells", () => {
  it("never start a formula, and quote what needs it", () => {
    expect(["=SUM(A1)", "+1", "-x", "@me", "plain", 'a "b", c'].map(csvCell)).toEqual([
      "'=SUM(A1)",
      "'+1",
      "'-x",
      "'@me",
      "plain",
      '"a ""b"", c"',
    ]);
    expect(csvCell(-3)).toBe("-3");
    expect(
      csvText([
        ["a", null],
        ["b", 2],
      ]),
    ).toBe("a,\r\nb,2\r\n");
  });
});
