import { describe, expect, it } from "vitest";
import { en, type PhraseKey } from "@/lib/i18n/en";
import { wordsFor, worksheetLabel } from "@/lib/i18n/phrasebook";
import { worksheetNotice, worksheetPhrase } from "@/lib/i18n/worksheet-words";

const latin = /[A-Za-z]{3,}/;
// Names that stay as they are in any language: the product's, the model's setting, a network's.
const names = /Launchloop|OPENAI_API_KEY|Product Hunt|\{channel\}/g;

describe("a Chinese worksheet's own words", () => {
  it("opens with a notice in Chinese that names the languages the engine drafts in", () => {
    const notice = worksheetLabel("zh");
    expect(notice).toMatch(/^> ✎ 工作表（zh）：/);
    expect(notice).toContain("en、de、fr、es、pt");
    expect(notice.replace(names, "").replace(/\b(en|de|fr|es|pt|zh)\b/g, "")).not.toMatch(latin);
  });

  it("has a Chinese heading for every heading of the English phrasebook, and Chinese angle names", () => {
    const headings = (Object.keys(en) as PhraseKey[]).filter((key) => key.startsWith("title.") || /^angle\.[\w-]+$/.test(key));
    for (const key of headings.filter((key) => !key.endsWith("Desc"))) {
      const phrase = worksheetPhrase("zh-CN", key);
      expect(phrase, key).toBeTruthy();
      expect(phrase!.replace(names, ""), key).not.toMatch(latin);
    }
  });

  it("gives a Chinese worksheet Chinese headings, filled like the English ones", () => {
    const w = wordsFor("zh");
    expect(w.worksheet).toBe(true);
    expect(w.t("title.voice")).toBe("✎ 语气与风格指南");
    expect(w.t("title.post", { channel: "Instagram" })).toBe("✎ Instagram 发布帖");
  });

  it("keeps the English words, marked, in a language it has none for", () => {
    expect(worksheetPhrase("it", "title.voice")).toBeUndefined();
    expect(wordsFor("it").t("title.voice")).toBe("✎ Voice and tone guide");
    expect(worksheetNotice("it", ["en", "de"])).toBe(
      "✎ Worksheet (it): Launchloop drafts finished text offline in en, de. For it it arranges your own answers for this step; connect a model (OPENAI_API_KEY) for finished text.",
    );
  });
});
