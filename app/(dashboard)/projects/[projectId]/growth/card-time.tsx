"use client";

import { useEffect, useState } from "react";
import type { GrowthItem } from "@/components/growth/types";
import { Input } from "@/components/ui";
import { describeFailure } from "@/lib/actions/form-state";
import { scheduleItemAction } from "./actions";
import { atTime, localTimeValue } from "./schedule-time";

/** Whether an item's time may still change (not while it goes out, nor once out or maybe out). */
export const timeEditable = (item: GrowthItem) =>
  item.status === "approved" &&
  Boolean(item.publication?.scheduledAt) &&
  !["publishing", "published", "unconfirmed"].includes(item.publication?.status ?? "");

/**
 * An approved item's time on its calendar card, editable in place (the keyboard's way to move
 * it; dragging the card moves its day): saved when the field is left or Enter is pressed.
 */
export function CardTime({ item, onItem, mounted }: { item: GrowthItem; onItem: (item: GrowthItem) => void; mounted: boolean }) {
  const scheduledAt = item.publication?.scheduledAt ?? null;
  // The browser's zone decides the value: the server renders it empty, so both agree.
  const saved = mounted ? localTimeValue(scheduledAt) : "";
  const [value, setValue] = useState(saved);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  useEffect(() => setValue(saved), [saved]);
  if (!scheduledAt) return null;
  const id = `card-time-${item.id}`;

  async function save() {
    if (!scheduledAt || !value || value === saved) return;
    setPending(true);
    setError(null);
    const result = await scheduleItemAction(item.id, { scheduledAt: atTime(scheduledAt, value) });
    setPending(false);
    if (result.ok) onItem(result.data.item);
    else {
      setError(describeFailure(result));
      setValue(saved);
    }
  }

  return (
    <span className="mt-1 block">
      <label htmlFor={id} className="sr-only">
        Time for {item.title}
      </label>
      <Input
        id={id}
        type="time"
        data-testid="card-time"
        value={value}
        disabled={pending || !timeEditable(item)}
        onChange={(event) => setValue(event.target.value)}
        onBlur={save}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            void save();
          }
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="h-8 px-2 py-0 text-xs"
      />
      {error && (
        <span id={`${id}-error`} className="mt-1 block text-xs text-danger">
          {error}
        </span>
      )}
    </span>
  );
}
