/**
 * What only the founder knows, marked by the agents as a fill-in: "[add: a customer quote]"
 * (or its form in the project's language, see lib/agents/language). A blank is one such marker.
 */
export const blankPattern = /\[(?:add|ergänzen|completar|à compléter)[ \t]*:[ \t]*([^\]\n]{1,300})\]/giu;

export interface Blank {
  /** The marker as written, brackets included. */
  raw: string;
  /** What the founder should add ("a customer quote"). */
  what: string;
  start: number;
  end: number;
}

/** Every blank in `text`, in order. */
export function findBlanks(text: string): Blank[] {
  return [...text.matchAll(new RegExp(blankPattern.source, blankPattern.flags))].map((match) => ({
    raw: match[0],
    what: match[1]!.trim(),
    start: match.index,
    end: match.index + match[0].length,
  }));
}

export const countBlanks = (text: string) => findBlanks(text).length;

/** `text` with its `index`-th blank replaced by `value` (trimmed); unchanged when there is no such blank or nothing to put in. */
export function fillBlank(text: string, index: number, value: string): string {
  const blank = findBlanks(text)[index];
  const filled = value.trim();
  if (!blank || !filled) return text;
  return text.slice(0, blank.start) + filled + text.slice(blank.end);
}

/** "1 blank left", "7 blanks left". */
export const blanksLeft = (count: number) => `${count} blank${count === 1 ? "" : "s"} left`;

export interface BlankPlace {
  /** Where the blanks are, as a founder finds it ("Launch assets › X post"). */
  where: string;
  count: number;
  /** An anchor on the page that shows the place, if any. */
  href?: string;
}

/** The places that still have blanks, from items with a title and a body. */
export function blankPlaces(items: Array<{ id: string; title: string; body: string; section?: string }>): BlankPlace[] {
  return items
    .map((item) => ({
      where: item.section ? `${item.section} › ${item.title}` : item.title,
      count: countBlanks(item.body),
      href: `#item-${item.id}`,
    }))
    .filter((place) => place.count > 0);
}

export const totalBlanks = (places: BlankPlace[]) => places.reduce((sum, place) => sum + place.count, 0);

/**
 * `parts` (a thread's posts, whose body is them joined by blank lines) with the draft's
 * `index`-th blank filled: the blank is found in the part that holds it.
 */
export function fillBlankInParts(parts: string[], index: number, value: string): string[] {
  let before = 0;
  return parts.map((part) => {
    const count = countBlanks(part);
    const local = index - before;
    before += count;
    return local >= 0 && local < count ? fillBlank(part, local, value) : part;
  });
}
