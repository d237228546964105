/**
 * Quotation marks as each drafting language sets them, and what the offline engine does
 * with the ones a founder typed: a founder's quotation is set in their language's marks,
 * a quotation inside a quotation in the inner marks, and a quoted answer the templates
 * quote again loses its own marks first.
 */
interface Marks {
  open: string;
  close: string;
  innerOpen: string;
  innerClose: string;
}

const marksByLanguage: Record<string, Marks> = {
  en: { open: '"', close: '"', innerOpen: "‘", innerClose: "’" },
  de: { open: "„", close: "“", innerOpen: "‚", innerClose: "‘" },
  fr: { open: "« ", close: " »", innerOpen: "“", innerClose: "”" },
  es: { open: "«", close: "»", innerOpen: "“", innerClose: "”" },
  pt: { open: "“", close: "”", innerOpen: "‘", innerClose: "’" },
};

/** The marks of a language the engine writes in; none for a language it only arranges answers in. */
export const quoteMarksOf = (language: string): Marks | undefined => marksByLanguage[language.toLowerCase().split("-")[0]!];

// A quotation in any of the marks founders type: "…", “…”, „…“, «…», »…«, ‚…‘, ‘…’, 「…」, 『…』.
// A single ‘ opens only at a word's start, so an apostrophe (don’t) is never taken for one.
const quotation =
  /"([^"\n]+)"|“([^“”\n]+)”|„([^„“”\n]+)[“”]|«\s?([^«»\n]+?)\s?»|»([^«»\n]+)«|‚([^‚‘’\n]+)[‘’]|(?<![\p{L}\p{N}])‘([^‘’\n]+)’|「([^「」\n]+)」|『([^『』\n]+)』/gu;

const innerOf = (groups: (string | undefined)[]) => (groups.find((group) => group !== undefined) ?? "").trim();

/** The quotations of a text, without their marks, in order. */
export const quotationsIn = (text: string) => [...text.matchAll(quotation)].map((match) => innerOf(match.slice(1)));

/** The text with every quotation set in the given marks. */
const restyled = (text: string, open: string, close: string) =>
  text.replace(quotation, (...args) => `${open}${innerOf(args.slice(1, 10) as (string | undefined)[])}${close}`);

/** The text's quotations set in the language's marks (a language without a phrasebook keeps the founder's). */
export function inLanguageQuotes(text: string, language: string): string {
  const marks = quoteMarksOf(language);
  return marks ? restyled(text, marks.open, marks.close) : text;
}

/** The text with the business's name out of the quotation marks a founder put around it ("« Le Bocal » est…"): a name is written plain. */
export function unquotedName(text: string, name: string): string {
  const key = name.trim().toLowerCase();
  if (!key) return text;
  return text.replace(quotation, (whole, ...groups) => {
    const inner = innerOf(groups.slice(0, 9) as (string | undefined)[]);
    return inner.toLowerCase() === key ? inner : whole;
  });
}

/**
 * A founder's answer as a text in `language` sets it: quotations in the language's marks and,
 * in French, a space before a colon, semicolon, question or exclamation mark ("Rôle :",
 * "Enfin !"), as the phrasebook's own sentences have it. Links and times (7:30) stay.
 */
export function typeset(text: string, language: string): string {
  const quoted = inLanguageQuotes(text, language);
  if (language.toLowerCase().split("-")[0] !== "fr") return quoted;
  return quoted.replace(/(?<![:/]\S*)([\p{L}\p{N}*)»"’])([:;!?]+)(?=\s|$)/gmu, "$1 $2");
}

// What may stand between quotations that make up a whole answer: spaces, list markers, dashes, commas.
const between = /^[\s\-–—*•,;/|]*$/u;

/**
 * The answer as one quotation, for a template that quotes it: the words of the first of its
 * quotations when the answer is only quotations ("„Endlich.“ „Danke!“", a list of quotes),
 * else the answer itself.
 */
export function firstQuotation(text: string): string {
  const matches = [...text.matchAll(quotation)];
  if (!matches.length) return text;
  let rest = text;
  for (const match of matches) rest = rest.replace(match[0], " ");
  return between.test(rest) ? innerOf(matches[0]!.slice(1)) : text;
}

/**
 * A value a template puts inside its own quotation marks: a value that is one quotation
 * loses its marks (the template's are enough), and quotations inside it take the
 * language's inner marks, so the marks never double („„…““, «« … »»).
 */
export function forQuoting(value: string, language: string): string {
  const marks = quoteMarksOf(language);
  const whole = [...value.matchAll(quotation)];
  const unwrapped = whole.length === 1 && whole[0]![0] === value.trim() ? innerOf(whole[0]!.slice(1)) : value;
  return marks ? restyled(unwrapped, marks.innerOpen, marks.innerClose) : unwrapped;
}

// The marks a template may put right around a slot.
const opening = /["„“«‚‘「]\s?$/u;
const closing = /^\s?["“”»‘’」]/u;

/** Whether a template's slot at this position sits inside the template's own quotation marks. */
export const isQuotedSlot = (template: string, start: number, end: number) =>
  opening.test(template.slice(0, start)) && closing.test(template.slice(end));
