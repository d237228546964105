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

const ellipsis = "…";

/** The longest start of `text` that fits, cut at a sentence, else a word, else a grapheme. */
export function shortenToFit(text: string, fits: (candidate: string) => boolean): string {
  const trimmed = text.trim();
  if (fits(trimmed)) return trimmed;
  const sentences = trimmed.match(/[^.!?\n]+[.!?]*\s*/g) ?? [trimmed];
  let kept = "";
  for (const sentence of sentences) {
    if (!fits((kept + sentence).trim())) break;
    kept += sentence;
  }
  if (kept.trim()) return kept.trim();
  const words = trimmed.split(/\s+/);
  let byWords = "";
  for (const word of words) {
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

/** Splits text into posts that each fit, numbered "1/n"; over-long words are cut by graphemes. */
function splitIntoThread(text: string, fits: (candidate: string) => boolean): string[] {
  const numbering = " (99/99)";
  const fitsNumbered = (candidate: string) => fits(candidate + numbering);
  const pieces = (text.match(/[^.!?\n]+[.!?]*\s*/g) ?? [text]).flatMap((sentence) =>
    fitsNumbered(sentence.trim()) ? [sentence.trim()] : sentence.trim().split(/\s+/),
  );
  const posts: string[] = [];
  let current = "";
  const flush = () => {
    if (current.trim()) posts.push(current.trim());
    current = "";
  };
  for (const piece of pieces) {
    if (!piece) continue;
    const candidate = current ? `${current} ${piece}` : piece;
    if (fitsNumbered(candidate)) {
      current = candidate;
      continue;
    }
    flush();
    if (fitsNumbered(piece)) {
      current = piece;
      continue;
    }
    let chunk = "";
    for (const grapheme of graphemesOf(piece)) {
      if (!fitsNumbered(chunk + grapheme)) {
        posts.push(chunk);
        chunk = "";
      }
      chunk += grapheme;
    }
    current = chunk;
  }
  flush();
  return posts.length > 1 ? posts.map((post, index) => `${post} (${index + 1}/${posts.length})`) : posts;
}

const normalizeHashtag = (tag: string) => `#${tag.replace(/^#+/, "").replace(/[^\p{L}\p{N}_]/gu, "")}`;

/**
 * Makes a draft fit its channel as that channel counts: the title is shortened to the
 * title limit, hashtags are kept within the channel's budget, and a body that is too
 * long becomes a thread where the channel has threads, or is shortened where it has not.
 */
export function fitToChannel(channel: Channel, draft: { title?: string | null; body: string; hashtags?: string[] }): ChannelDraft {
  const rule = channelRules[channel];
  const fits = (candidate: string) => countAs(rule.unit, candidate) <= rule.bodyLimit;
  const title = rule.titleLimit && draft.title ? shortenToFit(draft.title, (candidate) => candidate.length <= rule.titleLimit!) : (draft.title ?? null);
  const hashtags = [...new Set((draft.hashtags ?? []).map(normalizeHashtag).filter((tag) => tag.length > 1))].slice(0, rule.hashtagBudget);
  const tagLine = hashtags.join(" ");
  const body = draft.body.trim();

  const withTags = tagLine ? `${body}\n\n${tagLine}` : body;
  if (fits(withTags)) return { channel, format: rule.format, title, body: withTags, parts: [withTags], hashtags };

  let parts: string[];
  if (rule.threads) {
    parts = splitIntoThread(body, fits);
    const last = parts.at(-1)!;
    if (tagLine && fits(`${last}\n\n${tagLine}`)) parts[parts.length - 1] = `${last}\n\n${tagLine}`;
  } else {
    const room = tagLine ? (candidate: string) => fits(`${candidate}\n\n${tagLine}`) : fits;
    const shortened = shortenToFit(body, room);
    parts = [tagLine && fits(`${shortened}\n\n${tagLine}`) ? `${shortened}\n\n${tagLine}` : shortened];
  }
  return { channel, format: rule.format, title, body: parts.join("\n\n"), parts, hashtags };
}
