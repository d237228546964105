"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import { BlankCount, useBlankGuard } from "@/components/blanks/blank-guard";
import { FillableDraft } from "@/components/blanks/fillable-draft";
import { ChannelBadge, channelLabel, statusTone } from "@/components/growth/channel-badge";
import { draftBlanks } from "@/components/growth/draft-blanks";
import { DraftPreview } from "@/components/growth/draft-preview";
import { reviewMovesFrom } from "@/components/growth/review-moves";
import { shareLinkFor } from "@/components/growth/share-links";
import type { ChangeRequest, GrowthItem } from "@/components/growth/types";
import { DraftHistory } from "@/components/history/draft-history";
import { itemStatusLabel } from "@/components/labels";
import { ItemResults } from "@/components/results/item-results";
import { Badge, Button, buttonClasses, CopyButton, cx, Input, Notice, PhoneFold, useToast } from "@/components/ui";
import { useOperationAction } from "@/components/use-operation-action";
import { describeFailure } from "@/lib/actions/form-state";
import type { ActionResult } from "@/lib/actions/run-operation";
import { channelRules } from "@/lib/channels/rules";
import { blanksLeft, fillBlank, fillBlankInParts } from "@/lib/drafts/blanks";
import { canEdit, canGenerate, reviewTransition } from "@/lib/growth/item-transitions";
import type { NetworkView } from "@/lib/networks/provider";
import { isPostLink, postLinkHint } from "@/lib/schemas/post-link";
import {
  confirmPublicationAction,
  editItemDraftAction,
  generateItemAction,
  itemVersionsAction,
  reviewItemAction,
  updateLinkAction,
} from "./actions";
import { ItemImages } from "./item-images";
import { mayPublish } from "./publication-networks";
import type { AccountOption } from "./publication-panel";
import { useItemCommands } from "./use-item-commands";

// The editor and its channel counters (twitter-text) load when a founder opens it; the
// publishing panel with the first item that can have one (drawn on the server, its code comes with the page).
const DraftEditor = dynamic(() => import("./draft-editor").then((module) => module.DraftEditor));
const PublicationPanel = dynamic(() => import("./publication-panel").then((module) => module.PublicationPanel));

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

/**
 * "Posted it? Mark it published". With no connected account it is the founder's "I posted it":
 * the post's link is required (the API's rule, checked here first and said at the field); on an
 * account, the link is optional.
 */
function PublishForm({
  item,
  busy,
  byHand,
  onPublish,
}: {
  item: GrowthItem;
  busy: boolean;
  byHand: boolean;
  onPublish: (answer: { link: string; note: string }) => void;
}) {
  const [link, setLink] = useState("");
  const [note, setNote] = useState("");
  const [linkError, setLinkError] = useState<string | null>(null);
  const id = `publish-${item.id}`;
  return (
    <PhoneFold summary="Posted it? Mark it published" data-testid="publish-by-hand">
      <form
        className="space-y-3 rounded-xl border border-success/30 bg-success-soft/40 p-4"
        aria-labelledby={`${id}-title`}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const given = link.trim();
          if ((byHand || given) && !isPostLink(given)) return setLinkError(postLinkHint);
          setLinkError(null);
          onPublish({ link: given, note: note.trim() });
        }}
      >
        {/* On a phone its summary says it. */}
        <p id={`${id}-title`} className="hidden text-sm font-semibold sm:block">
          Posted it? Mark it published
        </p>
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="space-y-1">
            <label htmlFor={`${id}-link`} className="text-xs font-medium text-muted">
              {byHand ? "Link to the post" : "Link to the post (optional)"}
            </label>
            <Input
              id={`${id}-link`}
              type="url"
              inputMode="url"
              maxLength={2000}
              required={byHand}
              value={link}
              onChange={(event) => setLink(event.target.value)}
              placeholder="https://"
              aria-invalid={linkError ? true : undefined}
              aria-describedby={linkError ? `${id}-link-error` : undefined}
            />
            {linkError && (
              <p id={`${id}-link-error`} className="text-xs text-danger">
                {linkError}
              </p>
            )}
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
    </PhoneFold>
  );
}

/**
 * One item of an approved week: write its draft, see it as the channel shows it, fill its
 * blanks or edit it by hand, regenerate with feedback (every earlier draft stays in its
 * history), move it through the review states lib/growth allows, and publish it by hand.
 */
export function ItemPanel({
  item,
  brand,
  dayLabel,
  onItem,
  generating,
  projectId,
  accounts,
  networks,
  changeRequest,
}: {
  item: GrowthItem;
  brand: string;
  dayLabel: React.ReactNode;
  onItem: (item: GrowthItem) => void;
  generating: boolean;
  projectId: string;
  accounts: AccountOption[];
  networks: NetworkView[];
  /** A reviewer's request for changes not answered yet (the founder approving it again answers it). */
  changeRequest?: ChangeRequest;
}) {
  const { pending, error, run } = useOperationAction();
  const toast = useToast();
  useItemCommands(item.id);
  const [editing, setEditing] = useState(false);
  const [regenerateOpened, setRegenerateOpened] = useState(false);
  const busy = pending || generating;
  const draft = item.draft;
  const share = draft ? shareLinkFor(item.channel, draft.parts[0] ?? draft.body, draft.title) : null;
  const goingOut = item.publication?.status === "publishing";
  const editable = Boolean(draft) && canEdit(item.status) && !goingOut;
  const blanks = draftBlanks(draft);
  // What a post carries is settled once it is going out, out, or may be out.
  const imagesEditable =
    Boolean(draft) &&
    canEdit(item.status) &&
    !["publishing", "published", "unconfirmed"].includes(item.publication?.status ?? "");
  // Copy, "Open in …", approve and publish ask first while the draft has blanks, and say where.
  const where = `${channelLabel(item.channel)} › ${item.title}`;
  const { guard, dialog } = useBlankGuard(blanks ? [{ where, count: blanks, href: `#item-${item.id}` }] : []);

  const act = (action: () => Promise<ActionResult<{ item: GrowthItem }>>) =>
    run(action, (data) => onItem(data.item), { refresh: false });

  const fill = async (index: number, value: string) => {
    if (!draft) return "This item has no draft any more.";
    const edit = channelRules[item.channel].threads
      ? { parts: fillBlankInParts(draft.parts, index, value) }
      : { body: fillBlank(draft.body, index, value) };
    const result = await editItemDraftAction(item.id, edit);
    if (!result.ok) return describeFailure(result);
    onItem(result.data.item);
    const left = draftBlanks(result.data.item.draft);
    toast(left === 0 ? "Saved. No blank left in this draft." : `Saved. ${blanksLeft(left)} in this draft.`);
    return undefined;
  };
  const loadVersions = async () => {
    const result = await itemVersionsAction(item.id);
    if (!result.ok) return result;
    const earlier = result.data.versions;
    const versions = [...earlier].reverse().map((entry, index) => ({
      id: String(earlier.length - index),
      title: entry.title ?? item.title,
      body: entry.body,
      createdAt: entry.editedAt ?? entry.generatedAt,
    }));
    return { ok: true as const, data: { versions } };
  };

  return (
    <article
      id={`item-${item.id}`}
      data-testid="item-panel"
      data-status={item.status}
      data-channel={item.channel}
      aria-labelledby={`item-${item.id}-title`}
      className="card scroll-mt-24 space-y-4 p-5 sm:p-6"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <ChannelBadge channel={item.channel} />
            <span className="text-sm text-muted">{dayLabel}</span>
            <Badge tone={statusTone[item.status]} data-testid="item-status">
              {itemStatusLabel[item.status]}
            </Badge>
            <BlankCount count={blanks} />
          </div>
          <h3 id={`item-${item.id}-title`} className="text-lg font-semibold tracking-tight">
            {item.title}
          </h3>
          <p className="text-sm text-muted">
            {item.angle}
            {item.cta && <> · Call to action: {item.cta}</>}
          </p>
          <ItemResults tracking={item.tracking} updateLink={updateLinkAction} />
        </div>
      </header>

      {changeRequest && (
        <div data-testid="change-request">
          <Notice tone="warning" title={`${changeRequest.reviewerName} asked for changes`}>
            {changeRequest.comment ?? "No comment."}
          </Notice>
        </div>
      )}

      {/* The item's actions come before its preview, so Copy and Approve are on the first screen. */}
      <div className="flex flex-wrap items-center gap-2">
        {item.status === "planned" && (
          <Button size="sm" disabled={busy} onClick={() => act(() => generateItemAction(item.id))}>
            {busy ? "Writing…" : "Write draft"}
          </Button>
        )}
        {draft && !editing && (
          <CopyButton
            value={draft.title && !draft.body.startsWith(draft.title) ? `${draft.title}\n\n${draft.body}` : draft.body}
            label={draft.parts.length > 1 ? "Copy whole thread" : "Copy post"}
            guard={guard}
          />
        )}
        {draft && share && !editing && (
          <a
            href={share.href}
            target="_blank"
            rel="noopener noreferrer"
            onClick={(event) => {
              if (blanks === 0) return;
              event.preventDefault();
              guard(`Open in ${share.network}`, () => window.open(share.href, "_blank", "noopener,noreferrer"));
            }}
            className={buttonClasses("secondary", "sm")}
          >
            Open in {share.network}
            <span className="sr-only"> (new tab)</span>
          </a>
        )}
        {editable && !editing && (
          <Button size="sm" variant="secondary" disabled={busy} onClick={() => setEditing(true)}>
            Edit
          </Button>
        )}
        {draft && !editing && <DraftHistory title={item.title} current={draft.body} load={loadVersions} />}
        {!editing &&
          reviewMovesFrom(item.status).map((to) => (
            <Button
              key={to}
              size="sm"
              variant={to === "approved" ? "primary" : "ghost"}
              disabled={busy}
              data-move={to}
              onClick={() =>
                to === "approved"
                  ? guard("Approve", () => act(() => reviewItemAction(item.id, to)))
                  : act(() => reviewItemAction(item.id, to))
              }
            >
              {moveLabels[to] ?? to}
            </Button>
          ))}
      </div>
      {draft && editing ? (
        <DraftEditor
          item={item}
          onSaved={(saved) => {
            onItem(saved);
            setEditing(false);
            toast("Draft saved. The earlier one is in its history.");
          }}
          onCancel={() => setEditing(false)}
        />
      ) : draft && editable ? (
        <FillableDraft body={draft.body} onFill={fill}>
          <DraftPreview channel={item.channel} draft={draft} brand={brand} fillable guard={guard} />
        </FillableDraft>
      ) : draft ? (
        <DraftPreview channel={item.channel} draft={draft} brand={brand} guard={guard} />
      ) : (
        <p className="rounded-xl border border-dashed border-line px-4 py-6 text-center text-sm text-muted">
          No draft yet. {item.status === "planned" ? "Write one when you are ready." : ""}
        </p>
      )}

      {(draft || (item.images?.length ?? 0) > 0) && !editing && (
        <ItemImages item={item} networks={networks} editable={imagesEditable} />
      )}
      {dialog}
      {share?.hint && <p className="text-xs text-muted">{share.hint}</p>}
      {mayPublish(item, networks) && (
        <PublicationPanel
          item={item}
          projectId={projectId}
          accounts={accounts}
          networks={networks}
          onItem={onItem}
          guard={guard}
        />
      )}
      {item.status === "published" && !item.publication && (
        <Notice tone="success">Published{item.resultNote ? `: ${item.resultNote}` : "."}</Notice>
      )}
      {item.status === "published" && item.publication && item.resultNote && (
        <p className="text-sm text-muted" data-testid="result-note">
          Your note: {item.resultNote}
        </p>
      )}
      {error && <Notice tone="danger">{error}</Notice>}

      {canGenerate(item.status) && draft && (
        <details
          className="group"
          data-testid="regenerate"
          onToggle={(event) => event.currentTarget.open && setRegenerateOpened(true)}
        >
          <summary className={buttonClasses("secondary", "sm", "cursor-pointer list-none [&::-webkit-details-marker]:hidden")}>
            Regenerate…
          </summary>
          {/* Drawn once opened: five of these forms made a fifth of the board's HTML. */}
          {regenerateOpened && (
            <div className="mt-3">
              <RegenerateForm
                item={item}
                busy={busy}
                onRun={(feedback) => act(() => generateItemAction(item.id, feedback || undefined))}
              />
            </div>
          )}
        </details>
      )}
      {/* A post that may have gone out, or one due by hand, is answered in its publication panel (with the link). */}
      {reviewTransition(item.status, "published") === "allowed" &&
        item.publication?.status !== "unconfirmed" &&
        item.publication?.status !== "due" && (
          <PublishForm
            item={item}
            busy={busy}
            byHand={!item.publication?.connectionId}
            onPublish={({ link, note }) =>
              guard("Mark published", () =>
                act(async () => {
                  if (item.publication?.connectionId)
                    return reviewItemAction(item.id, "published", [link, note].filter(Boolean).join(" — ") || undefined);
                  // No account: the founder's "I posted it", with the link; the note follows it.
                  const posted = await confirmPublicationAction(item.id, { outcome: "posted", url: link });
                  return posted.ok && note ? reviewItemAction(item.id, "published", note) : posted;
                }),
              )
            }
          />
        )}

      <p className="sr-only" aria-live="polite">
        {pending ? `Working on ${channelLabel(item.channel)} item ${item.title}` : ""}
      </p>
    </article>
  );
}
