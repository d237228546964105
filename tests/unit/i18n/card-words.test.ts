import { describe, expect, it } from "vitest";
import { cardAltText, cardKindName } from "@/lib/i18n/card-words";

describe("cardAltText", () => {
  it("writes what the card is, whose and its words, in the project's language", () => {
    expect(cardAltText("en", { kind: "open-graph", name: "Tidybooks", headline: "Books done by Friday", logo: false })).toBe(
      "Link preview image for Tidybooks: “Books done by Friday”",
    );
    expect(cardAltText("de-AT", { kind: "square", name: "Brotzeit", headline: "Frühstück vor sieben", logo: true })).toBe(
      "Quadratische Karte mit dem Logo von Brotzeit: „Frühstück vor sieben“",
    );
    expect(cardAltText("zh-CN", { kind: "header", name: "整理簿", headline: "周五前整理好", logo: false })).toBe(
      "整理簿的横幅图片：“周五前整理好”",
    );
  });

  it("quotes the headline once, even when the founder's words are already quoted", () => {
    expect(cardAltText("en", { kind: "square", name: "Tidybooks", headline: "“Books done”", logo: false })).toBe(
      "Square card for Tidybooks: “Books done”",
    );
    expect(cardAltText("de", { kind: "square", name: "Füllbar", headline: "„Endlich ein Laden“", logo: false })).toBe(
      "Quadratische Karte von Füllbar: „Endlich ein Laden“",
    );
  });

  it("mixes no English into a language it has no words for", () => {
    expect(cardAltText("nl", { kind: "portrait", name: "Boekje", headline: "Boeken op orde", logo: true })).toBe(
      "Boekje: Boeken op orde",
    );
    expect(cardKindName("nl", "portrait")).toBe("Portrait card");
  });
});
