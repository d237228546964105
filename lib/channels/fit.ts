import type { Channel } from "@/lib/schemas/growth";
import { fitsWithin, graphemesOf } from "./count";
import { type ChannelFormat, channelRules } from "./rules";

export interface ChannelDraft {
  channel: Channel;
  format: ChannelFormat;
  title: string | null;
  /** The whole post: for a thread, its parts joined by blank lines. */
  body: string;
  /** A thread's posts, each within the channel's limit; one part for a single post. */
  parts: string[];
  hashtags: string[];
}

type Fits = (candidate: string) => boolean;
const ellipsis = "…";
/** X allows 25 posts in a thread; longer drafts are shortened to that. */
const maxThreadParts = 25;
/** No channel counts fewer than this many code units per counted unit (a URL is the exception, bounded here). */
const windowFor = (limit: number) => limit * 16 + 4096;

/** The largest boundary whose prefix fits, by binary search (counting is monotonic in the prefix). */
function largestFitting(boundaries: number[], build: (end: number) => string, fits: Fits): number | undefined {
  let low = 0;
  let high = boundaries.length - 1;
  let best: number | undefined;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (fits(build(boundaries[middle]!))) {
      best = boundaries[middle];
      low = middle + 1;
    } else high = middle - 1;
  }
  return best;
}

const sentenceEnds = (text: string) =>
  [...text.matchAll(/[.!?…](?=\s)|\n/g)].map((match) => match.index! + match[0].length).concat(text.length);
const wordEnds = (text: string) => [...text.matchAll(/\S(?=\s)/g)].map((match) => match.index! + 1).concat(text.length);
function graphemeEnds(text: string) {
  const ends: number[] = [];
  let offset = 0;
  for (const grapheme of graphemesOf(text)) {
    offset += grapheme.length;
    ends.push(offset);
  }
  return ends;
}

/**
 * The longest start of `text` that fits, cut after a sentence, else after a word (with
 * an ellipsis), else between graphemes, so an emoji or accented letter is never split.
 */
export function shortenToFit(text: string, fits: Fits, window = 100_000): string {
  const trimmed = text.trim().slice(0, window);
  if (fits(trimmed)) return trimmed;
  const bySentence = largestFitting(sentenceEnds(trimmed), (end) => trimmed.slice(0, end).trim(), fits);
  if (bySentence) return trimmed.slice(0, bySentence).trim();
  const byWord = largestFitting(wordEnds(trimmed), (end) => trimmed.slice(0, end) + ellipsis, fits);
  if (byWord) return trimmed.slice(0, byWord) + ellipsis;
  const byGrapheme = largestFitting(graphemeEnds(trimmed.slice(0, 4096)), (end) => trimmed.slice(0, end) + ellipsis, fits);
  return byGrapheme ? trimmed.slice(0, byGrapheme) + ellipsis : "";
}

/** Splits text into posts that each fit with a "(99/99)" number: whole sentences where they fit, else words, else graphemes. */
function splitIntoPosts(text: string, fitsNumbered: Fits, window: number, maxParts: number): string[] {
  const posts: string[] = [];
  let rest = text.trim();
  while (rest && posts.length < maxParts) {
    const head = rest.slice(0, window);
    const end =
      (fitsNumbered(head) ? head.length : undefined) ??
      largestFitting(sentenceEnds(head), (cut) => head.slice(0, cut).trim(), fitsNumbered) ??
      largestFitting(wordEnds(head), (cut) => head.slice(0, cut).trim(), fitsNumbered) ??
      largestFitting(graphemeEnds(head.slice(0, 4096)), (cut) => head.slice(0, cut), fitsNumbered) ??
      graphemesOf(head)[0]!.length;
    posts.push(head.slice(0, end).trim());
    rest = rest.slice(end).trim();
  }
  if (rest && posts.length)
    posts[posts.length - 1] = shortenToFit(`${posts.at(-1)} ${rest.slice(0, window)}`, fitsNumbered, window);
  return posts.filter(Boolean);
}

const numbered = (posts: string[]) =>
  posts.length > 1 ? posts.map((post, index) => `${post} (${index + 1}/${posts.length})`) : posts;

const normalizeHashtag = (tag: string) => `#${tag.replace(/^#+/, "").replace(/[^\p{L}\p{N}_]/gu, "")}`;
// A line of hashtags at the very end (a URL's "#fragment" is not one).
const hashtagLine = /\n+(?:#[\p{L}\p{N}_]+[ \t]*)+$/u;
const link = /(https?:\/\/|www\.)\S+/;

/** The hashtags of a post's closing tag line ("…\n\n#Launch #Indie"), as a draft lists them. */
export const trailingHashtags = (post: string) => hashtagLine.exec(post.trimEnd())?.[0].match(/#[\p{L}\p{N}_]+/gu) ?? [];

/**
 * The draft's tail: the call to action and link that fitting keeps. The given tail when the
 * body ends with it, else the last paragraph holding a link, if that is the body's end.
 */
function splitTail(body: string, tail: string | undefined): { head: string; tail: string } {
  const given = tail?.trim();
  if (given && body.endsWith(given)) return { head: body.slice(0, body.length - given.length).trim(), tail: given };
  const paragraphs = body.split(/\n{2,}/);
  const last = paragraphs.at(-1) ?? "";
  if (paragraphs.length > 1 && link.test(last)) return { head: paragraphs.slice(0, -1).join("\n\n").trim(), tail: last.trim() };
  return { head: body, tail: "" };
}

/**
 * Makes a draft fit its channel as that channel counts: the title is shortened to the
 * title limit; hashtags stay within the channel's budget and are the first thing given up
 * for room; a body that is still too long becomes a thread (at most 25 posts) where the
 * channel has threads, or is shortened where it has not. Shortening takes from the middle:
 * the tail (the call to action and its link) stays whenever it fits at all. Fitting a
 * fitted draft again keeps it within the limits.
 */
export function fitToChannel(
  channel: Channel,
  draft: { title?: string | null; body: string; hashtags?: string[]; tail?: string },
): ChannelDraft {
  const rule = channelRules[channel];
  const fits: Fits = (candidate) => fitsWithin(rule.unit, candidate, rule.bodyLimit);
  const window = windowFor(rule.bodyLimit);
  const title =
    rule.titleLimit && draft.title
      ? shortenToFit(draft.title, (candidate) => candidate.length <= rule.titleLimit!, window)
      : (draft.title ?? null);
  const wanted = [
    ...new Set((draft.hashtags ?? []).map(normalizeHashtag).filter((tag) => tag.length > 1 && tag.length <= 100)),
  ].slice(0, rule.hashtagBudget);
  // Its tag line and thread numbering are taken off first, so a fitted draft is fitted the same way again.
  const body = draft.body
    .trim()
    .replace(hashtagLine, "")
    .replace(/ \(\d+\/\d+\)(?=\n\n|$)/g, "")
    .trim();
  const result = (parts: string[], hashtags: string[]) => ({
    channel,
    format: rule.format,
    title,
    body: parts.join("\n\n"),
    parts,
    hashtags,
  });

  if (body.length <= window) {
    for (let count = wanted.length; count >= 0; count--) {
      const tags = wanted.slice(0, count);
      const post = tags.length ? `${body}\n\n${tags.join(" ")}` : body;
      if (fits(post)) return result([post], tags);
    }
  }
  const split = splitTail(body, draft.tail);
  const tail = split.tail && split.tail.length <= window ? split.tail : "";
  const head = tail ? split.head : body;
  if (rule.threads) {
    const fitsNumbered: Fits = (candidate) => fits(`${candidate} (99/99)`);
    const keepTail = Boolean(tail) && fitsNumbered(tail);
    const posts = splitIntoPosts(head, fitsNumbered, window, keepTail ? maxThreadParts - 1 : maxThreadParts);
    if (keepTail) {
      const joined = posts.length ? `${posts.at(-1)}\n\n${tail}` : tail;
      if (posts.length && fitsNumbered(joined)) posts[posts.length - 1] = joined;
      else posts.push(tail);
    }
    const parts = numbered(posts);
    const tags = wanted.join(" ");
    const withTags = tags && fits(`${parts.at(-1)}\n\n${tags}`);
    if (withTags) parts[parts.length - 1] = `${parts.at(-1)}\n\n${tags}`;
    return result(parts, withTags ? wanted : []);
  }
  if (tail && fits(tail)) {
    const kept = shortenToFit(head, (candidate) => fits(`${candidate}\n\n${tail}`), window);
    return result([kept ? `${kept}\n\n${tail}` : tail], []);
  }
  return result([shortenToFit(body, fits, window)], []);
}
