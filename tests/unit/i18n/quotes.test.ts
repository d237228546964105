import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { wordsFor } from "@/lib/i18n/phrasebook";
import { firstQuotation, forQuoting, quotationsIn, typeset, unquotedName } from "@/lib/i18n/quotes";
import { doubledQuotes, foreignPunctuation } from "@/tests/support/rough-edges";

describe("a founder's quotation marks", () => {
  it("are read in every style founders type: straight, curly, „German“, «guillemets», 「Japanese」", () => {
    expect(quotationsIn('"a" “b” „c“ « d » »e« ‚f‘ ‘g’ 「h」 『i』')).toEqual(["a", "b", "c", "d", "e", "f", "g", "h", "i"]);
    expect(quotationsIn("don’t, l’épicerie, the founders’ shop")).toEqual([]);
  });

  it("are set in the language's own marks", () => {
    expect(typeset('Wir sagen "Guten Morgen".', "de")).toBe("Wir sagen „Guten Morgen“.");
    expect(typeset("They call it „Café“.", "en")).toBe('They call it "Café".');
    expect(typeset('Elle dit "bonjour"', "fr")).toBe("Elle dit « bonjour »");
    expect(typeset("我们做「手工龙井」", "es")).toBe("我们做«手工龙井»");
    expect(typeset("我们做「手工龙井」", "zh")).toBe("我们做「手工龙井」");
  });

  it("and, in French, a space before a colon, question or exclamation mark, links and times aside", () => {
    expect(typeset("Sagen: Danke! Wirklich? Um 7:30 auf https://x.example", "fr")).toBe(
      "Sagen : Danke ! Wirklich ? Um 7:30 auf https://x.example",
    );
    expect(foreignPunctuation(typeset('Oma sagte: "Kaffee ist Zeit."', "fr"), "fr")).toEqual([]);
  });

  it("leave a business's name out of quotation marks", () => {
    expect(unquotedName("« Le Bocal » est une épicerie", "Le Bocal")).toBe("Le Bocal est une épicerie");
    expect(unquotedName('I built "Sprout Club" for me', "sprout club")).toBe("I built Sprout Club for me");
    expect(unquotedName("« Fait ici »", "Le Bocal")).toBe("« Fait ici »");
  });

  it("give the first quotation of an answer made only of quotations, and any other answer whole", () => {
    expect(firstQuotation("„Endlich kennt jemand meinen Namen.“ „Der beste Flat White!“")).toBe(
      "Endlich kennt jemand meinen Namen.",
    );
    expect(firstQuotation('- "La verdura dura toda la semana"\n- "Mis hijos comen más verdura"')).toBe(
      "La verdura dura toda la semana",
    );
    expect(firstQuotation('He said "no" twice')).toBe('He said "no" twice');
  });
});

describe("a value a template quotes", () => {
  it("loses its own marks when it is one quotation, and sets a quotation inside it in the inner marks", () => {
    expect(forQuoting("„Becher-Abo“", "de")).toBe("Becher-Abo");
    expect(forQuoting("„Becher-Abo“ testen", "de")).toBe("‚Becher-Abo‘ testen");
    expect(forQuoting("Venir avec son « bocal »", "fr")).toBe("Venir avec son “bocal”");
    expect(forQuoting('For "plant parents": reminders', "en")).toBe("For ‘plant parents’: reminders");
  });

  it('is quoted once in every phrasebook (the cause of „„…““ and ""…"")', () => {
    for (const [language, cta] of [
      ["en", '"Join the waitlist"'],
      ["de", "„Becher-Abo“ testen"],
      ["fr", "Venir avec son « bocal »"],
      ["es", "«Pedir» la cesta"],
      ["pt", "“Experimentar” uma semana"],
    ] as const) {
      const w = wordsFor(language);
      const text = [w.t("launch.prep1", { cta }), w.t("market.words", { quote: cta }), w.t("quoted", { quote: cta })].join("\n");
      expect(doubledQuotes(text), `${language}: ${text}`).toEqual([]);
    }
  });

  it("never doubles a mark, whatever quotations a founder types (property)", () => {
    const marks = ['"…"', "“…”", "„…“", "«…»", "« … »", "‚…‘", "「…」"];
    const quoted = fc
      .tuple(fc.constantFrom(...marks), fc.stringMatching(/^[A-Za-zäöü][A-Za-zäöü ]{0,12}[a-z]$/))
      .map(([mark, words]) => mark.replace("…", words));
    // Quotations with the founder's words or emoji between them (two side by side are the founder's own).
    const between = fc.oneof(fc.stringMatching(/^[A-Za-z]{1,8}$/), fc.constantFrom("🌱", "😍", "and"));
    const answer = fc
      .tuple(fc.boolean(), fc.array(fc.tuple(quoted, between), { minLength: 1, maxLength: 3 }))
      .map(([opens, parts]) => (opens ? parts.flat() : ["we", ...parts.flat()]).join(" "));
    fc.assert(
      fc.property(answer, fc.constantFrom("en", "de", "fr", "es", "pt"), (text, language) => {
        const w = wordsFor(language);
        const said = w.t("quoted", { quote: typeset(text, language) });
        expect(doubledQuotes(said)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});
