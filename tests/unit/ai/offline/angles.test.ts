import { describe, expect, it } from "vitest";
import { angleKeys, angleName, angleOf, angleText } from "@/lib/ai/offline/angles";
import { wordsFor } from "@/lib/i18n/phrasebook";

describe("an angle's name", () => {
  it("is the phrasebook's in a drafting language", () => {
    expect(angleName("how-to", wordsFor("en"))).toBe("How-to");
    expect(angleText("how-to", wordsFor("en"))).toBe("How-to: One concrete tip the audience can use today");
  });

  it("is Chinese in a Chinese worksheet, marked as the worksheet's, and read back from a plan's text", () => {
    const w = wordsFor("zh");
    expect(angleName("how-to", w)).toBe("✎ 实用技巧");
    expect(angleText("story", w)).toBe("✎ 创始人故事");
    for (const key of angleKeys) expect(angleOf(angleText(key, w), w), key).toBe(key);
  });

  it("is English, marked, in a worksheet of a language with no words for it", () => {
    expect(angleName("question", wordsFor("it"))).toBe("✎ Question");
  });
});
