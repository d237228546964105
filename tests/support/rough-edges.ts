/**
 * Words a founder would not send as is, found in what the offline engine wrote: the
 * quality benchmark counts them per founder and language, the unit tests pin each one.
 * Every detector is a pure function returning what it found (empty: none).
 */

const quoteMarks = "\"'„“”«»‚‘’";

/** A word said twice in a row inside one line ("bis bis", "bis: bis", "the the"), markup and quotes between aside. */
export function doubledWords(text: string): string[] {
  const found: string[] = [];
  for (const line of text.split("\n")) {
    const words = [...line.matchAll(/\p{L}[\p{L}\p{N}'’-]*/gu)];
    for (let index = 1; index < words.length; index++) {
      const [before, after] = [words[index - 1]!, words[index]!];
      const between = line.slice(before.index! + before[0].length, after.index);
      if (!new RegExp(`^[\\s:*_${quoteMarks}]+$`).test(between)) continue;
      if (before[0].toLowerCase() === after[0].toLowerCase()) found.push(`${before[0]}${between}${after[0]}`);
    }
  }
  return found;
}

// A quotation inside a quotation, as each language opens and closes it: « “…” », „‚…‘“, "‘…’", “‘…’”.
const nesting = /^(?:«\s?“|„‚|"‘|“‘|”\s?»|‘“|’"|’”)$/u;

/**
 * A quotation wrapped twice: two quotation marks in a row („„, ““, "„, « «, ""…""). A
 * quotation opening or closing inside another in the language's inner marks („‚…‘“) is
 * how it is set, not a double.
 */
export function doubledQuotes(text: string): string[] {
  // On one line: a quotation closing a line and another opening the next are two quotations.
  return [...text.matchAll(/["„“”«»‚‘][ \u00A0]?["„“”«»‚‘]|«[ \u00A0]*«|»[ \u00A0]*»/gu)]
    .map((match) => match[0])
    .filter((marks) => !nesting.test(marks));
}

/**
 * A field label followed by the same words again: "bis: bis Ende Juni" (the label's last
 * word opens its value) or "…bis Ende Juni, bis: bis Ende Juni" (the value already said
 * earlier in the same line).
 */
export function labelRepeats(text: string): string[] {
  const found: string[] = [];
  for (const line of text.split("\n")) {
    for (const match of line.matchAll(/([\p{L}][\p{L} '’-]{0,40}):\**\s+([^,;.!?\n]+)/gu)) {
      const label = match[1]!.trim().toLowerCase();
      const value = match[2]!.replace(/[*_]/g, "").trim().toLowerCase();
      const lastOfLabel = label.split(/\s+/).at(-1)!;
      const firstOfValue = value.split(/\s+/)[0] ?? "";
      const earlier = line.slice(0, match.index).toLowerCase();
      const repeatsLabel = lastOfLabel === firstOfValue;
      const repeatsLine = value.split(/\s+/).length >= 2 && earlier.includes(value);
      if (repeatsLabel || repeatsLine) found.push(match[0].trim());
    }
  }
  return found;
}

const plain = (text: string) =>
  text
    .replace(/^\s*(?:#{1,6}\s+|[-*>]\s+|\d+\.\s+)/, "")
    .replace(/[*_`]+/g, "")
    .replace(/[.…:;,!?\s]+$/u, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();

/**
 * A heading said again as the first line under it: the text's first line (its title) or a
 * Markdown heading or bold line, as the whole next line that is not empty, or (a heading of
 * five words or more) as its opening ("How it started: My grandmother…" titled "How it
 * started: My grandmother…"). A short label opening a longer sentence ("## Households in
 * Leipzig" / "Households in Leipzig who…") is how a card is written, not a repeat.
 */
export function repeatedHeadings(text: string): string[] {
  const lines = text.split("\n");
  const found: string[] = [];
  lines.forEach((line, index) => {
    const isHeading = index === 0 || /^\s*#{1,6}\s|^\s*\*\*[^*]+\*\*\s*$/.test(line);
    const heading = plain(line);
    if (!isHeading || !heading) return;
    const next = lines.slice(index + 1).find((candidate) => candidate.trim());
    if (next === undefined) return;
    const opening = plain(next);
    const continues = opening.startsWith(heading) && !/^[\p{L}\p{N}]/u.test(opening.slice(heading.length));
    if (opening === heading || (continues && heading.split(" ").length >= 5)) found.push(`${line.trim()} / ${next.trim()}`);
  });
  return found;
}

/**
 * A label said twice in a row: "Week 2: Week 2: …", "Hinter den Kulissen: Hinter den
 * Kulissen: …", or the same numbered label in two languages ("Week 2: Woche 2: …").
 */
export function doubledLabels(text: string): string[] {
  const found: string[] = [];
  const label = "(\\p{L}[\\p{L}\\p{N}'’-]*(?: [\\p{L}\\p{N}'’-]+){0,4})";
  const pair = new RegExp(`${label}\\s?:\\**\\s+${label}\\s?:`, "gu");
  for (const line of text.split("\n")) {
    for (const match of line.matchAll(pair)) {
      const [first, second] = [match[1]!.toLowerCase(), match[2]!.toLowerCase()];
      const number = (words: string) => /^\p{L}+ (\d+)$/u.exec(words)?.[1];
      if (first === second || first.endsWith(` ${second}`) || (number(first) && number(first) === number(second)))
        found.push(match[0]);
    }
  }
  return found;
}

// What a sentence may hold that is not its own words: a link, a fill-in, a quotation.
const asides = (line: string) =>
  line
    .replace(/(?:https?:\/\/|www\.)\S+/g, "LINK")
    .replace(/\[[^\]\n]*\]/g, "FILL")
    // A quotation that ends its sentence ("…: « Enfin. »") ends the sentence around it too.
    .replace(/„[^“\n]*“|“[^”\n]*”|«[^»\n]*»|"[^"\n]*"|‚[^‘\n]*‘/g, (quote) => (/[.!?…]\s*.$/u.test(quote) ? "QUOTE." : "QUOTE"));

/**
 * Labels stacked in one sentence: two colons ("One tip for X: Photo identification: know
 * which plant…", "Role: Depth: teach…", "Goal: 300 sign-ups, by: June"), or a line that ends
 * on a colon with nothing after it. A colon before a link ("Sign up: https://…") or a
 * fill-in ("Their angle: [add: …]"), inside either or a quotation, or inside a word
 * ("Abonnent:innen", "7:30") is not counted.
 */
export function stackedLabels(text: string): string[] {
  const found: string[] = [];
  for (const line of text.split("\n")) {
    const spoken = asides(line).replace(/\|/g, ".");
    for (const part of spoken.split(/(?<=[.!?])\s+|(?<=[。！？])/u)) {
      const colons = part.match(/\s?:\**(?=\s+(?!LINK|FILL)|\s*$)/g) ?? [];
      if (colons.length >= 2) found.push(line.trim());
    }
  }
  return [...new Set(found)];
}

/** Brackets that do not pair within a line, or that nest: "(Weeks 1 to 2 (from …))", "[add: a tagline…". */
export function brokenBrackets(text: string): string[] {
  const found: string[] = [];
  const pairs: Record<string, string> = { "(": ")", "[": "]" };
  for (const line of text.split("\n")) {
    if (/^\s*- \[[ x]\] /.test(line) && !/[()[\]]/.test(line.replace(/^\s*- \[[ x]\] /, ""))) continue;
    const open: string[] = [];
    let broken = false;
    for (const char of line.replace(/^\s*- \[[ x]\] /, "").replace(/\(\d+\/\d+\)/g, "")) {
      if (char in pairs) {
        if (open.length) broken = true;
        open.push(pairs[char]!);
      } else if (char === ")" || char === "]") {
        if (open.pop() !== char) broken = true;
      }
    }
    if (broken || open.length) found.push(line.trim());
  }
  return found;
}

/**
 * A title, line or sentence opening with a small letter ("know exactly which plant… |
 * Plantpal"). Links, hashtags, list markers and words written with a capital inside (a
 * name such as "iPhone") aside; `names` are words that keep their small letter (a brand
 * written so).
 */
export function lowercaseStarts(text: string, names: string[] = []): string[] {
  const found: string[] = [];
  const kept = names.map((name) => name.toLowerCase());
  for (const line of text.split("\n")) {
    const spoken = line
      .replace(/^\s*(?:#{1,6}\s+|[-*>]\s+(?:\[[ x]\]\s+)?|\d+\.\s+|\|\s*)/, "")
      .replace(/^[*_]+/, "")
      .trim();
    for (const sentence of [spoken, ...spoken.split(/(?<=[.!?])\s+/).slice(1)]) {
      if (/^(?:[a-z][a-z+.-]*:\/\/|www\.)/i.test(sentence)) continue;
      const word = sentence.match(/^\p{L}[\p{L}\p{N}'’-]*/u)?.[0];
      if (!word || !/^\p{Ll}/u.test(word) || /\p{Lu}/u.test(word)) continue;
      if (kept.some((name) => sentence.toLowerCase().startsWith(name))) continue;
      found.push(sentence.slice(0, 60));
    }
  }
  return found;
}

/**
 * Punctuation of another language: in French, a colon, semicolon, question or exclamation
 * mark set without its space ("Rôle: …", "Objet:"); in German, French and Spanish, a
 * quotation in straight typewriter marks ("…", where „…“ or «…» belong). Links aside.
 */
export function foreignPunctuation(text: string, language: string): string[] {
  const words = text.replace(/(?:https?:\/\/|www\.)\S+/g, "LINK");
  const primary = language.toLowerCase().split("-")[0];
  const found: string[] = [];
  if (primary === "fr") found.push(...[...words.matchAll(/[\p{L}\p{N}*)»"][:;?!](?=[\s*]|$)/gmu)].map((match) => match[0]));
  if (primary === "de" || primary === "fr" || primary === "es")
    found.push(...[...words.matchAll(/"[^"\n]*"?/g)].map((match) => match[0].slice(0, 60)));
  return found;
}

/**
 * A sentence said twice in one post ("A CLI that diffs…" opening the post and again under
 * "How it helps"): sentences of six words or more, the title (first line), headings and
 * labelled fields such as an email's preview aside.
 */
export function repeatedSentences(text: string): string[] {
  const said = new Map<string, number>();
  for (const line of text.split("\n").slice(1)) {
    if (/^\s*#{1,6}\s|^\s*\*\*[^*]+\*\*/.test(line)) continue;
    const spoken = line.replace(/(?:https?:\/\/|www\.)\S+/g, "").replace(/^\s*(?:[-*>]\s+|\d+\.\s+)/, "");
    for (const sentence of spoken.split(/(?<=[.!?…»“”"])\s+/)) {
      const key = sentence
        .replace(/[*_]+/g, "")
        .replace(/[.!?…\s]+$/u, "")
        .trim()
        .toLowerCase();
      if (key.split(/\s+/).length >= 6) said.set(key, (said.get(key) ?? 0) + 1);
    }
  }
  return [...said].filter(([, count]) => count > 1).map(([sentence]) => sentence.slice(0, 80));
}

/**
 * Words cut short where a founder would see it: a title (the text's first line) ending in an
 * ellipsis ("…für quem trabalha sentado o…"), or any line cut right after a separator
 * ("… aula longa |…", "Ziel:…").
 */
export function cutShort(text: string): string[] {
  const lines = text.split("\n");
  const title = lines[0]?.replace(/[*_]+/g, "").trim() ?? "";
  const cut = lines.filter((line) => /[|:;,–—/(-][*_\s]*…[*_]*\s*$/u.test(line)).map((line) => line.trim());
  return [...(title.endsWith("…") && !cut.includes(lines[0]!.trim()) ? [title] : []), ...cut];
}

/** Template words that reached the text: "undefined", "null", "NaN", "[object Object]", an unfilled "{slot}". */
export function emptyPlaceholders(text: string): string[] {
  const words = text.replace(/(?:https?:\/\/|www\.)\S+/g, " ");
  return [...words.matchAll(/\b(?:undefined|null|NaN)\b|\[object \w+\]|\{\w+\}/g)].map((match) => match[0]);
}

// Words that never make a hashtag: articles, pronouns, prepositions, conjunctions and common
// verbs, in the five drafting languages.
const functionWords = new Set(
  [
    // en
    "the a an and or but of for to in on at by with from into about as is are was were be been being have has had do does did can could will would should must may might not no yes this that these those who whom which what when where why how their they them our we you your i my me it its than then so very just also more most less get make use want need like",
    // de
    "der die das den dem des ein eine einen einem einer und oder aber für zu zum zur in im an am auf aus bei mit nach von vor über unter um durch ohne gegen ist sind war waren sein hat haben hatte wird werden kann können muss müssen soll sollen will wollen darf dürfen nicht kein keine sie er es wir ihr ihre ihr sich wer was wann wo wie warum dass weil wenn als auch noch schon sehr nur mehr legen machen geben",
    // fr
    "le la les un une des du de et ou mais pour par dans sur avec sans sous chez entre vers est sont était être avoir a ont fait faire peut peuvent doit doivent veut qui que quoi quand où comment pourquoi ne pas plus très aussi leur leurs ils elles nous vous je il elle on ce cette ces son sa ses",
    // es
    "el la los las un una unos unas y o pero de del para por en con sin sobre entre hasta desde es son era ser estar está están tiene tienen hacer puede pueden debe quiere que quien cuando donde como porque no más muy también su sus ellos ellas nosotros usted ustedes yo lo le les se",
    // pt
    "o a os as um uma uns umas e ou mas de do da dos das para por em no na nos nas com sem sobre entre até desde é são era ser estar está estão tem têm fazer pode podem deve quer que quem quando onde como porque não mais muito também seu sua seus suas eles elas nós você vocês eu lhe se",
  ]
    .join(" ")
    .split(/\s+/),
);

export interface HashtagSources {
  /** The business's name. */
  brand: string;
  /** What the founder said the product is and does: its description and features. */
  product: string[];
  /** The post the hashtags go with (its topics). */
  post: string;
  /** The language the founder's answers are written in (German nouns keep a capital). */
  answersLanguage: string;
}

const wordsOf = (text: string) => text.match(/\p{L}[\p{L}\p{N}'’]*/gu) ?? [];
const compact = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, "").toLowerCase();

/**
 * Hashtags that are not from the product, the business or the post's topics: a function
 * word or verb ("#Legen"), or a word found in neither the product's description and
 * features nor the post ("#Haushalte" lifted from the audience description).
 */
export function strayHashtags(hashtags: string[], sources: HashtagSources): string[] {
  const post = sources.post.replace(/#[\p{L}\p{N}_]+/gu, " ");
  const known = [...sources.product, post];
  return hashtags.filter((tag) => {
    const word = tag.replace(/^#/, "");
    const key = word.toLowerCase();
    if (compact(word) === compact(sources.brand)) return false;
    if (functionWords.has(key)) return true;
    const uses = known.flatMap(wordsOf).filter((used) => used.toLowerCase() === key);
    if (uses.length === 0) return true;
    // In German a noun keeps its capital: a word the founder only ever wrote in lower case is a verb or an adjective.
    return sources.answersLanguage.startsWith("de") && uses.every((used) => used === used.toLowerCase());
  });
}

/** The hashtags of a text: its `#Words` (a colour such as #FFD166 is not one). */
export const hashtagsIn = (text: string) =>
  [...text.matchAll(/(?<=^|\s)#(\p{L}[\p{L}\p{N}_]*)/gu)]
    .map((match) => `#${match[1]}`)
    .filter((tag) => !/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(tag));

export interface PackFit {
  /** Content kinds of the launch pack (`post-x`, `product-hunt`...). */
  kinds: string[];
  /** The project's channels (the founder's enabled ones). */
  channels: string[];
  /** Whether the product is of a kind that launches on Product Hunt, or the founder asked for it. */
  productHunt: boolean;
  /** The pack's text, where a plan may still name a piece the business has no use for. */
  text?: string;
}

/** Launch pack pieces for a channel the business does not use: a post for a channel not enabled, a Product Hunt listing for a bakery. */
export function misfitPieces(pack: PackFit): string[] {
  const pieces = pack.kinds.filter(
    (kind) =>
      (kind.startsWith("post-") && !pack.channels.includes(kind.slice("post-".length))) ||
      (kind === "product-hunt" && !pack.productHunt),
  );
  const named = pack.productHunt ? [] : ((pack.text ?? "").match(/[^\n]*product[\s-]*hunt[^\n]*/gi) ?? []);
  return [...pieces, ...named.map((line) => `mentioned: ${line.trim()}`)];
}

// An emoji with its modifiers: variation selector, skin tone, zero-width joiner sequences, keycaps.
const emoji = "\\p{Extended_Pictographic}(?:[\\u{FE0F}\\u{20E3}\\u{1F3FB}-\\u{1F3FF}]|\\u{200D}\\p{Extended_Pictographic})*";

/**
 * An emoji with punctuation glued to it: a full stop, colon or semicolon after it ("water
 * them 💧.", "Sprout Club 🌱: …"; the stop goes before a closing emoji), or punctuation
 * stacked on the founder's own ("Join the waitlist!: https://…", "Really?.", "phone!.",
 * "慢下来。."). A comma after an emoji ("reminders 🔔, tips 💡") is how founders list; "!!!"
 * and an ellipsis are theirs too. Links aside.
 */
export function emojiPunctuation(text: string): string[] {
  const words = text.replace(/(?:https?:\/\/|www\.)\S+/g, "LINK");
  const glued = new RegExp(`${emoji}\\s?[.;:](?!\\d)`, "gu");
  const stacked = /[!?。！？]\s?[.,;:](?![.\d])|[,;:]\s?[.!?](?![.\d])|(?<![.\d])\.\s?[,;:](?!\d)/gu;
  return [...[...words.matchAll(glued)], ...[...words.matchAll(stacked)]].map((match) => match[0]);
}

/**
 * A list item or a heading with nothing in it ("- ", "- .", "1. 🎯", "## "), or a list marker
 * the founder typed kept inside the engine's own ("- - Cestas semanales", "- * Recetas").
 */
export function emptyBullets(text: string): string[] {
  const found: string[] = [];
  for (const line of text.split("\n")) {
    if (/^\s*#{1,6}\s*[^\p{L}\p{N}\n]*$/u.test(line)) found.push(line.trim() || "(empty)");
    const item = /^\s*(?:[-*•]|\d+[.)])(?:\s+\[[ x]\])?(?:\s+(.*))?$/u.exec(line);
    if (!item) continue;
    const content = item[1] ?? "";
    if (!/[\p{L}\p{N}]/u.test(content) || /^(?:\*\*)?[-*•–]\s/u.test(content)) found.push(line.trim() || "(empty)");
  }
  return found;
}
