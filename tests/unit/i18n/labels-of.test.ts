import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { afterOpening, asLabelValue, labelledText, labelText } from "@/lib/i18n/labels-of";
import { wordsFor } from "@/lib/i18n/phrasebook";
import { doubledWords, emojiPunctuation, labelRepeats, stackedLabels } from "@/tests/support/rough-edges";

describe("a label and its value", () => {
  it('says a label once when the value opens with its last word ("reminders: reminders" never)', () => {
    expect(labelledText("🔔 Smart reminders", "reminders that fit your day ⏰", false)).toBe(
      "🔔 Smart reminders that fit your day ⏰",
    );
    expect(labelledText("Smart reminders", "Reminders that fit your day", false, true)).toBe(
      "**Smart reminders** that fit your day",
    );
    expect(labelledText("Abo", "Abo jeden Morgen", false)).toBe("Abo jeden Morgen");
    expect(labelledText("Photo identification", "know your plant", false)).toBe("Photo identification: know your plant");
  });

  it("says a value alone when it opens with the whole label", () => {
    expect(labelledText("💡 Care tips", '"Care tips" 📚 for every plant', false)).toBe('"Care tips" 📚 for every plant');
  });

  it("keeps no emoji, full stop or second mark against the label's colon", () => {
    expect(labelText("Sprout Club 🌱", false)).toBe("Sprout Club:");
    expect(labelText("👉 Join the waitlist!", false)).toBe("👉 Join the waitlist!");
    expect(labelText("订阅「每月一茶」。", false)).toBe("订阅「每月一茶」:");
    expect(labelText("Rôle", true)).toBe("Rôle :");
  });

  it("turns a value's own colon into a dash, so a sentence holds one label", () => {
    expect(asLabelValue("Ein Café in Altona: Wir rösten selbst")).toBe("Ein Café in Altona – Wir rösten selbst");
    expect(asLabelValue("épicerie à Lyon : vous apportez")).toBe("épicerie à Lyon – vous apportez");
    expect(asLabelValue("[add: a tagline] at 7:30 on https://x.example")).toBe("[add: a tagline] at 7:30 on https://x.example");
    expect(afterOpening("How it started:", "Oma sagte: „Kaffee ist Zeit.“")).toBe(
      "How it started: Oma sagte – „Kaffee ist Zeit.“",
    );
    const w = wordsFor("en");
    expect(stackedLabels(w.t("market.for", { audience: "commuters", text: "A café in Altona: we roast" }))).toEqual([]);
  });

  it("never repeats a word across the colon, nor glues an emoji to it, in any phrasebook (property)", () => {
    const word = fc.stringMatching(/^[a-z]{3,8}$/);
    const emoji = fc.constantFrom("", " 🌱", " 🔔", " ⏰");
    fc.assert(
      fc.property(
        word,
        word,
        fc.array(word, { maxLength: 3 }),
        emoji,
        fc.constantFrom("en", "de", "fr", "es", "pt"),
        (first, last, rest, mark, language) => {
          const text = wordsFor(language).labelled(`${first} ${last}${mark}`, [last, ...rest].join(" "));
          expect(doubledWords(text)).toEqual([]);
          expect(labelRepeats(text)).toEqual([]);
          expect(emojiPunctuation(text)).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });
});
