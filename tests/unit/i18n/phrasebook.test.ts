import { describe, expect, it } from "vitest";
import { detectLanguage } from "@/lib/i18n/detect";
import { en, type PhraseKey } from "@/lib/i18n/en";
import { draftingLanguages, wordsFor } from "@/lib/i18n/phrasebook";

// A number's words agree with it in every phrasebook: "1 hour", "1 Stunde", "1 heure", never "1 hours".

const budget = (language: string, hours: number, pieces: number) => wordsFor(language).t("launch.hours", { hours, pieces });

describe("words that agree with their numbers", () => {
  it("says one hour and one piece in the singular, more in the plural", () => {
    expect(budget("en", 1, 1)).toBe("Your 1 hour a week fits 1 piece of content a week.");
    expect(budget("en", 5, 6)).toBe("Your 5 hours a week fit 6 pieces of content a week.");
    expect(budget("de", 1, 1)).toBe("Ihre 1 Stunde pro Woche reicht für 1 Inhalt pro Woche.");
    expect(budget("de", 3, 4)).toBe("Ihre 3 Stunden pro Woche reichen für 4 Inhalte pro Woche.");
    expect(budget("fr", 1, 1)).toBe("Votre 1 heure par semaine permet 1 contenu par semaine.");
    expect(budget("es", 1, 2)).toBe("Su 1 hora semanal da para 2 contenidos por semana.");
    expect(budget("pt", 2, 1)).toBe("As suas 2 horas por semana dão para 1 conteúdo por semana.");
    expect(budget("en", 1.5, 2)).toBe("Your 1.5 hours a week fit 2 pieces of content a week.");
  });

  it("carries skipped pieces over in the number they are", () => {
    const carried = (language: string, count: number) => wordsFor(language).t("plan.carried", { count, channel: "LinkedIn" });
    expect(carried("en", 1)).toBe("1 skipped LinkedIn piece from last week is planned again.");
    expect(carried("en", 2)).toBe("2 skipped LinkedIn pieces from last week are planned again.");
    expect(carried("fr", 1)).toBe("1 contenu LinkedIn sauté la semaine dernière est replanifié.");
    expect(carried("de", 2)).toBe("2 übersprungene Inhalte für LinkedIn aus der letzten Woche sind wieder eingeplant.");
  });

  it("leaves no slot, brace or bar in any phrase of any phrasebook, whatever the number", () => {
    for (const language of draftingLanguages) {
      const words = wordsFor(language);
      for (const key of Object.keys(en) as PhraseKey[]) {
        for (const number of [0, 1, 2, 5]) {
          const names = [...(en[key] as string).matchAll(/\{(\w+)/g)].map((match) => match[1]!);
          const vars = Object.fromEntries(names.map((name) => [name, number]));
          const text = words.t(key, vars);
          expect(text, `${language} ${key}`).not.toMatch(/[{}|]/);
        }
      }
    }
  });
});

describe("the phrasebooks' headings", () => {
  it("read as their own language: every heading of four words or more is detected as it", () => {
    for (const language of draftingLanguages) {
      const words = wordsFor(language);
      for (const key of (Object.keys(en) as PhraseKey[]).filter((key) => key.startsWith("title."))) {
        const heading = words.t(key, { channel: "Instagram" });
        if ((heading.match(/\p{L}{2,}/gu) ?? []).length < 4) continue;
        expect(detectLanguage(heading), `${language} ${key}: ${heading}`).toBe(language);
      }
    }
  });
});
