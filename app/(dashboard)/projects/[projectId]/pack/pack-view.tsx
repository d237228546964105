"use client";

import { useState } from "react";
import { useOperationAction } from "@/components/use-operation-action";
import { startCheckout } from "@/app/(dashboard)/projects/actions";
import { saveContentItem } from "./actions";
import { Markdown } from "@/components/markdown";
import { Badge, Button, Card, CardBody, Field, Input, Notice, Textarea, cx } from "@/components/ui";
import type { ErrorEnvelope } from "@/lib/errors";
import type { listContent } from "@/lib/operations/content";
import type { OperationOutput } from "@/lib/operations/operation";
import type { AgentType } from "@/lib/schemas/project";
import { describeError } from "@/lib/actions/form-state";
import { stepLabels } from "@/components/project/labels";
import { channelOfKind, measurePost } from "@/components/project/post-meter";
import { isUpgrade, UpgradeCard, type UpgradeBody } from "@/components/project/upgrade-card";

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
export function PackView({ projectId, items }: { projectId: string; items: Item[] }) {
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
      else setFailure(error ? describeError(error, Number(response.headers.get("retry-after")) || undefined) : "The download failed. Try again in a moment.");
    } catch {
      setFailure("The download failed: check your connection and try again.");
    } finally {
      setBusy(undefined);
    }
  };

  const sections = (Object.keys(stepLabels) as AgentType[])
    .map((agentType) => ({ agentType, items: items.filter((item) => item.agentType === agentType) }))
    .filter((section) => section.items.length > 0);

  return (
    <div className="space-y-6">
      <Card aria-labelledby="files-title">
        <CardBody className="flex flex-wrap items-center gap-3">
          <h2 id="files-title" className="mr-auto text-base font-semibold">Take it with you</h2>
          <Button variant="secondary" size="sm" onClick={() => download("all=1", "all")} disabled={busy !== undefined}>
            {busy === "all" ? "Preparing…" : "Download all (Markdown)"}
          </Button>
          {exportFormats.map(({ format, label }) => (
            <Button key={format} variant="secondary" size="sm" onClick={() => download(`format=${format}`, format)} disabled={busy !== undefined}>
              {busy === format ? "Preparing…" : `Export ${label}`}
            </Button>
          ))}
        </CardBody>
      </Card>
      {upgrade && <UpgradeCard body={upgrade} startCheckout={startCheckout} />}
      {failure && <Notice tone="danger">{failure}</Notice>}

      {sections.map((section) => (
        <section key={section.agentType} aria-labelledby={`section-${section.agentType}`} className="space-y-4">
          <h2 id={`section-${section.agentType}`} className="text-lg font-semibold">{stepLabels[section.agentType].title}</h2>
          {section.items.map((item) => (
            <PackItem key={item.id} item={item} onDownload={() => download(`item=${item.id}`, item.id)} downloading={busy === item.id} />
          ))}
        </section>
      ))}
    </div>
  );
}

/** Each part of a pack post (title, post, or each post of a thread) against its channel's limit. */
function PostMeter({ kind, body }: { kind: string; body: string }) {
  const channel = channelOfKind(kind);
  if (!channel) return null;
  const measures = measurePost(channel, body);
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
              <span className={cx("block h-full rounded-full", over ? "bg-danger" : "bg-accent")} style={{ width: `${Math.min(100, (measure.count / measure.limit) * 100)}%` }} />
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function PackItem({ item, onDownload, downloading }: { item: Item; onDownload: () => void; downloading: boolean }) {
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
          for (const issue of (error.issues as Array<{ path: string; message: string }> | undefined) ?? []) found[issue.path.split(".").at(-1)!] ??= issue.message;
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
    <Card aria-label={item.title} data-kind={item.kind}>
      <CardBody className="space-y-4">
        <div className="flex flex-wrap items-start gap-3">
          <h3 className="mr-auto text-base font-semibold">{item.title}</h3>
          {item.awaitingReview && <Badge tone="warning">Awaiting your review</Badge>}
          {item.editedByFounder && <Badge tone="success">Edited by you</Badge>}
        </div>
        <PostMeter kind={item.kind} body={body} />
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
                  className={cx("-mb-px border-b-2 px-3 py-1.5 text-sm", tab === name ? "border-accent font-medium" : "border-transparent text-muted")}
                >
                  {name === "write" ? "Write (Markdown)" : "Preview"}
                </button>
              ))}
            </div>
            <div id={`panel-${item.id}`} role="tabpanel">
              {tab === "write" ? (
                <Field label="Text" name={`body-${item.id}`} maxLength={20000} error={errors.body}>
                  {(control) => <Textarea {...control} rows={12} className="font-mono text-sm" value={body} onChange={(event) => setBody(event.target.value)} />}
                </Field>
              ) : (
                <div className="rounded-lg border border-line p-4">
                  <Markdown source={body} />
                </div>
              )}
            </div>
          </div>
        ) : (
          <Markdown source={item.body} />
        )}
        {message && <Notice tone={message.tone}>{message.text}</Notice>}
        <div className="flex flex-wrap gap-2">
          {editing ? (
            <>
              <Button onClick={save} disabled={pending}>{pending ? "Saving…" : "Save"}</Button>
              <Button variant="ghost" onClick={cancel} disabled={pending}>Cancel</Button>
            </>
          ) : (
            <>
              <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>Edit</Button>
              <Button variant="ghost" size="sm" onClick={onDownload} disabled={downloading}>
                {downloading ? "Preparing…" : "Download"}
              </Button>
            </>
          )}
        </div>
      </CardBody>
    </Card>
  );
}
