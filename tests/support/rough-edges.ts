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

/** A quotation wrapped twice: two quotation marks in a row („„, ““, "„, « «). */
export function doubledQuotes(text: string): string[] {
  return [...text.matchAll(/["„“”«»‚‘]\s?["„“”«»‚‘]|«\s*«|»\s*»/gu)].map((match) => match[0]);
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
