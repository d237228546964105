"use client";

import { useState } from "react";
import { ChannelBadge, channelLabel, statusTone } from "@/components/growth/channel-badge";
import { DraftPreview } from "@/components/growth/draft-preview";
import { reviewMovesFrom } from "@/components/growth/review-moves";
import { shareLinkFor } from "@/components/growth/share-links";
import type { GrowthItem } from "@/components/growth/types";
import { Badge, Button, buttonClasses, CopyButton, cx, Input, Notice } from "@/components/ui";
import { useOperationAction } from "@/components/use-operation-action";
import type { ActionResult } from "@/lib/actions/run-operation";
import { canGenerate, reviewTransition } from "@/lib/growth/item-transitions";
import { generateItemAction, reviewItemAction } from "./actions";
import { type AccountOption, PublicationPanel } from "./publication-panel";

const chips = ["shorter", "longer", "more casual", "more formal", "no hashtags", "add emoji"] as const;

const moveLabels: Record<string, string> = {
  approved: "Approve draft",
  skipped: "Skip",
  planned: "Back to planned",
  draft: "Back to draft",
};

function RegenerateForm({ item, busy, onRun }: { item: GrowthItem; busy: boolean; onRun: (feedback: string) => void }) {
  const [picked, setPicked] = useState<string[]>([]);
  const [text, setText] = useState("");
  const feedback = [...picked, text.trim()].filter(Boolean).join(", ");
  const id = `regenerate-${item.id}`;
  return (
    <form
      className="space-y-3 rounded-xl border border-line bg-canvas p-4"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        onRun(feedback);
        setPicked([]);
        setText("");
      }}
    >
      <p id={`${id}-title`} className="text-sm font-semibold">
        Regenerate with feedback
      </p>
      <div className="flex flex-wrap gap-2" role="group" aria-label="Quick feedback">
        {chips.map((chip) => {
          const on = picked.includes(chip);
          return (
            <button
              key={chip}
              type="button"
              aria-pressed={on}
              onClick={() => setPicked(on ? picked.filter((other) => other !== chip) : [...picked, chip])}
              className={cx(
                "rounded-full border px-3 py-1 text-sm",
                on ? "border-accent bg-accent text-white" : "border-line bg-surface text-ink hover:bg-sunken",
              )}
            >
              {chip}
            </button>
          );
        })}
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-text`} className="text-xs font-medium text-muted">
          Or say what to change
        </label>
        <Input
          id={`${id}-text`}
          maxLength={900}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="e.g. open with the customer's words"
        />
      </div>
      <Button type="submit" size="sm" variant="secondary" disabled={busy}>
        {busy ? "Rewriting…" : feedback ? "Regenerate" : "Regenerate (another take)"}
      </Button>
    </form>
  );
}

function PublishForm({ item, busy, onPublish }: { item: GrowthItem; busy: boolean; onPublish: (note: string) => void }) {
  const [link, setLink] = useState("");
  const [note, setNote] = useState("");
  const id = `publish-${item.id}`;
  return (
    <form
      className="space-y-3 rounded-xl border border-success/30 bg-success-soft/40 p-4"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        onPublish([link.trim(), note.trim()].filter(Boolean).join(" — ").slice(0, 1000));
      }}
    >
      <p id={`${id}-title`} className="text-sm font-semibold">
        Posted it? Mark it published
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-1">
          <label htmlFor={`${id}-link`} className="text-xs font-medium text-muted">
            Link to the post (optional)
          </label>
          <Input
            id={`${id}-link`}
            type="url"
            inputMode="url"
            maxLength={500}
            value={link}
            onChange={(event) => setLink(event.target.value)}
            placeholder="https://"
          />
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-note`} className="text-xs font-medium text-muted">
            Note (optional)
          </label>
          <Input id={`${id}-note`} maxLength={450} value={note} onChange={(event) => setNote(event.target.value)} />
        </div>
      </div>
      <Button type="submit" size="sm" disabled={busy}>
        Mark published
      </Button>
    </form>
  );
}

/**
 * One item of an approved week: write its draft, see it as the channel shows it,
 * regenerate with feedback (earlier drafts stay viewable), move it through the review
 * states lib/growth allows, and publish it by hand.
 */
export function ItemPanel({
  item,
  brand,
  dayLabel,
  onItem,
  generating,
  projectId,
  accounts,
}: {
  item: GrowthItem;
  brand: string;
  dayLabel: string;
  onItem: (item: GrowthItem) => void;
  generating: boolean;
  projectId: string;
  accounts: AccountOption[];
}) {
  const { pending, error, run } = useOperationAction();
  const busy = pending || generating;
  const draft = item.draft;
  const earlier = item.previousDrafts;
  const share = draft ? shareLinkFor(item.channel, draft.parts[0] ?? draft.body, draft.title) : null;

  const act = (action: () => Promise<ActionResult<{ item: GrowthItem }>>) =>
    run(action, (data) => onItem(data.item), { refresh: false });

  return (
    <article
      id={`item-${item.id}`}
      data-testid="item-panel"
      data-status={item.status}
      data-channel={item.channel}
      aria-labelledby={`item-${item.id}-title`}
      className="scroll-mt-24 space-y-4 rounded-[var(--radius-card)] border border-line bg-surface p-5 shadow-[var(--shadow-card)] sm:p-6"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <ChannelBadge channel={item.channel} />
            <span className="text-sm text-muted">{dayLabel}</span>
            <Badge tone={statusTone[item.status]} data-testid="item-status">
              {item.status}
            </Badge>
          </div>
          <h3 id={`item-${item.id}-title`} className="text-lg font-semibold tracking-tight">
            {item.title}
          </h3>
          <p className="text-sm text-muted">
            {item.angle}
            {item.cta && <> · Call to action: {item.cta}</>}
          </p>
        </div>
      </header>

      {draft ? (
        <DraftPreview channel={item.channel} draft={draft} brand={brand} />
      ) : (
        <p className="rounded-xl border border-dashed border-line px-4 py-6 text-center text-sm text-muted">
          No draft yet. {item.status === "planned" ? "Write one when you are ready." : ""}
        </p>
      )}

      <div className="flex flex-wrap items-center gap-2">
        {item.status === "planned" && (
          <Button size="sm" disabled={busy} onClick={() => act(() => generateItemAction(item.id))}>
            {busy ? "Writing…" : "Write draft"}
          </Button>
        )}
        {draft && (
          <CopyButton
            value={draft.title && !draft.body.startsWith(draft.title) ? `${draft.title}\n\n${draft.body}` : draft.body}
            label={draft.parts.length > 1 ? "Copy whole thread" : "Copy post"}
          />
        )}
        {draft && share && (
          <a href={share.href} target="_blank" rel="noopener noreferrer" className={buttonClasses("secondary", "sm")}>
            Open in {share.network}
            <span className="sr-only"> (new tab)</span>
          </a>
        )}
        {reviewMovesFrom(item.status).map((to) => (
          <Button
            key={to}
            size="sm"
            variant={to === "approved" ? "primary" : "ghost"}
            disabled={busy}
            data-move={to}
            onClick={() => act(() => reviewItemAction(item.id, to))}
          >
            {moveLabels[to] ?? to}
          </Button>
        ))}
      </div>
      {share?.hint && <p className="text-xs text-muted">{share.hint}</p>}
      <PublicationPanel item={item} projectId={projectId} accounts={accounts} onItem={onItem} />
      {item.status === "published" && !item.publication && (
        <Notice tone="success">Published{item.resultNote ? `: ${item.resultNote}` : "."}</Notice>
      )}
      {error && <Notice tone="danger">{error}</Notice>}

      {canGenerate(item.status) && draft && (
        <details className="group" data-testid="regenerate">
          <summary className={buttonClasses("secondary", "sm", "cursor-pointer list-none [&::-webkit-details-marker]:hidden")}>
            Regenerate…
          </summary>
          <div className="mt-3">
            <RegenerateForm
              item={item}
              busy={busy}
              onRun={(feedback) => act(() => generateItemAction(item.id, feedback || undefined))}
            />
          </div>
        </details>
      )}
      {reviewTransition(item.status, "published") === "allowed" && (
        <PublishForm
          item={item}
          busy={busy}
          onPublish={(note) => act(() => reviewItemAction(item.id, "published", note || undefined))}
        />
      )}

      {earlier.length > 0 && (
        <details className="rounded-xl border border-line px-4 py-3 text-sm">
          <summary className="cursor-pointer font-medium">Earlier drafts ({earlier.length})</summary>
          <ol className="mt-3 space-y-3">
            {earlier
              .map((entry, index) => ({ entry, index }))
              .reverse()
              .map(({ entry, index }) => (
                <li key={index} data-testid="earlier-draft" className="space-y-1 rounded-lg bg-sunken p-3">
                  <p className="text-xs text-muted">
                    Draft {index + 1}
                    {entry.feedback ? ` · asked: “${entry.feedback}”` : ""}
                    {entry.generatedAt
                      ? ` · ${new Date(entry.generatedAt).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" })} UTC`
                      : ""}
                  </p>
                  {entry.title && <p className="font-semibold">{entry.title}</p>}
                  <p className="whitespace-pre-wrap break-words">{entry.body}</p>
                </li>
              ))}
          </ol>
          {draft?.feedback && <p className="mt-2 text-xs text-muted">The current draft followed: “{draft.feedback}”.</p>}
        </details>
      )}
      <p className="sr-only" aria-live="polite">
        {pending ? `Working on ${channelLabel(item.channel)} item ${item.title}` : ""}
      </p>
    </article>
  );
}
