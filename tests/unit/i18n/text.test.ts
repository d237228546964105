import { describe, expect, it } from "vitest";
import { clause, joinSentences, sentence, sentencesOf, withoutEdgeEmoji } from "@/lib/i18n/text";
import { doubledQuotes, emojiPunctuation } from "@/tests/support/rough-edges";

describe("a founder's sentence", () => {
  it("ends before an emoji that closes it, never with a stop glued to the emoji", () => {
    expect(sentence("people forget to water them 💧")).toBe("People forget to water them. 💧");
    expect(sentence("I killed 12 plants in one year 😅.")).toBe("I killed 12 plants in one year. 😅");
    expect(sentence("Green homes make happy people 😊!")).toBe("Green homes make happy people 😊!");
    expect(sentence("🙌")).toBe("🙌");
    expect(emojiPunctuation(sentencesOf("Plants die 😢 when we forget 💧. So I built it 🌱").join(" "))).toEqual([]);
  });

  it("ends in Chinese with the Chinese full stop, never a stop after one", () => {
    expect(sentence("好茶让一天慢下来")).toBe("好茶让一天慢下来。");
    expect(sentence("好茶让一天慢下来。")).toBe("好茶让一天慢下来。");
    expect(sentence("超市里的茶叶，“一点都不香”")).toBe("超市里的茶叶，“一点都不香”。");
  });

  it("gets its stop after a closing quotation that has none, and keeps a fill-in as it is", () => {
    expect(sentence('Our users say "it works"')).toBe('Our users say "it works".');
    expect(sentence('He said "Stop."')).toBe('He said "Stop."');
    expect(sentence("[add: a tagline]")).toBe("[add: a tagline]");
  });

  it("is split after a quotation, never inside it", () => {
    expect(sentencesOf("Ma grand-mère disait : « Rien ne se perd. » J'ai ouvert Le Bocal.")).toEqual([
      "Ma grand-mère disait : « Rien ne se perd. »",
      "J'ai ouvert Le Bocal.",
    ]);
  });

  it("loses the emoji at its ends inside another sentence, and keeps the ones inside", () => {
    expect(clause("Reminders 🔔 that fit your day ⏰")).toBe("reminders 🔔 that fit your day");
    expect(withoutEdgeEmoji("🌱 Sprout Club 🌱")).toBe("Sprout Club");
  });

  it("that closes a quotation does not run into one that opens another", () => {
    const joined = joinSentences(["Jemand hat uns gesagt: „Endlich.“", "„Wir rösten selbst“ und kennen euch."]);
    expect(joined).toBe("Jemand hat uns gesagt: „Endlich.“\n„Wir rösten selbst“ und kennen euch.");
    expect(doubledQuotes(joined)).toEqual([]);
    expect(joinSentences(["One.", "", "Two."])).toBe("One. Two.");
  });
});
