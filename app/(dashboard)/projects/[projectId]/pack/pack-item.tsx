"use client";

import dynamic from "next/dynamic";
import Link from "next/link";
import { useParams, useRouter } from "next/navigation";
import { type ReactNode, Suspense, useState } from "react";
import { BlankCount, useBlankGuard } from "@/components/blanks/blank-guard";
import { FillableDraft } from "@/components/blanks/fillable-draft";
import { ChannelBadge } from "@/components/growth/channel-badge";
import { loadCounters, useCounters } from "@/components/growth/use-counters";
import { DraftHistory } from "@/components/history/draft-history";
import { type Measure, measurePostWith } from "@/components/project/post-measures";
import { Badge, Button, buttonClasses, Card, CardBody, cx, Field, Input, Notice, Textarea, useToast } from "@/components/ui";
import { useOperationAction } from "@/components/use-operation-action";
import { describeError } from "@/lib/actions/form-state";
import { blanksLeft } from "@/lib/drafts/blanks";
import type { Channel } from "@/lib/schemas/growth";
import { fillContentBlank, listItemVersions, loadContentItem, saveContentItem } from "./actions";
import { useDownload } from "./use-download";

// The Markdown parser loads only when an edit is previewed: saved text comes rendered from the server.
const Markdown = dynamic(() => import("@/components/markdown").then((module) => module.Markdown), { ssr: false });

export interface PackItemProps {
  id: string;
  /** The title without its channel prefix, as the card shows it. */
  heading: string;
  /** The saved title, where it is not the heading. */
  title?: string;
  kind: string;
  channel?: Channel;
  /** The network whose compose page "Open in …" goes to, if it has one. */
  network?: string;
  /** What the founder still does by hand on that page (paste a post too long to send prefilled). */
  composeHint?: string;
  blanks: number;
  /** Where this part is ("Launch assets › X launch post"), for the warning about its blanks. */
  where: string;
  awaitingReview: boolean;
  editedByFounder: boolean;
  /** The post's lengths as saved, measured on the server (the counters load only for an edit). */
  lengths?: Measure[];
  /** A long body is folded to its start: the link (relative to the pack's address) that shows it all, or folds it again. */
  fold?: { href: string; open: boolean };
  /** The body (or its folded start), rendered on the server with its blanks as buttons. */
  children: ReactNode;
}

type Text = { title: string; body: string };

/** A refused load, whose sentence the founder sees. */
class LoadFailure extends Error {}

const loadFailure = (error: unknown) =>
  error instanceof LoadFailure ? error.message : "The connection dropped before an answer came back. Try again.";

/**
 * One part of the pack as it will be used. The page carries its rendering only: the
 * Markdown is loaded when the founder edits, copies or compares it.
 */
export function PackItem(props: PackItemProps) {
  const { id, heading, title: savedTitle = heading, kind, channel, network, blanks, lengths } = props;
  const { projectId } = useParams<{ projectId: string }>();
  const router = useRouter();
  const toast = useToast();
  // Copy, download and "Open in …" of one part warn about that part's blanks only.
  const { guard, dialog } = useBlankGuard(blanks > 0 ? [{ where: props.where, count: blanks, href: `#item-${id}` }] : []);
  const { download, busy, failure } = useDownload(projectId);
  const [saved, setSaved] = useState<Text>();
  const [loading, setLoading] = useState(false);
  const [editing, setEditing] = useState(false);
  const [tab, setTab] = useState<"write" | "preview">("write");
  const [title, setTitle] = useState(savedTitle);
  const [body, setBody] = useState("");
  const [message, setMessage] = useState<{ tone: "danger" | "success"; text: string }>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { pending, run } = useOperationAction();

  /** The saved title and Markdown, loaded once. */
  const load = async (): Promise<Text> => {
    if (saved) return saved;
    const result = await loadContentItem(id);
    if (!result.ok) throw new LoadFailure(describeError(result.error, result.retryAfterSeconds));
    setSaved(result.data);
    return result.data;
  };

  const edit = async () => {
    void loadCounters();
    setMessage(undefined);
    setLoading(true);
    try {
      const text = await load();
      setTitle(text.title);
      setBody(text.body);
      setTab("write");
      setEditing(true);
    } catch (error) {
      setMessage({ tone: "danger", text: loadFailure(error) });
    } finally {
      setLoading(false);
    }
  };

  const copy = () =>
    guard("Copy", async () => {
      try {
        // The text is fetched inside the click's clipboard write, so browsers that want a user gesture still allow it.
        if (typeof ClipboardItem !== "undefined" && navigator.clipboard.write) {
          const blob = load().then((text) => new Blob([text.body], { type: "text/plain" }));
          await navigator.clipboard.write([new ClipboardItem({ "text/plain": blob })]);
        } else await navigator.clipboard.writeText((await load()).body);
        toast("Copied.");
      } catch (error) {
        toast(
          error instanceof LoadFailure ? error.message : "Your browser refused the clipboard: select the text and copy it.",
          "danger",
        );
      }
    });

  const fill = async (index: number, value: string) => {
    const result = await fillContentBlank(id, index, value);
    if (!result.ok) return describeError(result.error, result.retryAfterSeconds);
    setSaved(undefined);
    const left = result.data.blanksLeft;
    toast(left === 0 ? "Saved. No blank left in this part." : `Saved. ${blanksLeft(left)} in this part.`);
    router.refresh();
    return undefined;
  };

  const save = () => {
    setMessage(undefined);
    setErrors({});
    const changedTitle = title !== saved?.title;
    run(
      () => saveContentItem(id, { body, ...(changedTitle && { title }) }),
      () => {
        setSaved({ title, body });
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
    setEditing(false);
    setErrors({});
    setMessage(undefined);
  };

  const compose = `/projects/${projectId}/files?open=${id}`;
  return (
    <Card aria-label={savedTitle} data-kind={kind} id={`item-${id}`} className="scroll-mt-20">
      <CardBody className="space-y-3 max-sm:px-4 max-sm:py-4 sm:space-y-4">
        <div className="flex flex-wrap items-start gap-3">
          <h3 className="mr-auto text-base font-semibold">{heading}</h3>
          {channel && <ChannelBadge channel={channel} />}
          <BlankCount count={blanks} />
          {props.awaitingReview && <Badge tone="warning">Awaiting your review</Badge>}
          {props.editedByFounder && <Badge tone="success">Edited by you</Badge>}
        </div>
        {channel &&
          (editing && body !== saved?.body ? (
            <Suspense>
              <EditedLengths channel={channel} body={body} />
            </Suspense>
          ) : (
            lengths && <Lengths measures={lengths} />
          ))}
        {editing ? (
          <div className="space-y-3">
            <Field label="Title" name={`title-${id}`} maxLength={200} error={errors.title}>
              {(control) => <Input {...control} value={title} onChange={(event) => setTitle(event.target.value)} />}
            </Field>
            <div role="tablist" aria-label="Editor" className="flex gap-1 border-b border-line">
              {(["write", "preview"] as const).map((name) => (
                <button
                  key={name}
                  type="button"
                  role="tab"
                  aria-selected={tab === name}
                  aria-controls={`panel-${id}`}
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
            <div id={`panel-${id}`} role="tabpanel">
              {tab === "write" ? (
                <Field label="Text" name={`body-${id}`} maxLength={20000} error={errors.body}>
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
          <div>
            {/* Below 640 px a folded part shows its first lines only: "Show all" has the rest. */}
            <div
              className={cx(
                props.fold &&
                  !props.fold.open &&
                  "max-sm:relative max-sm:max-h-16 max-sm:overflow-hidden max-sm:after:pointer-events-none max-sm:after:absolute max-sm:after:inset-x-0 max-sm:after:bottom-0 max-sm:after:h-10 max-sm:after:bg-gradient-to-t max-sm:after:from-surface",
              )}
            >
              <FillableDraft onFill={fill}>{props.children}</FillableDraft>
            </div>
            {props.fold && (
              <Link href={props.fold.href} scroll={false} className="mt-2 inline-block text-sm font-medium">
                {props.fold.open ? `Fold ${heading}` : `Show all of ${heading}`}
              </Link>
            )}
          </div>
        )}
        {message && <Notice tone={message.tone}>{message.text}</Notice>}
        {failure && <Notice tone="danger">{failure}</Notice>}
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
              <Button variant="secondary" size="sm" onClick={edit} disabled={loading}>
                {loading ? "Loading…" : "Edit"}
              </Button>
              <Button variant="secondary" size="sm" onClick={copy}>
                Copy
              </Button>
              {network && (
                <a
                  href={compose}
                  target="_blank"
                  rel="noopener noreferrer"
                  onClick={(event) => {
                    if (blanks === 0) return;
                    event.preventDefault();
                    guard(`Open in ${network}`, () => window.open(compose, "_blank", "noopener,noreferrer"));
                  }}
                  className={buttonClasses("secondary", "sm")}
                >
                  Open in {network}
                </a>
              )}
              <Button
                variant="ghost"
                size="sm"
                className="max-sm:hidden"
                onClick={() => guard("Download", () => download(`item=${id}`, id))}
                disabled={busy !== undefined}
              >
                {busy ? "Preparing…" : "Download"}
              </Button>
              <DraftHistory title={heading} load={() => listItemVersions(id)} />
            </>
          )}
        </div>
        {props.composeHint && !editing && <p className="text-xs text-muted">{props.composeHint}</p>}
        {dialog}
      </CardBody>
    </Card>
  );
}

function EditedLengths({ channel, body }: { channel: Channel; body: string }) {
  const { countAs } = useCounters();
  return <Lengths measures={measurePostWith(countAs, channel, body)} />;
}

/** Each part of a post (title, post, or each post of a thread) against its channel's limit. */
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
