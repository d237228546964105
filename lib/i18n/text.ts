// Small text helpers the agents, the offline drafting engine and the exports write with.

export const clean = (text: string | null | undefined) => (text ?? "").replace(/\s+/g, " ").trim();

/** The text as one sentence: trimmed, first letter up, ending in a full stop. */
export function sentence(text: string | null | undefined): string {
  const trimmed = clean(text);
  if (!trimmed) return "";
  const capitalized = trimmed[0]!.toUpperCase() + trimmed.slice(1);
  return /[.!?…:"”»)\]]$/.test(capitalized) ? capitalized : `${capitalized}.`;
}

/** Whether the text opens with a name that keeps its capital inside a sentence ("I", "LinkedIn", "New York", a brand). */
function opensWithName(text: string, names: string[]): boolean {
  const [first = "", second = ""] = text.split(/\s+/);
  const word = first.replace(/[^\p{L}\p{N}']/gu, "");
  if (/^I('|$)/.test(word) || /\p{N}|.\p{Lu}/u.test(word)) return true;
  if (names.some((name) => name && text.toLowerCase().startsWith(name.toLowerCase()))) return true;
  return /^\p{Lu}/u.test(second) && !/^I('|$)/.test(second);
}

/**
 * The text as a clause inside a sentence: no final full stop, first letter lowered
 * unless it opens with a name or the language keeps capitals (German nouns).
 */
export function clause(text: string | null | undefined, names: string[] = [], lower = true): string {
  const trimmed = clean(text).replace(/[.!?]+$/, "");
  if (!trimmed) return "";
  return !lower || opensWithName(trimmed, names) ? trimmed : trimmed[0]!.toLowerCase() + trimmed.slice(1);
}

/** The sentences of a longer answer. */
export const sentencesOf = (text: string | null | undefined) =>
  clean(text)
    .split(/(?<=[.!?])\s+/)
    .map(sentence)
    .filter(Boolean);

/** The first sentence of a longer answer. */
export const firstSentence = (text: string | null | undefined) => sentencesOf(text)[0] ?? "";

export const bullets = (items: string[]) =>
  items
    .filter(Boolean)
    .map((item) => `- ${item}`)
    .join("\n");

/** Whether the text is only a fill-in the offline engine left for the founder ("[add: a tagline…]"). */
export const isFillIn = (text: string | null | undefined) => /^\[[^[\]]+\]$/.test(clean(text));
