import { describe, expect, it } from "vitest";
import { foldedMarkdown } from "@/app/(dashboard)/projects/[projectId]/pack/fold";

describe("a pack part folded on the server", () => {
  it("leaves a short body whole", () => {
    expect(foldedMarkdown("One line.\n\nAnother.")).toBeNull();
  });

  it("keeps whole blocks up to the budget", () => {
    const body = ["## Who", "a".repeat(200), "b".repeat(200), "c".repeat(300)].join("\n\n");
    expect(foldedMarkdown(body, 480)).toBe(["## Who", "a".repeat(200), "b".repeat(200)].join("\n\n"));
  });

  it("cuts a long first block at a word, never inside a blank", () => {
    const words = `${"word ".repeat(92)}[add: a customer quote] ${"more ".repeat(60)}`;
    const folded = foldedMarkdown(words, 480)!;
    expect(folded.length).toBeLessThanOrEqual(482);
    expect(folded.endsWith(" …")).toBe(true);
    expect(folded).not.toContain("[add");
    expect(words.startsWith(folded.slice(0, -2))).toBe(true);
  });

  it("does not end a fold on a heading", () => {
    const body = ["Intro.", "## Who", "a".repeat(400), "b".repeat(300)].join("\n\n");
    expect(foldedMarkdown(body, 360)).toBe("Intro.");
  });
});
