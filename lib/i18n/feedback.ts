/** What a founder's rejection feedback asks for (read in the five drafting languages and a few more). */
export interface Directives {
  language?: string;
  length?: "shorter" | "longer";
  tone?: "casual" | "formal";
  hashtags?: "none" | "fewer";
  emoji?: "add" | "none";
}

// Language names as a founder writes them, in the five drafting languages and a few more.
const languageNames: [RegExp, string][] = [
  [/\b(english|englisch|anglais|ingl[eé]s)\b/, "en"],
  [/\b(german|deutsch|allemand|alem[aá]n|alem[aã]o)\b/, "de"],
  [/(french|franz[oö]sisch|fran[cç]ais|franc[eê]s)/, "fr"],
  [/(spanish|spanisch|espagnol|espa[nñ]ol|espanhol)/, "es"],
  [/(portuguese|portugiesisch|portugais|portugu[eé]s)/, "pt"],
  [/\b(italian|italienisch|italien|italiano)\b/, "it"],
  [/\b(dutch|niederl[aä]ndisch|nederlands)\b/, "nl"],
];

const has = (text: string, pattern: RegExp) => pattern.test(text);

/** Reads feedback such as "shorter", "Bitte alles auf Deutsch", "no hashtags", "more formal". */
export function readFeedback(feedback: string | null | undefined): Directives {
  const text = (feedback ?? "").toLowerCase();
  if (!text.trim()) return {};
  const directives: Directives = {};
  for (const [pattern, language] of languageNames) {
    if (has(text, pattern)) {
      directives.language = language;
      break;
    }
  }
  if (
    has(
      text,
      /short|brief|concise|tighter|too long|kürzer|kurz|zu lang|plus court|trop long|más corto|muy largo|mais curto|muito longo|resum/,
    )
  )
    directives.length = "shorter";
  else if (
    has(
      text,
      /longer|more detail|expand|too short|länger|ausführlicher|zu kurz|plus long|trop court|más largo|muy corto|mais longo|muito curto/,
    )
  )
    directives.length = "longer";
  if (has(text, /casual|relaxed|friendlier|informal|locker|lässig|persönlicher|décontract|informel|descontra[ií]d/))
    directives.tone = "casual";
  else if (
    has(
      text,
      /\bformal|professional|serious|förmlich|seriöser|professionell|sachlich|professionnel|sérieux|profesional|profissional|s[eé]rio/,
    )
  )
    directives.tone = "formal";
  if (has(text, /(no|without|keine|ohne|pas de|sans|sin|sem|drop the) (#|hash ?tags?)|hashtags? (weg|raus|entfernen)/))
    directives.hashtags = "none";
  else if (has(text, /(fewer|weniger|moins de|menos) (#|hash ?tags?)/)) directives.hashtags = "fewer";
  if (has(text, /(no|without|keine|ohne|pas d'|sans|sin|sem) emoji/)) directives.emoji = "none";
  else if (has(text, /emoji/)) directives.emoji = "add";
  return directives;
}
