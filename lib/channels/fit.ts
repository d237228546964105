import type { Channel } from "@/lib/schemas/growth";
import { countAs, graphemesOf } from "./count";
import { channelRules, type ChannelFormat } from "./rules";

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

/** Sentences with the break that came before each: a paragraph break or a space. URLs are never split. */
function sentencesOf(text: string): { text: string; joiner: string }[] {
  return text
    .trim()
    .split(/\n\s*\n/)
    .flatMap((paragraph, index) =>
      paragraph
        .split(/(?<=[.!?…])\s+|\n/)
        .map((sentence) => sentence.trim())
        .filter(Boolean)
        .map((sentence, position) => ({ text: sentence, joiner: position === 0 && index > 0 ? "\n\n" : position === 0 ? "" : " " })),
    );
}

const join = (current: string, piece: { text: string; joiner: string }) => (current ? `${current}${piece.joiner || " "}${piece.text}` : piece.text);

/** The longest start of `text` that fits, cut after a sentence, else a word, else a grapheme. */
export function shortenToFit(text: string, fits: Fits): string {
  const trimmed = text.trim();
  if (fits(trimmed)) return trimmed;
  let kept = "";
  for (const sentence of sentencesOf(trimmed)) {
    if (!fits(join(kept, sentence))) break;
    kept = join(kept, sentence);
  }
  if (kept) return kept;
  let byWords = "";
  for (const word of trimmed.split(/\s+/)) {
    const candidate = byWords ? `${byWords} ${word}` : word;
    if (!fits(candidate + ellipsis)) break;
    byWords = candidate;
  }
  if (byWords) return byWords + ellipsis;
  let byGraphemes = "";
  for (const grapheme of graphemesOf(trimmed)) {
    if (!fits(byGraphemes + grapheme + ellipsis)) break;
    byGraphemes += grapheme;
  }
  return byGraphemes + ellipsis;
}

/** Splits text into posts that each fit, numbered "(1/n)"; an over-long word is cut by graphemes. */
function splitIntoThread(text: string, fits: Fits): string[] {
  const fitsNumbered = (candidate: string) => fits(`${candidate} (99/99)`);
  const pieces = sentencesOf(text).flatMap((sentence) =>
    fitsNumbered(sentence.text) ? [sentence] : sentence.text.split(/\s+/).map((word, index) => ({ text: word, joiner: index === 0 ? sentence.joiner : " " })),
  );
  const posts: string[] = [];
  let current = "";
  for (const piece of pieces) {
    if (fitsNumbered(join(current, piece))) {
      current = join(current, piece);
      continue;
    }
    if (current) posts.push(current);
    current = "";
    if (fitsNumbered(piece.text)) {
      current = piece.text;
      continue;
    }
    for (const grapheme of graphemesOf(piece.text)) {
      if (!fitsNumbered(current + grapheme)) {
        posts.push(current);
        current = "";
      }
      current += grapheme;
    }
  }
  if (current) posts.push(current);
  return posts.length > 1 ? posts.map((post, index) => `${post} (${index + 1}/${posts.length})`) : posts;
}

const normalizeHashtag = (tag: string) => `#${tag.replace(/^#+/, "").replace(/[^\p{L}\p{N}_]/gu, "")}`;
const hashtagLine = /\n*(?:#[\p{L}\p{N}_]+\s*)+$/u;

/**
 * Makes a draft fit its channel as that channel counts: the title is shortened to the
 * title limit; hashtags stay within the channel's budget and are the first thing given up
 * for room; a body that is still too long becomes a thread where the channel has threads,
 * or is shortened where it has not. Fitting a fitted draft again changes nothing.
 */
export function fitToChannel(channel: Channel, draft: { title?: string | null; body: string; hashtags?: string[] }): ChannelDraft {
  const rule = channelRules[channel];
  const fits: Fits = (candidate) => countAs(rule.unit, candidate) <= rule.bodyLimit;
  const title = rule.titleLimit && draft.title ? shortenToFit(draft.title, (candidate) => candidate.length <= rule.titleLimit!) : (draft.title ?? null);
  const wanted = [...new Set((draft.hashtags ?? []).map(normalizeHashtag).filter((tag) => tag.length > 1))].slice(0, rule.hashtagBudget);
  const body = draft.body.trim().replace(hashtagLine, "").trim();
  const result = (parts: string[], hashtags: string[]) => ({ channel, format: rule.format, title, body: parts.join("\n\n"), parts, hashtags });

  for (let count = wanted.length; count >= 0; count--) {
    const tags = wanted.slice(0, count);
    const post = tags.length ? `${body}\n\n${tags.join(" ")}` : body;
    if (fits(post)) return result([post], tags);
  }
  if (rule.threads) {
    const parts = splitIntoThread(body, fits);
    const tags = wanted.join(" ");
    if (tags && fits(`${parts.at(-1)}\n\n${tags}`)) parts[parts.length - 1] = `${parts.at(-1)}\n\n${tags}`;
    return result(parts, tags && parts.at(-1)!.endsWith(tags) ? wanted : []);
  }
  return result([shortenToFit(body, fits)], []);
}
