"use client";

import { useState } from "react";
import { Badge, Button, Card, CardBody, CardHeader, CopyButton, Input, Notice, Select } from "@/components/ui";
import { When } from "@/components/ui/when";
import { useOperationAction } from "@/components/use-operation-action";
import { createReviewLinkAction, revokeReviewLinkAction, updateReviewSettingsAction } from "./actions";

interface ReviewLink {
  id: string;
  hint: string;
  label: string | null;
  expiresAt: string;
  createdAt: string;
  revokedAt: string | null;
}

interface Review {
  id: string;
  itemId: string;
  reviewerName: string;
  action: "approved" | "changes_requested" | "edited";
  comment: string | null;
  applied: boolean;
  createdAt: string;
}

const actionWords: Record<Review["action"], string> = {
  approved: "approved",
  changes_requested: "asked for changes to",
  edited: "edited",
};

/**
 * Links for a co-founder or adviser to review this week without an account, whether their
 * approval is enough to schedule, and what reviewers did, newest first.
 */
export function ReviewLinksCard({
  projectId,
  cycleId,
  links,
  reviews,
  itemTitles,
  reviewerApprovalSchedules,
  now,
}: {
  projectId: string;
  cycleId: string;
  links: ReviewLink[];
  reviews: Review[];
  itemTitles: Record<string, string>;
  reviewerApprovalSchedules: boolean;
  now: string;
}) {
  const [url, setUrl] = useState<string | null>(null);
  const [label, setLabel] = useState("");
  const [days, setDays] = useState("7");
  const { pending, error, run } = useOperationAction();
  const live = links.filter((link) => !link.revokedAt && link.expiresAt > now);
  return (
    <Card aria-labelledby="review-links-title" data-testid="review-links">
      <CardHeader
        id="review-links-title"
        title="Ask someone to review this week"
        description="A link for a co-founder or adviser: they see this week's plan and drafts, and can approve, ask for changes or edit, without an account."
      />
      <CardBody className="space-y-5 text-sm">
        {url && (
          <Notice tone="success" title="Your review link (shown once)">
            <p className="mb-2">Anyone with this link can review this week until it expires or you revoke it.</p>
            <code data-testid="review-url" className="block break-all rounded bg-surface p-2">
              {url}
            </code>
            <div className="mt-2">
              <CopyButton value={url} label="Copy link" />
            </div>
          </Notice>
        )}
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            const body = { ...(label.trim() && { label: label.trim() }), expiresInDays: Number(days) };
            void run(
              () => createReviewLinkAction(cycleId, body),
              (data) => {
                setUrl(data.url);
                setLabel("");
              },
            );
          }}
        >
          <div className="space-y-1">
            <label htmlFor="review-link-label" className="block font-medium">
              Who is it for?
            </label>
            <Input
              id="review-link-label"
              value={label}
              maxLength={80}
              placeholder="Sam (co-founder)"
              onChange={(event) => setLabel(event.target.value)}
            />
          </div>
          <div className="space-y-1">
            <label htmlFor="review-link-days" className="block font-medium">
              Works for
            </label>
            <Select id="review-link-days" value={days} onChange={(event) => setDays(event.target.value)}>
              <option value="1">1 day</option>
              <option value="3">3 days</option>
              <option value="7">7 days</option>
              <option value="30">30 days</option>
            </Select>
          </div>
          <Button type="submit" size="sm" disabled={pending}>
            Create a review link
          </Button>
        </form>
        <div className="flex items-start gap-2">
          <input
            id="reviewer-approval-schedules"
            type="checkbox"
            className="mt-1"
            checked={reviewerApprovalSchedules}
            disabled={pending}
            onChange={(event) => void run(() => updateReviewSettingsAction(projectId, event.target.checked))}
          />
          <label htmlFor="reviewer-approval-schedules">
            <span className="font-medium">A reviewer&apos;s approval is enough to schedule</span>
            <span className="block text-muted">
              Off: their approval is recorded and you still approve each item. On: it approves the item as yours does.
            </span>
          </label>
        </div>
        {live.length > 0 && (
          <ul className="divide-y divide-line" aria-label="Live review links">
            {live.map((link) => (
              <li key={link.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  {link.label ?? <code>{link.hint}…</code>} · expires <When at={link.expiresAt} relative />
                </span>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={pending}
                  onClick={() => void run(() => revokeReviewLinkAction(link.id))}
                >
                  Revoke
                </Button>
              </li>
            ))}
          </ul>
        )}
        <section aria-labelledby="review-activity-title" className="space-y-2">
          <h3 id="review-activity-title" className="font-semibold">
            What reviewers did
          </h3>
          {reviews.length === 0 ? (
            <p className="text-muted">Nothing yet.</p>
          ) : (
            <ul className="space-y-2" data-testid="review-activity">
              {[...reviews].reverse().map((review) => (
                <li key={review.id}>
                  <span className="font-medium">{review.reviewerName}</span> {actionWords[review.action]} “
                  {itemTitles[review.itemId] ?? "an item"}” · <When at={review.createdAt} relative />
                  {review.applied && (
                    <>
                      {" "}
                      <Badge tone="success">Approved the item</Badge>
                    </>
                  )}
                  {review.comment && <p className="mt-1 whitespace-pre-wrap text-muted">{review.comment}</p>}
                </li>
              ))}
            </ul>
          )}
        </section>
        {error && <Notice tone="danger">{error}</Notice>}
      </CardBody>
    </Card>
  );
}
