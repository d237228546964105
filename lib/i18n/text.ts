// Small text helpers the agents, the offline drafting engine and the exports write with.

export const clean = (text: string | null | undefined) => (text ?? "").replace(/\s+/g, " ").trim();

// An emoji with its modifiers (variation selector, skin tone, joined sequences, keycap).
const emoji =
  "\\p{Extended_Pictographic}[\\u{FE0F}\\u{20E3}\\u{1F3FB}-\\u{1F3FF}]*(?:\\u{200D}\\p{Extended_Pictographic}\\u{FE0F}?)*";
// What ends a sentence without another full stop: its own mark (CJK ones too), then maybe a closing quotation; a bracket.
const endsItself = /(?:[.!?…:。！？][\s"”»’“‘」』]*|[)\]])$/u;
// An emoji closing a sentence ("…water them 💧", "…in one year 😅."): the full stop goes before it ("…water them. 💧").
const emojiAtEnd = new RegExp(`\\s*((?:${emoji}\\s*)+)[.,;:]*$`, "u");
const emojiAtEdges = new RegExp(`^(?:${emoji}\\s*)+|(?:\\s*${emoji})+$`, "gu");

/** An emoji at the start or end of a short answer (a name, a label, a list item) is decoration: without it. */
export const withoutEdgeEmoji = (text: string | null | undefined) => clean(text).replace(emojiAtEdges, "").trim();

/** The text as one sentence: trimmed, first letter up, ending in a full stop (or in its own emoji or mark). */
export function sentence(text: string | null | undefined): string {
  const whole = clean(text);
  const trailing = emojiAtEnd.exec(whole);
  const trimmed = trailing ? whole.slice(0, trailing.index) : whole;
  if (!trimmed) return whole;
  const capitalized = trimmed[0]!.toUpperCase() + trimmed.slice(1);
  // Chinese and Japanese close a sentence with their own full stop.
  const stop = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}][\s"”’」』]*$/u.test(capitalized) ? "。" : ".";
  const ended = endsItself.test(capitalized) ? capitalized : `${capitalized}${stop}`;
  return trailing ? `${ended} ${trailing[1]!.trim()}` : ended;
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
  // An emoji at a clause's end would meet the punctuation of the sentence around it.
  const trimmed =
    withoutEdgeEmoji(clean(text).replace(/[.!?]+$/, "")).replace(/[.!?]+$/, "") || clean(text).replace(/[.!?]+$/, "");
  if (!trimmed) return "";
  return !lower || opensWithName(trimmed, names) ? trimmed : trimmed[0]!.toLowerCase() + trimmed.slice(1);
}

// Between two sentences: after a full stop (and a quotation it closes), never before a closing mark (« Rien ne se perd. »).
const sentenceBreak = /(?<=[.!?…](?:\s?["»”“’‘」』])?)\s+(?![»”“’‘」』])/u;

// A quotation closing one sentence and another opening the next would read as one quotation said twice („…“ „…“).
const closesQuote = /["”“»’‘」』][.!?…。]?$/u;
const opensQuote = /^["„“«‚‘「『]/u;

/** Sentences as one paragraph; a sentence that opens with a quotation after one that closes with another starts a line of its own. */
export const joinSentences = (parts: (string | null | undefined)[]) =>
  parts
    .map((part) => clean(part))
    .filter(Boolean)
    .reduce((text, part) => (!text ? part : `${text}${closesQuote.test(text) && opensQuote.test(part) ? "\n" : " "}${part}`), "");

/** The sentences of a longer answer. */
export const sentencesOf = (text: string | null | undefined) => clean(text).split(sentenceBreak).map(sentence).filter(Boolean);

/** The first sentence of a longer answer. */
export const firstSentence = (text: string | null | undefined) => sentencesOf(text)[0] ?? "";

export const bullets = (items: string[]) =>
  items
    .filter(Boolean)
    .map((item) => `- ${item}`)
    .join("\n");

/** Whether the text is only a fill-in the offline engine left for the founder ("[add: a tagline…]"). */
export const isFillIn = (text: string | null | undefined) => /^\[[^[\]]+\]$/.test(clean(text));
