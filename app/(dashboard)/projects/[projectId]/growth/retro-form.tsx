"use client";

import { useState } from "react";
import { channelLabel } from "@/components/growth/channel-badge";
import type { BoardCycle, GrowthItem, MeasuredItem } from "@/components/growth/types";
import { Button, Card, CardBody, CardHeader, Input, Notice, Textarea } from "@/components/ui";
import { useOperationAction } from "@/components/use-operation-action";
import { suggestFromResults } from "@/lib/growth/grade-suggestion";
import { submitRetroAction } from "./actions";

type Grade = "great" | "ok" | "quiet" | "";
interface Entry {
  result: "published" | "skipped";
  grade: Grade;
  note: string;
}

const grades: Array<{ value: Grade; label: string }> = [
  { value: "great", label: "Great" },
  { value: "ok", label: "OK" },
  { value: "quiet", label: "Quiet" },
  { value: "", label: "No grade" },
];

const signups = (count: number) => `${count} ${count === 1 ? "sign-up" : "sign-ups"}`;
const clicks = (count: number) => `${count} ${count === 1 ? "click" : "clicks"}`;
const gradeLabel = (grade: Grade) => grades.find((entry) => entry.value === grade)?.label ?? grade;

/** The end-of-week retro, once opened: per item published or skipped, a grade and a note; an overall note. It closes the week. */
export function RetroForm({ cycle, items, history }: { cycle: BoardCycle; items: GrowthItem[]; history: MeasuredItem[] }) {
  // Only what the founder changed is kept; the result defaults to the item's state now, the grade to the one its numbers suggest.
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
  const entryOf = (item: GrowthItem): Entry => ({
    result: item.status === "published" ? "published" : "skipped",
    grade: suggestionOf(item)?.grade ?? "",
    note: "",
    ...changes[item.id],
  });
  const [overall, setOverall] = useState("");
  const { pending, error, run } = useOperationAction();
  // A grade says how a published piece did: grading one marks it published, skipping one clears its grade (never "skipped · great").
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
          result: entry.result,
          ...(entry.grade && { grade: entry.grade }),
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
          {items.map((item) => {
            const entry = entryOf(item);
            const id = `retro-${item.id}`;
            return (
              <fieldset key={item.id} data-testid="retro-item" className="space-y-3 rounded-xl border border-line p-4">
                <legend className="px-1 text-sm font-semibold">
                  {channelLabel(item.channel)}: {item.title}
                </legend>
                {(item.metrics || item.tracking) && (
                  <p className="text-sm text-muted" data-testid="retro-metrics">
                    {[
                      item.tracking && `${signups(item.tracking.signups)} · ${clicks(item.tracking.clicks)}`,
                      item.metrics &&
                        (typeof item.metrics.opens === "number"
                          ? `${item.metrics.opens} opens · ${item.metrics.clicks ?? 0} clicks · ${item.metrics.replies} replies`
                          : `${item.metrics.likes} likes · ${item.metrics.reposts} ${item.channel === "mastodon" ? "boosts" : "reposts"} · ${item.metrics.replies} replies${item.metrics.quotes !== null ? ` · ${item.metrics.quotes} quotes` : ""}`),
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                    {suggestionOf(item) &&
                      ` — suggested grade: ${gradeLabel(suggestionOf(item)!.grade)} (${suggestionOf(item)!.why}); change it if you know better.`}
                  </p>
                )}
                <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
                  <div role="radiogroup" aria-label={`Result of ${item.title}`} className="flex gap-4">
                    {(["published", "skipped"] as const).map((result) => (
                      <label key={result} className="flex items-center gap-1.5">
                        <input
                          type="radio"
                          name={`${id}-result`}
                          value={result}
                          checked={entry.result === result}
                          onChange={() => set(item.id, result === "skipped" ? { result, grade: "" } : { result })}
                          className="accent-[var(--color-accent)]"
                        />
                        {result === "published" ? "Published" : "Skipped"}
                      </label>
                    ))}
                  </div>
                  <div role="radiogroup" aria-label={`Grade of ${item.title}`} className="flex flex-wrap gap-4">
                    {grades.map((grade) => (
                      <label key={grade.value || "none"} className="flex items-center gap-1.5">
                        <input
                          type="radio"
                          name={`${id}-grade`}
                          value={grade.value}
                          checked={entry.grade === grade.value}
                          onChange={() =>
                            set(item.id, grade.value ? { grade: grade.value, result: "published" } : { grade: grade.value })
                          }
                          className="accent-[var(--color-accent)]"
                        />
                        {grade.label}
                      </label>
                    ))}
                  </div>
                </div>
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
