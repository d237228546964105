import type { Results } from "@/lib/schemas/links";

type WeekRow = Results["rows"][number];

const percent = (rate: number | null) => (rate === null ? "–" : `${(rate * 100).toFixed(rate < 0.1 ? 1 : 0)}%`);
const barAreaPx = 120;

/**
 * Clicks and sign-ups per week, side by side (server-rendered: no chart library on the
 * page). Bars are sized to the busiest week of each series, so sign-ups stay visible beside
 * a hundred times as many clicks; the numbers are printed on the bars and in the table.
 */
export function ResultsChart({ weeks }: { weeks: WeekRow[] }) {
  const mostClicks = Math.max(1, ...weeks.map((week) => week.clicks));
  const mostSignups = Math.max(1, ...weeks.map((week) => week.signups));
  const summary = weeks
    .map((week) => `${week.label}: ${week.clicks} clicks, ${week.signups} sign-ups, ${percent(week.conversionRate)}`)
    .join("; ");
  return (
    <figure className="space-y-3" data-testid="results-chart">
      <div role="img" aria-label={`Clicks and sign-ups per week. ${summary}`} className="space-y-1 overflow-x-auto">
        <div
          className="grid h-40 items-end gap-3 border-b border-line"
          style={{ gridTemplateColumns: `repeat(${weeks.length}, minmax(2.5rem, 1fr))` }}
        >
          {weeks.map((week) => (
            <div key={week.key} className="flex h-full items-end justify-center gap-1">
              <Bar value={week.clicks} height={(barAreaPx * week.clicks) / mostClicks} color="var(--color-accent)" />
              <Bar value={week.signups} height={(barAreaPx * week.signups) / mostSignups} color="var(--color-success)" />
            </div>
          ))}
        </div>
        <div
          className="grid gap-3 text-center text-xs text-muted"
          style={{ gridTemplateColumns: `repeat(${weeks.length}, minmax(2.5rem, 1fr))` }}
        >
          {weeks.map((week) => (
            <span key={week.key}>{shortWeek(week.key)}</span>
          ))}
        </div>
      </div>
      <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted" aria-hidden>
        <span className="inline-flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm" style={{ background: "var(--color-accent)" }} /> Clicks
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm" style={{ background: "var(--color-success)" }} /> Sign-ups
        </span>
      </figcaption>
    </figure>
  );
}

function Bar({ value, height, color }: { value: number; height: number; color: string }) {
  return (
    <div className="flex w-full max-w-6 flex-col items-center justify-end gap-1">
      {value > 0 && <span className="text-xs font-semibold tabular-nums">{value}</span>}
      <svg
        aria-hidden="true"
        viewBox="0 0 10 10"
        preserveAspectRatio="none"
        className="w-full"
        style={{ height: `${Math.max(value > 0 ? 3 : 1, Math.round(height))}px` }}
      >
        <rect x={0} y={0} width={10} height={10} style={{ fill: value > 0 ? color : "var(--color-line)" }} />
      </svg>
    </div>
  );
}

/** "2026-11-23" as "23 Nov", the same everywhere (UTC: a week is a UTC week). */
function shortWeek(day: string): string {
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

export { percent };
