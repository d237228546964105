"use client";

import { useState } from "react";
import { ChannelBadge, statusTone } from "@/components/growth/channel-badge";
import type { BoardCycle, GrowthItem, MeasuredItem } from "@/components/growth/types";
import { gradeLabel as gradeLabels, itemStatusLabel } from "@/components/labels";
import { Badge, Button, Card, CardBody, CardHeader, Input, Notice, Textarea } from "@/components/ui";
import { useOperationAction } from "@/components/use-operation-action";
import { suggestFromResults } from "@/lib/growth/grade-suggestion";
import { submitRetroAction } from "./actions";

type Grade = "great" | "ok" | "quiet" | "";
interface Entry {
  grade: Grade;
  note: string;
}

const grades: Array<{ value: Grade; label: string }> = [
  ...(["great", "ok", "quiet"] as const).map((value) => ({ value, label: gradeLabels[value] })),
  { value: "", label: "No grade" },
];

const signups = (count: number) => `${count} ${count === 1 ? "sign-up" : "sign-ups"}`;
const clicks = (count: number) => `${count} ${count === 1 ? "click" : "clicks"}`;
const gradeLabel = (grade: Grade) => grades.find((entry) => entry.value === grade)?.label ?? grade;

/** Whether an item has any numbers worth a line (a piece that did not go out mostly has none). */
const hasResults = (item: GrowthItem) =>
  Boolean(
    (item.tracking && (item.tracking.clicks > 0 || item.tracking.signups > 0)) ||
      (item.metrics && Object.values(item.metrics).some((value) => typeof value === "number" && value > 0)),
  );

/** Whether an item went out is its state, never the retro's choice: published by Launchloop, or posted by the founder ("I posted it"). */
const wentOut = (item: GrowthItem) => item.status === "published";

/** The end-of-week retro, once opened: per item whether it went out, a grade for what did, and a note; an overall note. It closes the week. */
export function RetroForm({ cycle, items, history }: { cycle: BoardCycle; items: GrowthItem[]; history: MeasuredItem[] }) {
  // Only what the founder changed is kept; the grade defaults to the one its numbers suggest.
  const [changes, setEntries] = useState<Record<string, Partial<Entry>>>({});
  const resultsOf = (tracking: GrowthItem["tracking"]) =>
    tracking ? { clicks: tracking.clicks, signups: tracking.signups } : null;
  const suggestionOf = (item: GrowthItem) =>
    suggestFromResults(
      { results: resultsOf(item.tracking), numbers: item.metrics },
      history
        .filter((other) => other.id !== item.id)
        .map((other) => ({
          results: resultsOf(other.tracking),
          numbers: other.metrics,
          sameChannel: other.channel === item.channel,
        })),
    );
  /** The item's numbers in one line, with the grade they suggest. */
  const numbersOf = (item: GrowthItem) => {
    if (!item.metrics && !item.tracking) return null;
    const suggestion = suggestionOf(item);
    const { metrics, tracking } = item;
    return `${[
      tracking && `${signups(tracking.signups)} · ${clicks(tracking.clicks)}`,
      metrics &&
        (typeof metrics.opens === "number"
          ? `${metrics.opens} opens · ${metrics.clicks ?? 0} clicks · ${metrics.replies} replies`
          : `${metrics.likes} likes · ${metrics.reposts} ${item.channel === "mastodon" ? "boosts" : "reposts"} · ${metrics.replies} replies${metrics.quotes !== null ? ` · ${metrics.quotes} quotes` : ""}`),
    ]
      .filter(Boolean)
      .join(
        " · ",
      )}${suggestion ? ` — suggested grade: ${gradeLabel(suggestion.grade)} (${suggestion.why}); change it if you know better.` : ""}`;
  };
  const entryOf = (item: GrowthItem): Entry => ({
    grade: wentOut(item) ? (suggestionOf(item)?.grade ?? "") : "",
    note: "",
    ...changes[item.id],
  });
  const [overall, setOverall] = useState("");
  const { pending, error, run } = useOperationAction();
  // A grade says how a published piece did: only what went out is graded, and grading never changes whether it went out.
  const set = (id: string, patch: Partial<Entry>) =>
    setEntries((current) => ({ ...current, [id]: { ...current[id], ...patch } }));
  function submit(event: React.FormEvent) {
    event.preventDefault();
    const body = {
      overall: overall.trim(),
      items: items.map((item) => {
        const entry = entryOf(item);
        return {
          itemId: item.id,
          result: wentOut(item) ? ("published" as const) : ("skipped" as const),
          ...(wentOut(item) && entry.grade && { grade: entry.grade }),
          ...(entry.note.trim() && { note: entry.note.trim() }),
        };
      }),
    };
    run(() => submitRetroAction(cycle.id, body));
  }
  return (
    <Card aria-labelledby="retro-title">
      <CardHeader
        id="retro-title"
        title="Close the week: your retro"
        description="How did each piece do? Grades shape next week's plan: great gets more of the same, quiet gets a new angle. Submitting closes the week."
      />
      <form onSubmit={submit}>
        <CardBody className="space-y-4">
          {items.some((item) => !wentOut(item)) && (
            <p className="text-sm text-muted">
              What did not go out is recorded as skipped: only what went out is graded. Posted one yourself? Say so on its card
              first, with the link.
            </p>
          )}
          {items.map((item) => {
            const entry = entryOf(item);
            const id = `retro-${item.id}`;
            const numbers = numbersOf(item);
            const note = (
              <div className="space-y-1">
                <label htmlFor={`${id}-note`} className="text-xs font-medium text-muted">
                  Note (optional)
                </label>
                <Input
                  id={`${id}-note`}
                  maxLength={500}
                  value={entry.note}
                  onChange={(event) => set(item.id, { note: event.target.value })}
                />
              </div>
            );
            if (!wentOut(item))
              // Not posted: one compact line (its numbers only when it has some), the note folded.
              return (
                <fieldset
                  key={item.id}
                  data-testid="retro-item"
                  className="space-y-2 rounded-xl border border-line px-4 pb-3 pt-1"
                >
                  <legend className="flex flex-wrap items-center gap-2 px-1 text-sm font-semibold">
                    <ChannelBadge channel={item.channel} />
                    <span data-testid="retro-title">{item.title}</span>
                  </legend>
                  <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
                    <Badge tone={statusTone.skipped} data-testid="retro-result">
                      Not posted
                    </Badge>
                    {numbers && hasResults(item) && (
                      <p className="text-muted" data-testid="retro-metrics">
                        {numbers}
                      </p>
                    )}
                    <details className="w-full" data-testid="retro-note">
                      <summary className="cursor-pointer text-sm text-accent">
                        {entry.note.trim() ? "Your note" : "Add a note"}
                      </summary>
                      <div className="mt-2">{note}</div>
                    </details>
                  </div>
                </fieldset>
              );
            return (
              <fieldset key={item.id} data-testid="retro-item" className="space-y-3 rounded-xl border border-line p-4">
                <legend className="flex flex-wrap items-center gap-2 px-1 text-sm font-semibold">
                  <ChannelBadge channel={item.channel} />
                  <span data-testid="retro-title">{item.title}</span>
                </legend>
                {numbers && (
                  <p className="text-sm text-muted" data-testid="retro-metrics">
                    {numbers}
                  </p>
                )}
                <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
                  <Badge tone={statusTone.published} data-testid="retro-result">
                    {itemStatusLabel.published}
                  </Badge>
                  <div role="radiogroup" aria-label={`Grade of ${item.title}`} className="flex flex-wrap gap-4">
                    {grades.map((grade) => (
                      <label key={grade.value || "none"} className="flex items-center gap-1.5">
                        <input
                          type="radio"
                          name={`${id}-grade`}
                          value={grade.value}
                          checked={entry.grade === grade.value}
                          onChange={() => set(item.id, { grade: grade.value })}
                          className="accent-[var(--color-accent)]"
                        />
                        {grade.label}
                      </label>
                    ))}
                  </div>
                </div>
                {note}
              </fieldset>
            );
          })}
          <div className="space-y-1">
            <label htmlFor="retro-overall" className="text-sm font-medium">
              How did the week go overall?
            </label>
            <Textarea
              id="retro-overall"
              rows={3}
              maxLength={3000}
              value={overall}
              onChange={(event) => setOverall(event.target.value)}
            />
          </div>
          {error && <Notice tone="danger">{error}</Notice>}
          <Button type="submit" disabled={pending}>
            {pending ? "Closing the week…" : "Submit retro and close the week"}
          </Button>
        </CardBody>
      </form>
    </Card>
  );
}
