import { describe, expect, it } from "vitest";
import { blankPlaces, blanksLeft, countBlanks, fillBlank, fillBlankInParts, findBlanks, totalBlanks } from "@/lib/drafts/blanks";

describe("blanks", () => {
  const draft =
    "Hi! [add: the one action you want] and [add: a customer quote].\n\n[ergänzen: ein Zitat] but not [link](https://x.y) or [add:\nbroken]";

  it("finds every marker in every language the agents write, in order", () => {
    expect(findBlanks(draft).map((blank) => blank.what)).toEqual(["the one action you want", "a customer quote", "ein Zitat"]);
    expect(countBlanks("[à compléter : une citation] [completar: una cita]")).toBe(2);
    expect(countBlanks("No blanks here [not: this]")).toBe(0);
  });

  it("fills a thread's n-th blank in the post that holds it", () => {
    const parts = ["One [add: a]", "Two, no blank", "Three [add: b] and [add: c]"];
    expect(fillBlankInParts(parts, 0, "A")).toEqual(["One A", parts[1], parts[2]]);
    expect(fillBlankInParts(parts, 2, "C")).toEqual([parts[0], parts[1], "Three [add: b] and C"]);
    expect(fillBlankInParts(parts, 3, "none")).toEqual(parts);
    // The same index in the joined body names the same blank.
    expect(fillBlankInParts(parts, 1, "B").join("\n\n")).toBe(fillBlank(parts.join("\n\n"), 1, "B"));
  });

  it("fills the n-th blank and leaves the others", () => {
    const once = fillBlank(draft, 1, "  “It saved my Fridays.”  ");
    expect(once).toContain("and “It saved my Fridays.”.");
    expect(countBlanks(once)).toBe(2);
    expect(fillBlank(once, 0, "Book a demo")).toMatch(/^Hi! Book a demo and/);
  });

  it("changes nothing for an empty value or a blank that is not there", () => {
    expect(fillBlank(draft, 0, "   ")).toBe(draft);
    expect(fillBlank(draft, 9, "x")).toBe(draft);
  });

  it("says where blanks are left, and how many", () => {
    const places = blankPlaces([
      { id: "a", title: "X post", body: draft, section: "Launch assets" },
      { id: "b", title: "FAQ", body: "Nothing missing." },
    ]);
    expect(places).toEqual([{ where: "Launch assets › X post", count: 3, href: "#item-a" }]);
    expect(blanksLeft(totalBlanks(places))).toBe("3 blanks left");
    expect(blanksLeft(1)).toBe("1 blank left");
  });
});
