import { describe, expect, it } from "vitest";
import { factsOf } from "@/lib/ai/offline";
import { chineseTea, emojiPlants, guillemetGrocer, listGreengrocer, quotedCafe } from "@/tests/support/founders";
import { doubledQuotes, emptyBullets } from "@/tests/support/rough-edges";

describe("the facts the offline engine writes from", () => {
  it("read an answer typed as a list as its items, markers off (no „- - a“ in the engine's bullets)", () => {
    const f = factsOf(listGreengrocer.onboarding, {}, "es");
    expect(f.problem).toBe("La verdura del supermercado no sabe a nada. Nadie sabe de dónde viene.");
    expect(f.features[0]).toEqual({ what: "Cesta semanal", who: "familias", benefit: "Verdura de temporada. Sin plástico." });
    expect(f.goals).toEqual(["100 cestas a la semana"]);
    expect(f.cta).toBe("Pedir la primera cesta");
    expect(f.quote).toBe("La verdura dura toda la semana");
    expect(emptyBullets(f.goals.map((goal) => `- ${goal}`).join("\n"))).toEqual([]);
  });

  it("keep emoji inside a sentence, not at the ends of a name, a label or a call to action", () => {
    const f = factsOf(emojiPlants.onboarding, {}, "en");
    expect(f.brand).toBe("Sprout Club");
    expect(f.cta).toBe("Join the waitlist!");
    expect(f.tone).toEqual(["fun", "warm"]);
    expect(f.problem).toBe("Houseplants die 😢 because people forget when to water them. 💧");
    expect(f.story).toContain("I killed 12 plants 🪦 in one year. 😅");
  });

  it("set every quotation in the language's marks and take the first of a customer's quotations", () => {
    const de = factsOf(quotedCafe.onboarding, {}, "de");
    expect(de.quote).toBe("Endlich kennt jemand meinen Namen.");
    expect(de.edge).toBe("„Wir rösten selbst“ und kennen „unsere Leute“.");
    const fr = factsOf(quotedCafe.onboarding, {}, "fr");
    expect(fr.edge).toBe("« Wir rösten selbst » und kennen « unsere Leute ».");
    const said = (value: unknown): string[] =>
      typeof value === "string" ? [value] : value && typeof value === "object" ? Object.values(value).flatMap(said) : [];
    for (const language of ["en", "de", "fr", "es", "pt"])
      expect(said(factsOf(quotedCafe.onboarding, {}, language)).flatMap(doubledQuotes)).toEqual([]);
  });

  it("write the business's name plain, out of the quotation marks its founder put around it", () => {
    const f = factsOf(guillemetGrocer.onboarding, {}, "fr");
    expect(f.product).toMatch(/^Le Bocal est une épicerie en vrac à Lyon/);
  });

  it("keep a Chinese founder's own marks in a worksheet and end sentences with the Chinese full stop", () => {
    const f = factsOf(chineseTea.onboarding, {}, "zh");
    expect(f.product).toBe("我们在杭州做「手工龙井」🍵，每周新鲜炒制，直接寄到你家。");
    expect(f.problem).toBe("超市里的茶叶放了很久，“一点都不香”。");
  });
});
