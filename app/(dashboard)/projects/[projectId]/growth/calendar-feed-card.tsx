"use client";

import { useState } from "react";
import { Button, Card, CardBody, CardHeader, CopyButton, Notice } from "@/components/ui";
import { When } from "@/components/ui/when";
import { useOperationAction } from "@/components/use-operation-action";
import { createCalendarSubscriptionAction, revokeCalendarSubscriptionAction } from "./actions";

interface Subscription {
  active: boolean;
  createdAt: string;
  lastUsedAt?: string | null;
}

/** A secret, revocable URL that calendar apps subscribe to: the week's items and tasks on their days. */
export function CalendarFeedCard({ projectId, subscription }: { projectId: string; subscription: Subscription | null }) {
  const [url, setUrl] = useState<string | null>(null);
  const { pending, error, run } = useOperationAction();
  return (
    <Card aria-labelledby="calendar-feed-title" data-testid="calendar-feed">
      <CardHeader
        id="calendar-feed-title"
        title="Your weeks in your calendar"
        description="Subscribe in Google Calendar, Apple Calendar or Outlook: each item and task shows on its day, and updates as you work."
      />
      <CardBody className="space-y-4 text-sm">
        {url && (
          <Notice tone="success" title="Your subscription URL (shown once)">
            <p className="mb-2">
              Anyone with this URL can read this project's calendar. Add it to your calendar app as a subscription (“From URL”).
            </p>
            <code data-testid="calendar-url" className="block break-all rounded bg-surface p-2">
              {url}
            </code>
            <div className="mt-2 flex flex-wrap gap-2">
              <CopyButton value={url} label="Copy URL" />
              <a href={url.replace(/^https?:/, "webcal:")} className="self-center">
                Open in your calendar app
              </a>
            </div>
          </Notice>
        )}
        {!url && subscription?.active && (
          <p>
            A subscription URL is live since <When at={subscription.createdAt} />
            {subscription.lastUsedAt ? (
              <>
                , last read <When at={subscription.lastUsedAt} relative />
              </>
            ) : (
              ", not read yet"
            )}
            . Lost it? Create a new one: the old one stops working.
          </p>
        )}
        {!url && !subscription?.active && <p>No subscription URL yet.</p>}
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="secondary"
            disabled={pending}
            onClick={() =>
              run(
                () => createCalendarSubscriptionAction(projectId),
                (data) => setUrl(data.subscription?.url ?? null),
              )
            }
          >
            {subscription?.active || url ? "Replace the URL" : "Create a subscription URL"}
          </Button>
          {(subscription?.active || url) && (
            <Button
              size="sm"
              variant="ghost"
              disabled={pending}
              onClick={() =>
                run(
                  () => revokeCalendarSubscriptionAction(projectId),
                  () => setUrl(null),
                )
              }
            >
              Revoke it
            </Button>
          )}
        </div>
        {error && <Notice tone="danger">{error}</Notice>}
      </CardBody>
    </Card>
  );
}
