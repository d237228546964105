"use client";

import { useState } from "react";
import type { GrowthItem } from "@/components/growth/types";
import { Button, Input } from "@/components/ui";
import { useOperationAction } from "@/components/use-operation-action";
import { describeFailure, fieldErrorsOf } from "@/lib/actions/form-state";
import type { ActionResult } from "@/lib/actions/run-operation";

const count = (value: number, one: string, many = `${one}s`) => `${value} ${value === 1 ? one : many}`;

type UpdateLink = (linkId: string, body: { destination?: string; enabled?: boolean }) => Promise<ActionResult<unknown>>;

/**
 * An item's tracked link and what it brought, beside the network's numbers (sign-ups first),
 * with the link's two controls: where it sends readers, and whether the post carries it.
 */
export function ItemResults({ tracking, updateLink }: { tracking: GrowthItem["tracking"]; updateLink?: UpdateLink }) {
  const [editing, setEditing] = useState(false);
  const [address, setAddress] = useState(tracking?.destination ?? "");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const { pending, error, run } = useOperationAction();
  if (!tracking) return null;
  const save = (body: { destination?: string; enabled?: boolean }) =>
    run(
      () => updateLink!(tracking.linkId, body),
      () => setEditing(false),
      {
        onFailure: (failure) => setFieldError(fieldErrorsOf(failure.error).destination ?? describeFailure(failure)),
      },
    );
  return (
    <div className="space-y-2" data-testid="item-results">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className="font-semibold">{count(tracking.signups, "sign-up")}</span>
        <span className="text-muted">{count(tracking.clicks, "click")}</span>
        {tracking.enabled ? (
          <span className="min-w-0 truncate font-mono text-xs text-muted" title={`Sends readers to ${tracking.destination}`}>
            {tracking.shortUrl.replace(/^https?:\/\//, "")} → {tracking.destination.replace(/^https?:\/\//, "")}
          </span>
        ) : (
          <span className="text-xs text-muted">Not tracked: the post carries your address itself</span>
        )}
        {updateLink && !editing && (
          <span className="flex gap-1">
            {tracking.enabled && (
              <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
                Change address
              </Button>
            )}
            <Button variant="ghost" size="sm" disabled={pending} onClick={() => void save({ enabled: !tracking.enabled })}>
              {tracking.enabled ? "Stop tracking" : "Track again"}
            </Button>
          </span>
        )}
      </p>
      {editing && (
        <form
          className="flex flex-wrap items-start gap-2"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setFieldError(null);
            void save({ destination: address.trim() });
          }}
        >
          <div className="min-w-0 flex-1 space-y-1">
            <label htmlFor={`link-${tracking.linkId}`} className="sr-only">
              Where the link sends readers
            </label>
            <Input
              id={`link-${tracking.linkId}`}
              type="url"
              value={address}
              onChange={(event) => setAddress(event.target.value)}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? `link-${tracking.linkId}-error` : undefined}
            />
            {fieldError && (
              <p id={`link-${tracking.linkId}-error`} className="text-sm text-danger">
                {fieldError}
              </p>
            )}
          </div>
          <Button type="submit" size="sm" disabled={pending}>
            Save
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setEditing(false)}>
            Cancel
          </Button>
        </form>
      )}
      {error && !editing && <p className="text-sm text-danger">{error}</p>}
    </div>
  );
}

/** The week board's small line: sign-ups and clicks once a post's link was clicked. */
export function ItemResultsBadge({ tracking }: { tracking: GrowthItem["tracking"] }) {
  if (!tracking || (tracking.clicks === 0 && tracking.signups === 0)) return null;
  return (
    <span className="block text-xs text-muted tabular-nums" data-testid="board-item-results">
      {count(tracking.signups, "sign-up")} · {count(tracking.clicks, "click")}
    </span>
  );
}
