import { When } from "@/components/ui/when";
import { isDay, writtenDate } from "@/lib/i18n/dates";
import type { Results } from "@/lib/schemas/links";

type WeekRow = Results["rows"][number];

const percent = (rate: number | null) => (rate === null ? "–" : `${(rate * 100).toFixed(rate < 0.1 ? 1 : 0)}%`);
const barAreaPx = 120;

/** A week's name under its bars: its plan week ("Week 3"), or "Other" for links outside the plan. */
const weekName = (week: WeekRow) => (isDay(week.key) ? week.label : "Other");

/**
 * Clicks and sign-ups per plan week, side by side, with each week's sign-up rate under it
 * (server-rendered: no chart library on the page). Bars are sized to the busiest week of
 * each series, so sign-ups stay visible beside a hundred times as many clicks; the numbers
 * are printed on the bars.
 */
export function ResultsChart({ weeks }: { weeks: WeekRow[] }) {
  const mostClicks = Math.max(1, ...weeks.map((week) => week.clicks));
  const mostSignups = Math.max(1, ...weeks.map((week) => week.signups));
  const summary = weeks
    .map(
      (week) =>
        `${isDay(week.key) ? `${week.label}, starting ${writtenDate(week.key)}` : week.label}: ${week.clicks} clicks, ${week.signups} sign-ups, sign-up rate ${percent(week.conversionRate)}`,
    )
    .join("; ");
  const columns = { gridTemplateColumns: `repeat(${weeks.length}, minmax(3rem, 1fr))` };
  return (
    <figure className="space-y-3" data-testid="results-chart">
      <div role="img" aria-label={`Clicks and sign-ups per week. ${summary}`} className="space-y-1 overflow-x-auto">
        <div className="grid h-40 items-end gap-3 border-b border-line" style={columns}>
          {weeks.map((week) => (
            <div key={week.key} className="flex h-full items-end justify-center gap-1">
              <Bar value={week.clicks} height={(barAreaPx * week.clicks) / mostClicks} color="var(--color-accent)" />
              <Bar value={week.signups} height={(barAreaPx * week.signups) / mostSignups} color="var(--color-success)" />
            </div>
          ))}
        </div>
        <div className="grid gap-3 text-center text-xs" style={columns} aria-hidden="true">
          {weeks.map((week) => (
            <div key={week.key} className="flex flex-col items-center gap-0.5">
              <span className="font-semibold">{weekName(week)}</span>
              {isDay(week.key) && <When at={week.key} className="text-muted" />}
              <span className="tabular-nums text-muted" data-testid="week-rate">
                {percent(week.conversionRate)}
              </span>
            </div>
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
        <span>% under a week: its sign-up rate (sign-ups per click)</span>
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

export { percent };
