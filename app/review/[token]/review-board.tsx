"use client";

import { useEffect, useState } from "react";
import { Badge, Button, Card, CardBody, Input, Notice, Textarea } from "@/components/ui";
import { When } from "@/components/ui/when";
import { useOperationAction } from "@/components/use-operation-action";
import { channelRules } from "@/lib/channels/rules";
import type { Channel } from "@/lib/schemas/growth";
import { approveAsReviewerAction, editAsReviewerAction, requestChangesAction } from "./actions";

interface ReviewedItem {
  id: string;
  channel: Channel;
  title: string;
  angle: string;
  suggestedDay: string;
  status: string;
  draft: { title: string | null; body: string; length: number; limit: number } | null;
  reviews: { id: string; reviewerName: string; action: string; comment: string | null; createdAt: string }[];
}

/** Kept in the reviewer's browser only, so they type it once. */
const nameKey = "launchloop-reviewer-name";

const doneWords: Record<string, string> = {
  approved: "approved",
  changes_requested: "asked for changes",
  edited: "edited the text",
};

export function ReviewBoard({ token, items, open }: { token: string; items: ReviewedItem[]; open: boolean }) {
  const [name, setName] = useState("");
  useEffect(() => setName(window.localStorage.getItem(nameKey) ?? ""), []);
  const remember = (value: string) => {
    setName(value);
    window.localStorage.setItem(nameKey, value);
  };
  return (
    <div className="space-y-6">
      <div className="max-w-sm space-y-1 text-sm">
        <label htmlFor="reviewer-name" className="block font-medium">
          Your name
        </label>
        <Input
          id="reviewer-name"
          value={name}
          maxLength={80}
          autoComplete="name"
          onChange={(event) => remember(event.target.value)}
        />
        <span className="block text-muted">The founder sees it beside what you do.</span>
      </div>
      {!open && <Notice tone="info">This week is closed: it can be read, not reviewed.</Notice>}
      {items.length === 0 && <p className="text-muted">This week has no posts yet.</p>}
      {items.map((item) => (
        <ItemReview key={item.id} token={token} item={item} name={name.trim()} open={open} />
      ))}
    </div>
  );
}

function ItemReview({ token, item, name, open }: { token: string; item: ReviewedItem; name: string; open: boolean }) {
  const [mode, setMode] = useState<"idle" | "changes" | "edit">("idle");
  const [comment, setComment] = useState("");
  const [text, setText] = useState(item.draft?.body ?? "");
  const { pending, error, run } = useOperationAction();
  const canAct = open && item.status !== "published" && name.length > 0;
  const done = () => setMode("idle");
  return (
    <Card aria-label={item.title}>
      <CardBody className="space-y-3 text-sm">
        <div className="flex flex-wrap items-center gap-2">
          <Badge>{channelRules[item.channel].label}</Badge>
          <span className="text-muted">{item.suggestedDay}</span>
          <Badge tone={item.status === "approved" ? "success" : "neutral"}>{item.status}</Badge>
        </div>
        <h2 className="text-base font-semibold">{item.title}</h2>
        <p className="text-muted">{item.angle}</p>
        {item.draft ? (
          <>
            {item.draft.title && <p className="font-medium">{item.draft.title}</p>}
            <p className="whitespace-pre-wrap rounded bg-surface p-3">{item.draft.body}</p>
          </>
        ) : (
          <p className="text-muted">No draft yet: the founder has not written this one.</p>
        )}
        {mode === "changes" && (
          <div className="space-y-1">
            <label htmlFor={`changes-${item.id}`} className="block font-medium">
              What should change?
            </label>
            <Textarea
              id={`changes-${item.id}`}
              value={comment}
              maxLength={2000}
              onChange={(event) => setComment(event.target.value)}
            />
          </div>
        )}
        {mode === "edit" && (
          <div className="space-y-1">
            <label htmlFor={`text-${item.id}`} className="block font-medium">
              The post&apos;s text
            </label>
            <Textarea id={`text-${item.id}`} value={text} rows={8} onChange={(event) => setText(event.target.value)} />
            {item.draft && (
              <span className="block text-muted">
                At most {item.draft.limit} characters on {channelRules[item.channel].label}.
              </span>
            )}
          </div>
        )}
        {open && !name && <p className="text-muted">Type your name above to review.</p>}
        <div className="flex flex-wrap gap-2">
          {mode === "idle" && (
            <>
              <Button
                size="sm"
                disabled={!canAct || !item.draft || pending}
                onClick={() => void run(() => approveAsReviewerAction(token, item.id, name))}
              >
                Approve
              </Button>
              <Button size="sm" variant="secondary" disabled={!canAct || pending} onClick={() => setMode("changes")}>
                Ask for changes
              </Button>
              <Button size="sm" variant="ghost" disabled={!canAct || !item.draft || pending} onClick={() => setMode("edit")}>
                Edit the text
              </Button>
            </>
          )}
          {mode === "changes" && (
            <Button
              size="sm"
              disabled={!canAct || !comment.trim() || pending}
              onClick={() =>
                void run(() => requestChangesAction(token, item.id, name, comment)).then((ok) => {
                  if (!ok) return;
                  setComment("");
                  done();
                })
              }
            >
              Send
            </Button>
          )}
          {mode === "edit" && (
            <Button
              size="sm"
              disabled={!canAct || !text.trim() || pending}
              onClick={() => void run(() => editAsReviewerAction(token, item.id, name, text)).then((ok) => ok && done())}
            >
              Save the text
            </Button>
          )}
          {mode !== "idle" && (
            <Button size="sm" variant="ghost" onClick={done}>
              Cancel
            </Button>
          )}
        </div>
        {error && <Notice tone="danger">{error}</Notice>}
        {item.reviews.length > 0 && (
          <ul className="space-y-1 border-t border-line pt-2 text-muted" aria-label="Reviews">
            {item.reviews.map((review) => (
              <li key={review.id}>
                {review.reviewerName} {doneWords[review.action] ?? review.action} · <When at={review.createdAt} relative />
                {review.comment && <span className="block whitespace-pre-wrap">{review.comment}</span>}
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}
