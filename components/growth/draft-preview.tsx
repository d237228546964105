"use client";

import { useState } from "react";
import { BlankText } from "@/components/blanks/blank-text";
import { CopyButton } from "@/components/ui";
import { channelRules } from "@/lib/channels/rules";
import { countBlanks } from "@/lib/drafts/blanks";
import type { Channel } from "@/lib/schemas/growth";
import { channelLabel } from "./channel-badge";
import { LengthMeter } from "./length-meter";
import type { Draft } from "./types";

/** About what LinkedIn shows before "…see more" on a desktop feed. */
const linkedInFold = 210;

function foldAt(text: string): number {
  const lines = text.split("\n");
  const threeLines = lines.slice(0, 3).join("\n").length;
  return Math.min(linkedInFold, threeLines);
}

function Hashtags({ tags }: { tags: string[] }) {
  if (!tags.length) return null;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Hashtags">
      {tags.map((tag) => (
        <li key={tag} className="rounded-full bg-accent-soft px-2 py-0.5 text-xs font-medium text-accent">
          {tag}
        </li>
      ))}
    </ul>
  );
}

/** A short-post channel: one post, or a numbered thread shown as the list of posts it is. */
function ThreadPreview({ channel, draft, brand, fillable, guard }: PreviewProps & { brand: string }) {
  // The body is the parts joined by blank lines, so a part's first blank follows those of the parts before it.
  const firsts = draft.parts.map((_, index) => countBlanks(draft.parts.slice(0, index).join("\n\n")));
  return (
    <ol className="space-y-3" aria-label={draft.parts.length > 1 ? `Thread of ${draft.parts.length} posts` : "Post"}>
      {draft.parts.map((part, index) => (
        <li
          key={`${index}-${part.slice(0, 12)}`}
          data-testid="draft-post"
          className="rounded-xl border border-line bg-surface p-4"
        >
          <div className="mb-2 flex items-center gap-2 text-sm">
            <span
              className="flex size-8 items-center justify-center rounded-full bg-accent-soft font-semibold text-accent"
              aria-hidden
            >
              {brand.slice(0, 1).toUpperCase()}
            </span>
            <span className="font-semibold">{brand}</span>
            {draft.parts.length > 1 && (
              <span className="text-muted">
                · post {index + 1} of {draft.parts.length}
              </span>
            )}
          </div>
          <p className="whitespace-pre-wrap break-words text-[15px] leading-6">
            <BlankText text={part} first={firsts[index]} fillable={fillable} />
          </p>
          <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
            <LengthMeter
              channel={channel}
              text={part}
              label={`Length of post ${index + 1}`}
              // A one-post draft's length is this post's, counted by the server when it was saved (no counter to load).
              counted={draft.parts.length === 1 ? draft.length : undefined}
            />
            {draft.parts.length > 1 && <CopyButton value={part} label={`Copy post ${index + 1}`} guard={guard} />}
          </div>
        </li>
      ))}
    </ol>
  );
}

function LinkedInPreview({ draft, brand, fillable }: Omit<PreviewProps, "channel"> & { brand: string }) {
  const [expanded, setExpanded] = useState(false);
  const fold = foldAt(draft.body);
  const folded = draft.body.length > fold;
  return (
    <div data-testid="draft-post" className="rounded-xl border border-line bg-surface p-4">
      <p className="mb-2 text-sm font-semibold">{brand}</p>
      <p className="whitespace-pre-wrap break-words text-[15px] leading-6">
        <BlankText text={expanded || !folded ? draft.body : `${draft.body.slice(0, fold).trimEnd()}…`} fillable={fillable} />
        {folded && (
          <button
            type="button"
            className="ml-1 font-semibold text-muted hover:text-ink"
            aria-expanded={expanded}
            onClick={() => setExpanded(!expanded)}
          >
            {expanded ? "see less" : "see more"}
          </button>
        )}
      </p>
      {folded && !expanded && (
        <p className="mt-2 text-xs text-muted">Readers see the first {fold} characters before “see more”: make them count.</p>
      )}
      <div className="mt-3">
        <LengthMeter channel="linkedin" text={draft.body} label="Length of the post" />
      </div>
    </div>
  );
}

function CaptionPreview({ channel, draft, fillable }: PreviewProps) {
  // The tag line is shown as tags; the meter still counts the caption as posted, tags included.
  const caption = draft.hashtags.length ? draft.body.replace(/\n*(?:#[\p{L}\p{N}_]+[ \t]*)+$/u, "") : draft.body;
  return (
    <div data-testid="draft-post" className="space-y-3 rounded-xl border border-line bg-surface p-4">
      <div className="flex aspect-[4/3] max-h-48 items-center justify-center rounded-lg bg-sunken text-sm text-muted" aria-hidden>
        {channelRules[channel].format === "video" ? "Your video" : "Your image"}
      </div>
      {draft.title && (
        <p className="font-semibold">
          <BlankText text={draft.title} fillable={false} />
        </p>
      )}
      <p className="whitespace-pre-wrap break-words text-[15px] leading-6">
        <BlankText text={caption} fillable={fillable} />
      </p>
      <Hashtags tags={draft.hashtags} />
      <LengthMeter channel={channel} text={draft.body} label="Length of the caption" />
    </div>
  );
}

/** Splits a long-form body into its outline (the "Outline:" list) and its sections. */
export function outlineOf(body: string): { outline: string[]; rest: string } {
  const match = /\*\*Outline:\*\*\n((?:\d+\.\s.*\n?)+)/.exec(body);
  const headings = [...body.matchAll(/^##\s+(.+)$/gm)].map((heading) => heading[1]!.trim());
  if (match)
    return {
      outline: match[1]!
        .trim()
        .split("\n")
        .map((line) => line.replace(/^\d+\.\s*/, "")),
      rest: body.replace(match[0], "").trim(),
    };
  return { outline: headings, rest: body };
}

function LongFormPreview({ channel, draft, fillable }: PreviewProps) {
  const { outline, rest } = outlineOf(draft.body);
  // Each block's first blank, counted in the body where the block stands.
  let from = 0;
  const firstOf = (block: string) => {
    const at = draft.body.indexOf(block, from);
    if (at < 0) return 0;
    from = at + block.length;
    return countBlanks(draft.body.slice(0, at));
  };
  return (
    <article data-testid="draft-post" className="space-y-4 rounded-xl border border-line bg-surface p-5">
      <h4 className="text-xl font-semibold tracking-tight">
        <BlankText text={draft.title ?? "Untitled"} fillable={false} />
      </h4>
      {outline.length > 0 && (
        <nav aria-label="Outline" className="rounded-lg bg-sunken px-4 py-3 text-sm">
          <p className="font-semibold">Outline</p>
          <ol className="mt-1 list-decimal space-y-0.5 pl-5">
            {outline.map((heading) => (
              <li key={heading}>{heading}</li>
            ))}
          </ol>
        </nav>
      )}
      <div className="space-y-3 text-[15px] leading-7">
        {rest.split(/\n{2,}/).map((block, index) => {
          const first = firstOf(block);
          return block.startsWith("## ") ? (
            <h5 key={index} className="pt-2 text-base font-semibold">
              <BlankText text={block.slice(3)} first={first} fillable={fillable} />
            </h5>
          ) : (
            <p key={index} className="whitespace-pre-wrap break-words">
              <BlankText text={block.replace(/\*\*/g, "")} first={first} fillable={fillable} />
            </p>
          );
        })}
      </div>
      <LengthMeter channel={channel} text={draft.body} label="Length of the piece" />
    </article>
  );
}

function CommunityPreview({ channel, draft, fillable }: PreviewProps) {
  return (
    <div data-testid="draft-post" className="space-y-2 rounded-xl border border-line bg-surface p-4">
      {draft.title && (
        <p className="text-base font-semibold">
          <BlankText text={draft.title} fillable={false} />
        </p>
      )}
      <p className="whitespace-pre-wrap break-words text-[15px] leading-6">
        <BlankText text={draft.body} fillable={fillable} />
      </p>
      <LengthMeter channel={channel} text={draft.body} label={`Length of the ${channelLabel(channel)} post`} />
    </div>
  );
}

interface PreviewProps {
  channel: Channel;
  draft: Draft;
  /** Blanks as FillableDraft's buttons; otherwise only highlighted. */
  fillable?: boolean;
  /** Asks before a post is copied (while blanks remain). */
  guard?: (action: string, run: () => void) => void;
}

/**
 * The draft as its channel shows it, with a length meter per post counted the channel's way;
 * its blanks ("[add: …]") highlighted, or buttons to fill when `fillable` (inside FillableDraft).
 */
export function DraftPreview({ channel, draft, brand, fillable = false, guard }: PreviewProps & { brand: string }) {
  switch (channelRules[channel].format) {
    case "short-post":
      return <ThreadPreview channel={channel} draft={draft} brand={brand} fillable={fillable} guard={guard} />;
    case "post":
      return <LinkedInPreview draft={draft} brand={brand} fillable={fillable} />;
    case "visual":
    case "video":
      return <CaptionPreview channel={channel} draft={draft} fillable={fillable} />;
    case "long-form":
      return <LongFormPreview channel={channel} draft={draft} fillable={fillable} />;
    default:
      return <CommunityPreview channel={channel} draft={draft} fillable={fillable} />;
  }
}
