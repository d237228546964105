"use client";

import { type FormEvent, useState } from "react";
import { channelLabel } from "@/components/growth/channel-badge";
import { LengthMeter } from "@/components/growth/length-meter";
import type { GrowthItem } from "@/components/growth/types";
import { Button, Field, Input, Notice, Textarea } from "@/components/ui";
import { useOperationAction } from "@/components/use-operation-action";
import { describeFailure } from "@/lib/actions/form-state";
import { countAs } from "@/lib/channels/count";
import { fitToChannel, trailingHashtags } from "@/lib/channels/fit";
import { channelRules } from "@/lib/channels/rules";
import { editItemDraftAction } from "./actions";

/**
 * The founder's own version of a draft: one text, or a thread post by post (each with the
 * channel's meter), saved through editItemDraft; the status stays and the old draft joins the history.
 */
export function DraftEditor({
  item,
  onSaved,
  onCancel,
}: {
  item: GrowthItem;
  onSaved: (item: GrowthItem) => void;
  onCancel: () => void;
}) {
  const draft = item.draft!;
  const rule = channelRules[item.channel];
  const [parts, setParts] = useState(rule.threads ? draft.parts : [draft.body]);
  const hasTitle = draft.title !== null || rule.titleLimit !== undefined;
  const [title, setTitle] = useState(draft.title ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string>();
  const { pending, run } = useOperationAction();
  const id = `edit-${item.id}`;
  const over = parts.some((part) => countAs(rule.unit, part) > rule.bodyLimit);
  const setPart = (index: number, text: string) => setParts(parts.map((part, at) => (at === index ? text : part)));

  // A thread too long for its posts: split again as the agents do (whole sentences, numbered).
  const splitToFit = () => {
    const joined = parts.join("\n\n");
    setParts(fitToChannel(item.channel, { body: joined, hashtags: trailingHashtags(parts.at(-1) ?? "") }).parts);
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setMessage(undefined);
    const text = parts.map((part) => part.trim()).filter(Boolean);
    const edit = {
      ...(rule.threads ? { parts: text } : { body: text[0] ?? "" }),
      ...(hasTitle && title !== (draft.title ?? "") && { title: title.trim() || null }),
    };
    void run(
      () => editItemDraftAction(item.id, edit),
      (data) => onSaved(data.item),
      {
        refresh: false,
        onFailure: (failure) => {
          const found: Record<string, string> = {};
          for (const issue of (failure.error.issues as Array<{ path: string; message: string }> | undefined) ?? [])
            found[issue.path === "body" ? "parts.0" : issue.path] ??= issue.message;
          setErrors(found);
          setMessage(
            Object.keys(found).length ? "Not saved: fix what is marked above, then save again." : describeFailure(failure),
          );
        },
      },
    );
  };

  return (
    <form
      onSubmit={save}
      aria-labelledby={`${id}-title`}
      className="space-y-4 rounded-xl border border-line bg-canvas p-4"
      data-testid="draft-editor"
    >
      <p id={`${id}-title`} className="text-sm font-semibold">
        Your version of this {channelLabel(item.channel)} {rule.threads && parts.length > 1 ? "thread" : "post"}
      </p>
      {hasTitle && (
        <Field label="Title" name={`${id}-heading`} maxLength={rule.titleLimit ?? 300} error={errors.title}>
          {(control) => <Input {...control} value={title} onChange={(event) => setTitle(event.target.value)} />}
        </Field>
      )}
      <ol className="space-y-4" aria-label={rule.threads ? "Posts of the thread" : "Post"}>
        {parts.map((part, index) => {
          const label = parts.length > 1 ? `Post ${index + 1} of ${parts.length}` : "Post";
          return (
            <li key={index} className="space-y-2">
              <Field label={label} name={`${id}-part-${index}`} error={errors[`parts.${index}`]}>
                {(control) => (
                  <Textarea
                    {...control}
                    rows={rule.bodyLimit > 1000 ? 12 : 4}
                    value={part}
                    onChange={(event) => setPart(index, event.target.value)}
                  />
                )}
              </Field>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <LengthMeter channel={item.channel} text={part} label={`Length of ${label.toLowerCase()}`} />
                {parts.length > 1 && (
                  <Button size="sm" variant="ghost" onClick={() => setParts(parts.filter((_, at) => at !== index))}>
                    Remove post {index + 1}
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ol>
      {rule.threads && (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={() => setParts([...parts, ""])} disabled={parts.length >= 25}>
            Add a post
          </Button>
          {over && (
            <Button size="sm" variant="secondary" onClick={splitToFit}>
              Split into posts that fit
            </Button>
          )}
        </div>
      )}
      {over && !message && (
        <p className="text-sm text-danger">
          {rule.threads
            ? `A post is over ${rule.label}'s limit: shorten it, or split the thread.`
            : `The post is over ${rule.label}'s limit: shorten it.`}
        </p>
      )}
      {message && <Notice tone="danger">{message}</Notice>}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" size="sm" disabled={pending}>
          {pending ? "Saving…" : "Save draft"}
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        {item.status === "approved" && (
          <span className="text-xs text-muted">
            It stays approved{item.publication?.status === "scheduled" ? " and goes out at its time" : ""}.
          </span>
        )}
      </div>
    </form>
  );
}
