"use client";

import { useState } from "react";
import { channelLabel } from "@/components/growth/channel-badge";
import { shareLinkFor } from "@/components/growth/share-links";
import type { GrowthItem } from "@/components/growth/types";
import { Button, buttonClasses, CopyButton, Input } from "@/components/ui";
import { describeFailure } from "@/lib/actions/form-state";
import { isPostLink, postLinkHint } from "@/lib/schemas/post-link";
import { confirmPublicationAction } from "./actions";

/**
 * "I posted it": the founder gives the live post's link (an https address, said at the field
 * otherwise) and the item is published.
 */
export function PostedIt({ item, onItem }: { item: GrowthItem; onItem: (item: GrowthItem) => void }) {
  const [open, setOpen] = useState(false);
  const [link, setLink] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const id = `posted-${item.id}`;
  if (!open)
    return (
      <Button size="sm" onClick={() => setOpen(true)}>
        I posted it
      </Button>
    );
  return (
    <form
      className="flex w-full flex-wrap items-start gap-2"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        if (!isPostLink(link)) {
          setError(postLinkHint);
          return;
        }
        setPending(true);
        setError(null);
        const result = await confirmPublicationAction(item.id, { outcome: "posted", url: link.trim() });
        setPending(false);
        if (result.ok) onItem(result.data.item);
        else setError(describeFailure(result));
      }}
    >
      <div className="min-w-0 flex-1 space-y-1">
        <label htmlFor={`${id}-link`} className="text-xs font-medium text-muted">
          Link to your post
        </label>
        <Input
          id={`${id}-link`}
          type="url"
          inputMode="url"
          autoFocus
          placeholder={item.channel === "x" ? "https://x.com/you/status/…" : "https://"}
          value={link}
          onChange={(event) => setLink(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          disabled={pending}
        />
        {error && (
          <p id={`${id}-error`} className="text-xs text-danger">
            {error}
          </p>
        )}
      </div>
      <Button type="submit" size="sm" disabled={pending} className="mt-5">
        {pending ? "Saving…" : "Save link"}
      </Button>
    </form>
  );
}

/** The post as it is pasted: a thread's parts separated by a blank line. */
const postText = (item: GrowthItem) => (item.draft ? item.draft.parts.join("\n\n") || (item.draft.body ?? "") : "");

/**
 * Posts whose time came on a channel with no connected account: each with its text ready to
 * copy, its network's compose page ("Open in …") and "I posted it".
 */
export function DuePosts({ items, onItem }: { items: GrowthItem[]; onItem: (item: GrowthItem) => void }) {
  const due = items.filter((item) => item.publication?.status === "due");
  if (due.length === 0) return null;
  return (
    <section
      aria-labelledby="due-posts-title"
      data-testid="due-posts"
      className="space-y-3 rounded-xl border border-warning/40 bg-warning-soft/40 p-4"
    >
      <h2 id="due-posts-title" className="text-sm font-semibold">
        {due.length === 1 ? "A post is due" : `${due.length} posts are due`}: post {due.length === 1 ? "it" : "them"} by hand
      </h2>
      <ul className="space-y-4">
        {due.map((item) => {
          const text = postText(item);
          const share = text ? shareLinkFor(item.channel, item.draft?.parts[0] ?? text, item.draft?.title ?? null) : null;
          return (
            <li key={item.id} className="space-y-2" data-testid="due-post">
              <p className="text-sm">
                Due to post by hand: <span className="font-semibold">{item.title}</span> ({channelLabel(item.channel)})
              </p>
              {text && (
                <p className="whitespace-pre-wrap break-words rounded-lg border border-line bg-surface p-3 text-sm">{text}</p>
              )}
              <div className="flex flex-wrap items-center gap-2">
                {text && <CopyButton value={text} label="Copy post" />}
                {share && (
                  <a href={share.href} target="_blank" rel="noopener noreferrer" className={buttonClasses("secondary", "sm")}>
                    Open in {share.network}
                    <span className="sr-only"> (new tab)</span>
                  </a>
                )}
                <PostedIt item={item} onItem={onItem} />
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
