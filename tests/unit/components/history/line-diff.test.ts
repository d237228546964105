import { describe, expect, it } from "vitest";
import { lineDiff } from "@/components/history/line-diff";

describe("line diff between two versions of a draft", () => {
  it("keeps common lines and marks what went and what came, in reading order", () => {
    expect(lineDiff("Title\n\n[add: a quote]\n\nEnd", "Title\n\n“It saved my Fridays.”\n\nEnd\nP.S.")).toEqual([
      { kind: "same", text: "Title" },
      { kind: "same", text: "" },
      { kind: "removed", text: "[add: a quote]" },
      { kind: "added", text: "“It saved my Fridays.”" },
      { kind: "same", text: "" },
      { kind: "same", text: "End" },
      { kind: "added", text: "P.S." },
    ]);
  });

  it("is all kept for the same text", () => {
    expect(lineDiff("a\nb", "a\nb").every((line) => line.kind === "same")).toBe(true);
  });
});
