"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import type { GrowthItem } from "@/components/growth/types";
import { labelOf, publicationLabel } from "@/components/labels";
import { Badge, Button, Input, Notice, Select } from "@/components/ui";
import { When } from "@/components/ui/when";
import { useOperationAction } from "@/components/use-operation-action";
import type { ActionResult } from "@/lib/actions/run-operation";
import type { FieldDescriptor, NetworkView } from "@/lib/networks/provider";
import type { PublishOptions } from "@/lib/schemas/publishing";
import { confirmPublicationAction, publishItemAction, pullMetricsAction, scheduleItemAction } from "./actions";
import { ConnectDialog } from "./connect-dialog";
import { PostedIt } from "./due-posts";
import { mayPublish, networkOf } from "./publication-networks";
import { localInputValue } from "./schedule-time";

export interface AccountOption {
  id: string;
  network: string;
  handle: string | null;
  status: string;
}

const noOptions: PublishOptions = {};

/**
 * A post whose answer was lost on a network that cannot be asked (X, LinkedIn): it may be
 * live. The founder looks, then says so: "It went out" with the post's link, or "It did not
 * go out" to post it again. Launchloop never posts it again on its own.
 */
function ConfirmPublication({
  item,
  network,
  handle,
  pending,
  act,
}: {
  item: GrowthItem;
  network: string;
  handle: string | null | undefined;
  pending: boolean;
  act: (action: () => Promise<ActionResult<{ item: GrowthItem }>>) => void;
}) {
  const [link, setLink] = useState("");
  const id = `confirm-${item.id}`;
  const linkOk = /^https:\/\/\S+$/.test(link.trim());
  return (
    <div className="space-y-3" data-testid="publication-unconfirmed">
      <Notice tone="warning" title="This post may already be live">
        We sent it to {network}
        {handle ? ` (${handle})` : ""}, but {network}'s answer never came back, so we can't tell whether it went out. We won't
        post it again on our own, so it never shows up twice. Please look at the account, then tell us what you found.
      </Notice>
      <div className="space-y-1">
        <label htmlFor={`${id}-link`} className="text-xs font-medium text-muted">
          Link to the post, if you found it
        </label>
        <Input
          id={`${id}-link`}
          type="url"
          inputMode="url"
          placeholder={item.channel === "x" ? "https://x.com/you/status/…" : "https://www.linkedin.com/feed/update/…"}
          value={link}
          onChange={(event) => setLink(event.target.value)}
          disabled={pending}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          disabled={pending || !linkOk}
          onClick={() => act(() => confirmPublicationAction(item.id, { outcome: "posted", url: link.trim() }))}
        >
          It went out
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={pending}
          onClick={() => act(() => confirmPublicationAction(item.id, { outcome: "not_posted" }))}
        >
          It did not go out: post it again
        </Button>
      </div>
    </div>
  );
}

/**
 * An approved or published item's publishing: the account it goes out on, its time
 * (editable), Publish now, then the live link and its numbers; a failure says why and offers a retry.
 */
export function PublicationPanel({
  item,
  projectId,
  accounts,
  networks,
  onItem,
  guard = (_action, run) => run(),
}: {
  item: GrowthItem;
  projectId: string;
  accounts: AccountOption[];
  networks: NetworkView[];
  onItem: (item: GrowthItem) => void;
  /** Asks before publishing (while the draft has blanks). */
  guard?: (action: string, run: () => void) => void;
}) {
  const router = useRouter();
  const { pending, error, run } = useOperationAction();
  const publication = item.publication;
  const [time, setTime] = useState(localInputValue(publication?.scheduledAt));
  useEffect(() => setTime(localInputValue(publication?.scheduledAt)), [publication?.scheduledAt]);

  // While it is going out (or due within a minute), read the board again every few seconds.
  const dueSoon =
    publication?.status === "scheduled" && publication.scheduledAt && Date.parse(publication.scheduledAt) - Date.now() < 60_000;
  const watching = publication?.status === "publishing" || dueSoon;
  useEffect(() => {
    if (!watching) return;
    const timer = setInterval(() => router.refresh(), 2000);
    return () => clearInterval(timer);
  }, [watching, router]);

  const view = networkOf(item, networks);
  if (!view || !mayPublish(item, networks)) return null;
  const mine = accounts.filter((account) => account.network === view.network);
  const act = (action: () => Promise<ActionResult<{ item: GrowthItem }>>) =>
    run(action, (data) => onItem(data.item), { refresh: false });
  const id = `publication-${item.id}`;

  if (item.status === "published" && !publication) return null;

  const account = mine.find((candidate) => candidate.id === publication?.connectionId);
  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid="publication"
      data-publication={publication?.status ?? "none"}
      className="space-y-3 rounded-xl border border-line bg-canvas p-4"
    >
      <div className="flex flex-wrap items-center gap-2">
        <p id={`${id}-title`} className="text-sm font-semibold">
          Publishing
        </p>
        {publication && (
          <Badge
            tone={
              publication.status === "published"
                ? "success"
                : publication.status === "failed"
                  ? "danger"
                  : publication.status === "unconfirmed" || publication.status === "due"
                    ? "warning"
                    : "accent"
            }
            data-testid="publication-status"
          >
            {labelOf(publicationLabel, publication.status)}
          </Badge>
        )}
      </div>

      {publication?.status === "published" ? (
        <div className="space-y-2 text-sm">
          <p>
            Live{account?.handle ? ` on ${account.handle}` : ""} since{" "}
            {publication.publishedAt ? <When at={publication.publishedAt} time /> : "now"}:{" "}
            {publication.url && (
              <a
                href={publication.url}
                target="_blank"
                rel="noopener noreferrer"
                className="break-all font-medium text-accent underline"
                data-testid="post-link"
              >
                open the post<span className="sr-only"> (new tab)</span>
              </a>
            )}
          </p>
          {item.metrics ? (
            <dl className="flex flex-wrap gap-x-5 gap-y-1" data-testid="post-metrics">
              {(typeof item.metrics.opens === "number"
                ? // A newsletter: opens, clicks and replies (it has no likes or reposts).
                  ([
                    ["Opens", item.metrics.opens],
                    ["Clicks", item.metrics.clicks ?? null],
                    ["Replies", item.metrics.replies],
                  ] as const)
                : ([
                    ["Likes", item.metrics.likes],
                    [item.channel === "mastodon" ? "Boosts" : "Reposts", item.metrics.reposts],
                    ["Replies", item.metrics.replies],
                    ["Quotes", item.metrics.quotes],
                  ] as const)
              )
                .filter(([, value]) => value !== null)
                .map(([label, value]) => (
                  <div key={label} className="flex gap-1">
                    <dt className="text-muted">{label}</dt>
                    <dd className="font-semibold tabular-nums">{value}</dd>
                  </div>
                ))}
            </dl>
          ) : !view.metrics ? (
            <p className="text-muted">
              {view.label} does not give apps the numbers of members' posts: read them on {view.label}.
            </p>
          ) : !publication.connectionId ? (
            <p className="text-muted">Posted by hand, on no account connected here: read its numbers on {view.label}.</p>
          ) : (
            <p className="text-muted">Numbers come about an hour after publishing.</p>
          )}
          {view.metrics && publication.connectionId && (
            <Button size="sm" variant="ghost" disabled={pending} onClick={() => act(() => pullMetricsAction(item.id))}>
              Refresh numbers
            </Button>
          )}
        </div>
      ) : publication?.status === "due" ? (
        <div className="space-y-3" data-testid="publication-due">
          <Notice tone="warning" title="Due to post by hand">
            Its time came and no {view.label} account is connected: copy the post, open {view.label}, post it, then give us its
            link so the week counts it.
          </Notice>
          <div className="flex flex-wrap gap-2">
            <PostedIt item={item} onItem={onItem} />
          </div>
        </div>
      ) : publication?.status === "unconfirmed" ? (
        <ConfirmPublication item={item} network={view.label} handle={account?.handle} pending={pending} act={act} />
      ) : (
        <>
          <div className="grid gap-3 sm:grid-cols-2">
            {mine.length === 0 ? (
              <div className="space-y-1">
                <p className="text-xs font-medium text-muted">Account</p>
                <div className="flex flex-wrap items-center gap-2">
                  <span className="text-sm">None: you post it by hand</span>
                  {view.connect.configured && (
                    <ConnectDialog projectId={projectId} itemId={item.id} view={view} onItem={onItem} />
                  )}
                </div>
              </div>
            ) : (
              <div className="space-y-1">
                <label htmlFor={`${id}-account`} className="text-xs font-medium text-muted">
                  Account
                </label>
                <Select
                  id={`${id}-account`}
                  value={publication?.connectionId ?? ""}
                  disabled={pending || publication?.status === "publishing"}
                  onChange={(event) => act(() => scheduleItemAction(item.id, { connectionId: event.target.value || null }))}
                >
                  <option value="">None: remind me to post it by hand</option>
                  {mine.map((candidate) => (
                    <option key={candidate.id} value={candidate.id} disabled={candidate.status !== "connected"}>
                      {candidate.handle ?? candidate.network}
                      {candidate.status !== "connected" ? " (disconnected)" : ""}
                    </option>
                  ))}
                </Select>
              </div>
            )}
            <div className="space-y-1">
              <label htmlFor={`${id}-time`} className="text-xs font-medium text-muted">
                Goes out at (your time)
              </label>
              <Input
                id={`${id}-time`}
                type="datetime-local"
                value={time}
                onChange={(event) => setTime(event.target.value)}
                disabled={pending || publication?.status === "publishing"}
              />
            </div>
          </div>
          {view.itemOptions.length > 0 && (
            <ItemOptions
              id={`${id}-options`}
              fields={view.itemOptions}
              values={publication?.options ?? noOptions}
              disabled={pending || publication?.status === "publishing"}
              onSave={(publishOptions) => act(() => scheduleItemAction(item.id, { publishOptions }))}
            />
          )}
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="secondary"
              disabled={pending || !time || localInputValue(publication?.scheduledAt) === time}
              onClick={() => act(() => scheduleItemAction(item.id, { scheduledAt: new Date(time).toISOString() }))}
            >
              Save time
            </Button>
            {publication?.scheduledAt && publication.status === "scheduled" && (
              <Button
                size="sm"
                variant="ghost"
                disabled={pending}
                onClick={() => act(() => scheduleItemAction(item.id, { scheduledAt: null }))}
              >
                Unschedule
              </Button>
            )}
            {mine.length > 0 && (
              <Button
                size="sm"
                disabled={pending || !publication?.connectionId || publication.status === "publishing"}
                onClick={() => guard("Publish now", () => act(() => publishItemAction(item.id)))}
              >
                {publication?.status === "failed" ? "Retry now" : "Publish now"}
              </Button>
            )}
          </div>
          {publication?.status === "scheduled" && publication.scheduledAt && publication.connectionId && (
            <p className="text-sm text-muted">
              Goes out <When at={publication.scheduledAt} time />
              {account?.handle ? ` on ${account.handle}` : ""}.
            </p>
          )}
          {publication?.status === "scheduled" && publication.scheduledAt && !publication.connectionId && (
            <p className="text-sm text-muted" data-testid="reminder-time">
              <When at={publication.scheduledAt} time />: we remind you to post it by hand, with the post ready to copy.
            </p>
          )}
          {publication?.status === "publishing" && <p className="text-sm text-muted">Going out now…</p>}
          {publication?.status === "failed" && (
            <Notice tone="danger" title="It did not go out">
              {publication.error ?? "The network refused it."} The item is still approved: fix what the network said, then retry.
            </Notice>
          )}
        </>
      )}
      {error && <Notice tone="danger">{error}</Notice>}
    </section>
  );
}

/**
 * The network's per-item choices (a subreddit, a title, unlisted or public), drawn from its
 * provider's field descriptors; a choice is saved as it is made, checked by the provider.
 */
function ItemOptions({
  id,
  fields,
  values,
  disabled,
  onSave,
}: {
  id: string;
  fields: FieldDescriptor[];
  values: PublishOptions;
  disabled: boolean;
  onSave: (options: PublishOptions) => void;
}) {
  const [draft, setDraft] = useState<PublishOptions>(values);
  useEffect(() => setDraft(values), [values]);
  const save = (name: string, value: string) => {
    const next = { ...draft, [name]: value === "" ? null : value };
    setDraft(next);
    if ((values[name] ?? null) !== next[name])
      onSave(Object.fromEntries(Object.entries(next).filter(([, kept]) => kept !== null)));
  };
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2" data-testid="publish-options">
      <legend className="sr-only">Options for this network</legend>
      {fields.map((field) => {
        const fieldId = `${id}-${field.name}`;
        const value = String(draft[field.name] ?? "");
        return (
          <div key={field.name} className="space-y-1">
            <label htmlFor={fieldId} className="text-xs font-medium text-muted">
              {field.label}
              {field.optional ? " (optional)" : ""}
            </label>
            {field.kind === "select" ? (
              <Select id={fieldId} value={value} disabled={disabled} onChange={(event) => save(field.name, event.target.value)}>
                {field.optional && <option value="">Default</option>}
                {field.choices?.map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {choice.label}
                  </option>
                ))}
              </Select>
            ) : (
              <Input
                id={fieldId}
                type={field.kind === "url" ? "url" : "text"}
                placeholder={field.placeholder}
                value={value}
                disabled={disabled}
                onChange={(event) => setDraft({ ...draft, [field.name]: event.target.value })}
                onBlur={(event) => save(field.name, event.target.value.trim())}
              />
            )}
            {field.help && <p className="text-xs text-muted">{field.help}</p>}
          </div>
        );
      })}
    </fieldset>
  );
}
