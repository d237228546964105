"use client";

import { useRouter } from "next/navigation";
import { Suspense, useEffect, useState } from "react";
import { startCheckout } from "@/app/(dashboard)/projects/actions";
import { BlankCount, useBlankGuard } from "@/components/blanks/blank-guard";
import { type BlankPlace, blankPlaces, blanksLeft, countBlanks, fillBlank, totalBlanks } from "@/components/blanks/blanks";
import { FillableDraft } from "@/components/blanks/fillable-draft";
import { ChannelBadge } from "@/components/growth/channel-badge";
import { shareLinkFor } from "@/components/growth/share-links";
import { loadCounters, useCounters } from "@/components/growth/use-counters";
import { DraftHistory } from "@/components/history/draft-history";
import { Markdown } from "@/components/markdown";
import { PlanBadge } from "@/components/plan-badge";
import { stepLabels } from "@/components/project/labels";
import { channelOfKind, type Measure, measurePostWith } from "@/components/project/post-measures";
import { isUpgrade, type UpgradeBody, UpgradeCard } from "@/components/project/upgrade-card";
import {
  Badge,
  Button,
  buttonClasses,
  Card,
  CardBody,
  cx,
  Field,
  Foldable,
  Input,
  Notice,
  Textarea,
  useToast,
} from "@/components/ui";
import { useOperationAction } from "@/components/use-operation-action";
import { describeError } from "@/lib/actions/form-state";
import type { ErrorEnvelope } from "@/lib/errors";
import type { listContent } from "@/lib/operations/content";
import type { OperationOutput } from "@/lib/operations/operation";
import type { AgentType } from "@/lib/schemas/project";
import { listItemVersions, saveContentItem } from "./actions";

type Item = OperationOutput<typeof listContent>["items"][number];

const exportFormats = [
  { format: "json", label: "JSON" },
  { format: "docx", label: "Word (DOCX)" },
  { format: "pdf", label: "PDF" },
  { format: "xlsx", label: "Excel (XLSX)" },
] as const;

/** Saves a response as a file under the name the server gave it. */
async function saveResponse(response: Response) {
  const disposition = response.headers.get("content-disposition") ?? "";
  const name = decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1] ?? "launch-pack");
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement("a"), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The launch pack grouped by step: each item as it will be used, editable in place, downloadable and exportable. */
export function PackView({
  projectId,
  items,
  lengths,
  exportsNeed,
}: {
  projectId: string;
  items: Item[];
  /** Each post's lengths as saved, measured on the server (the counters stay off the page until an edit). */
  lengths: Record<string, Measure[]>;
  exportsNeed?: string;
}) {
  const [upgrade, setUpgrade] = useState<UpgradeBody>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState<string>();

  const download = async (query: string, key: string) => {
    setBusy(key);
    setFailure(undefined);
    try {
      const response = await fetch(`/projects/${projectId}/files?${query}`);
      if (response.ok) return await saveResponse(response);
      const error = (await response.json().catch(() => null)) as (ErrorEnvelope & Partial<UpgradeBody>) | null;
      if (error && isUpgrade(error)) setUpgrade(error as UpgradeBody);
      else
        setFailure(
          error
            ? describeError(error, Number(response.headers.get("retry-after")) || undefined)
            : "The download failed. Try again in a moment.",
        );
    } catch {
      setFailure("The download failed: check your connection and try again.");
    } finally {
      setBusy(undefined);
    }
  };

  const sections = (Object.keys(stepLabels) as AgentType[])
    .map((agentType) => ({ agentType, items: items.filter((item) => item.agentType === agentType) }))
    .filter((section) => section.items.length > 0);
  const places = blankPlaces(
    items.map((item) => ({ ...item, title: displayTitle(item), section: stepLabels[item.agentType].title })),
  );
  const { guard, dialog } = useBlankGuard(places);
  const left = totalBlanks(places);
  // One step of the pack at a time; a link to an item (#item-…, from the blanks list) opens its step.
  const [step, setStep] = useState<AgentType | undefined>();
  const shown = step && sections.some((section) => section.agentType === step) ? step : sections[0]?.agentType;
  useEffect(() => {
    const openLinkedItem = () => {
      const id = /^#item-(.+)$/.exec(window.location.hash)?.[1];
      const item = id && items.find((entry) => entry.id === id);
      if (!item) return;
      setStep(item.agentType);
      requestAnimationFrame(() => document.getElementById(`item-${item.id}`)?.scrollIntoView({ block: "start" }));
    };
    openLinkedItem();
    window.addEventListener("hashchange", openLinkedItem);
    return () => window.removeEventListener("hashchange", openLinkedItem);
  }, [items]);

  return (
    <div className="space-y-6">
      <Card aria-labelledby="files-title">
        <CardBody className="flex flex-wrap items-center gap-3">
          <h2 id="files-title" className="mr-auto text-base font-semibold">
            Take it with you
          </h2>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => guard("Download", () => download("all=1", "all"))}
            disabled={busy !== undefined}
          >
            {busy === "all" ? "Preparing…" : "Download all (Markdown)"}
          </Button>
          {exportFormats.map(({ format, label }) => (
            <Button
              key={format}
              variant="secondary"
              size="sm"
              onClick={() => guard("Export", () => download(`format=${format}`, format))}
              disabled={busy !== undefined}
            >
              {busy === format ? "Preparing…" : `Export ${label}`}
              {exportsNeed && <PlanBadge plan={exportsNeed} className="ml-0.5" />}
            </Button>
          ))}
        </CardBody>
        {left > 0 && <BlanksSummary places={places} />}
      </Card>
      {dialog}
      {upgrade && <UpgradeCard body={upgrade} startCheckout={startCheckout} />}
      {failure && <Notice tone="danger">{failure}</Notice>}

      <div
        role="tablist"
        aria-label="Steps of the pack"
        className="-mx-4 flex gap-1 overflow-x-auto border-b border-line px-4 sm:mx-0 sm:px-0"
      >
        {sections.map((section) => {
          const selected = section.agentType === shown;
          const blanksHere = section.items.reduce((sum, item) => sum + countBlanks(item.body), 0);
          return (
            <button
              key={section.agentType}
              type="button"
              role="tab"
              id={`tab-${section.agentType}`}
              aria-selected={selected}
              aria-controls={`section-${section.agentType}`}
              onClick={() => setStep(section.agentType)}
              className={cx(
                "-mb-px flex shrink-0 items-center gap-2 border-b-2 px-3 py-2.5 text-[15px] whitespace-nowrap",
                selected ? "border-accent font-medium text-ink" : "border-transparent text-muted hover:text-ink",
              )}
            >
              {stepLabels[section.agentType].title}
              {blanksHere > 0 && (
                <span className="rounded-full bg-warning-soft px-2 text-xs font-semibold text-warning">{blanksHere}</span>
              )}
            </button>
          );
        })}
      </div>
      {sections.map((section) => (
        <section
          key={section.agentType}
          id={`section-${section.agentType}`}
          role="tabpanel"
          aria-labelledby={`tab-${section.agentType}`}
          hidden={section.agentType !== shown}
          className="space-y-4"
        >
          <div className="flex flex-wrap items-center gap-3">
            <h2 className="text-lg font-semibold">{stepLabels[section.agentType].title}</h2>
            <BlankCount count={section.items.reduce((sum, item) => sum + countBlanks(item.body), 0)} />
          </div>
          <div className="grid items-start gap-4 xl:grid-cols-2">
            {section.items.map((item) => (
              <PackItem
                key={item.id}
                item={item}
                lengths={lengths[item.id]}
                onDownload={() => download(`item=${item.id}`, item.id)}
                downloading={busy === item.id}
              />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}

/** The pack's blanks at a glance: how many, and links to where they are. */
function BlanksSummary({ places }: { places: BlankPlace[] }) {
  return (
    <div className="border-t border-line px-5 py-3 text-sm" data-testid="pack-blanks">
      <p className="font-medium text-warning">
        {blanksLeft(totalBlanks(places))} in the pack: only you know what goes there. Click a highlighted blank to fill it.
      </p>
      <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
        {places.map((place) => (
          <li key={place.where}>
            <a href={place.href}>{place.where}</a> <span className="text-muted">({place.count})</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

const channelPrefix =
  /^(X|LinkedIn|Reddit|Bluesky|Threads|Mastodon|Facebook|Instagram|TikTok|YouTube|Product Hunt|Hacker News|Indie Hackers|Newsletter|E-mail)\s*:\s*/i;

/** An item's title without a channel prefix ("X: How-to" → "How-to"): the channel shows as a badge instead. */
function displayTitle(item: Pick<Item, "title" | "kind">): string {
  if (!channelOfKind(item.kind)) return item.title;
  let title = item.title;
  while (channelPrefix.test(title)) title = title.replace(channelPrefix, "");
  return title || item.title;
}

/** Each part of a pack post (title, post, or each post of a thread) against its channel's limit: as saved, or as edited. */
function PostMeter({ kind, body, saved }: { kind: string; body: string; saved?: Measure[] }) {
  const channel = channelOfKind(kind);
  if (!channel) return null;
  if (saved) return <Lengths measures={saved} />;
  return (
    <Suspense>
      <EditedLengths channel={channel} body={body} />
    </Suspense>
  );
}

function EditedLengths({ channel, body }: { channel: NonNullable<ReturnType<typeof channelOfKind>>; body: string }) {
  const { countAs } = useCounters();
  return <Lengths measures={measurePostWith(countAs, channel, body)} />;
}

function Lengths({ measures }: { measures: Measure[] }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-2" aria-label="Length as the channel counts it" data-testid="length-meter">
      {measures.map((measure) => {
        const over = measure.count > measure.limit;
        return (
          <li key={measure.label} className="min-w-40 flex-1 space-y-1 text-xs sm:max-w-56">
            <span className={cx("flex justify-between tabular-nums", over ? "font-semibold text-danger" : "text-muted")}>
              <span>{measure.label}</span>
              <span>
                {measure.count} / {measure.limit}
                {over && " · too long"}
              </span>
            </span>
            <span aria-hidden className="block h-1.5 overflow-hidden rounded-full bg-sunken">
              <span
                className={cx("block h-full rounded-full", over ? "bg-danger" : "bg-accent")}
                style={{ width: `${Math.min(100, (measure.count / measure.limit) * 100)}%` }}
              />
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function PackItem({
  item,
  lengths,
  onDownload,
  downloading,
}: {
  item: Item;
  lengths?: Measure[];
  onDownload: () => void;
  downloading: boolean;
}) {
  const router = useRouter();
  const toast = useToast();
  const channel = channelOfKind(item.kind);
  const share = channel ? shareLinkFor(channel, item.body, null) : null;
  const blanks = countBlanks(item.body);
  // Copy, download and "Open in …" of one part warn about that part's blanks only.
  const { guard, dialog } = useBlankGuard(
    blankPlaces([{ ...item, title: displayTitle(item), section: stepLabels[item.agentType].title }]),
  );

  const fill = async (index: number, value: string) => {
    const filled = fillBlank(item.body, index, value);
    const result = await saveContentItem(item.id, { body: filled });
    if (!result.ok) return describeError(result.error, result.retryAfterSeconds);
    setBody(filled);
    const left = countBlanks(filled);
    toast(left === 0 ? "Saved. No blank left in this part." : `Saved. ${blanksLeft(left)} in this part.`);
    router.refresh();
    return undefined;
  };

  const copy = () =>
    guard("Copy", async () => {
      try {
        await navigator.clipboard.writeText(item.body);
        toast("Copied.");
      } catch {
        toast("Your browser refused the clipboard: select the text and copy it.", "danger");
      }
    });
  const [editing, setEditing] = useState(false);
  const [tab, setTab] = useState<"write" | "preview">("write");
  const [title, setTitle] = useState(item.title);
  const [body, setBody] = useState(item.body);
  const [message, setMessage] = useState<{ tone: "danger" | "success"; text: string }>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { pending, run } = useOperationAction();

  const save = () => {
    setMessage(undefined);
    setErrors({});
    run(
      () => saveContentItem(item.id, { body, ...(title !== item.title && { title }) }),
      () => {
        setEditing(false);
        setMessage({ tone: "success", text: "Saved." });
      },
      {
        onFailure: ({ error, retryAfterSeconds }) => {
          const found: Record<string, string> = {};
          for (const issue of (error.issues as Array<{ path: string; message: string }> | undefined) ?? [])
            found[issue.path.split(".").at(-1)!] ??= issue.message;
          setErrors(found);
          setMessage({ tone: "danger", text: describeError(error, retryAfterSeconds) });
        },
      },
    );
  };

  const cancel = () => {
    setTitle(item.title);
    setBody(item.body);
    setEditing(false);
    setErrors({});
    setMessage(undefined);
  };

  return (
    <Card aria-label={item.title} data-kind={item.kind} id={`item-${item.id}`} className="scroll-mt-20">
      <CardBody className="space-y-4">
        <div className="flex flex-wrap items-start gap-3">
          <h3 className="mr-auto text-base font-semibold">{displayTitle(item)}</h3>
          {channel && <ChannelBadge channel={channel} />}
          <BlankCount count={blanks} />
          {item.awaitingReview && <Badge tone="warning">Awaiting your review</Badge>}
          {item.editedByFounder && <Badge tone="success">Edited by you</Badge>}
        </div>
        <PostMeter kind={item.kind} body={body} saved={body === item.body ? lengths : undefined} />
        {editing ? (
          <div className="space-y-3">
            <Field label="Title" name={`title-${item.id}`} maxLength={200} error={errors.title}>
              {(control) => <Input {...control} value={title} onChange={(event) => setTitle(event.target.value)} />}
            </Field>
            <div role="tablist" aria-label="Editor" className="flex gap-1 border-b border-line">
              {(["write", "preview"] as const).map((name) => (
                <button
                  key={name}
                  type="button"
                  role="tab"
                  aria-selected={tab === name}
                  aria-controls={`panel-${item.id}`}
                  onClick={() => setTab(name)}
                  className={cx(
                    "-mb-px border-b-2 px-3 py-1.5 text-sm",
                    tab === name ? "border-accent font-medium" : "border-transparent text-muted",
                  )}
                >
                  {name === "write" ? "Write (Markdown)" : "Preview"}
                </button>
              ))}
            </div>
            <div id={`panel-${item.id}`} role="tabpanel">
              {tab === "write" ? (
                <Field label="Text" name={`body-${item.id}`} maxLength={20000} error={errors.body}>
                  {(control) => (
                    <Textarea
                      {...control}
                      rows={12}
                      className="font-mono text-sm"
                      value={body}
                      onChange={(event) => setBody(event.target.value)}
                    />
                  )}
                </Field>
              ) : (
                <div className="rounded-lg border border-line p-4">
                  <Markdown source={body} />
                </div>
              )}
            </div>
          </div>
        ) : (
          <Foldable label={displayTitle(item)} maxHeight={220}>
            <FillableDraft body={item.body} onFill={fill}>
              <Markdown source={item.body} fillable />
            </FillableDraft>
          </Foldable>
        )}
        {message && <Notice tone={message.tone}>{message.text}</Notice>}
        <div className="flex flex-wrap gap-2">
          {editing ? (
            <>
              <Button onClick={save} disabled={pending}>
                {pending ? "Saving…" : "Save"}
              </Button>
              <Button variant="ghost" onClick={cancel} disabled={pending}>
                Cancel
              </Button>
            </>
          ) : (
            <>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => {
                  void loadCounters();
                  setEditing(true);
                }}
              >
                Edit
              </Button>
              <Button variant="secondary" size="sm" onClick={copy}>
                Copy
              </Button>
              {share && (
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
                </a>
              )}
              <Button variant="ghost" size="sm" onClick={() => guard("Download", onDownload)} disabled={downloading}>
                {downloading ? "Preparing…" : "Download"}
              </Button>
              <DraftHistory title={displayTitle(item)} current={item.body} load={() => listItemVersions(item.id)} />
            </>
          )}
        </div>
        {dialog}
      </CardBody>
    </Card>
  );
}
