import { Card, CardBody, CardHeader } from "@/components/ui";
import { dayOf, weekDays } from "@/lib/growth/week-days";
import type { GrowthItem } from "./types";

const series = [
  { key: "likes", label: "Likes", color: "var(--color-accent)" },
  { key: "reposts", label: "Reposts", color: "var(--color-success)" },
  { key: "replies", label: "Replies", color: "var(--color-warning)" },
] as const;
type SeriesKey = (typeof series)[number]["key"];
type Numbers = Record<SeriesKey, number>;

interface DayNumbers extends Numbers {
  label: string;
  longLabel: string;
  posts: number;
}

/** The week's published numbers per day: each measured post counts on the day it went out (its planned day if it has no time). */
export function weekNumbers(items: GrowthItem[], weekStart: string): { days: DayNumbers[]; total: Numbers; posts: number } {
  const days: DayNumbers[] = weekDays(weekStart).map((day) => ({
    label: day.key,
    longLabel: day.longLabel,
    likes: 0,
    reposts: 0,
    replies: 0,
    posts: 0,
  }));
  const total: Numbers = { likes: 0, reposts: 0, replies: 0 };
  let posts = 0;
  for (const item of items) {
    if (!item.metrics) continue;
    const key = dayOf(item.publication?.publishedAt, weekStart) ?? dayOf(item.suggestedDay, weekStart);
    const day = days.find((entry) => entry.label === key) ?? days.at(-1)!;
    day.posts++;
    posts++;
    for (const { key: name } of series) {
      day[name] += item.metrics[name];
      total[name] += item.metrics[name];
    }
  }
  return { days, total, posts };
}

/** The tallest bar, in pixels: the chart's 9 rem less a line for the day's total. */
const barAreaPx = 120;

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** The board's numbers card: the chart once a post has numbers, until then one line saying where they come from. */
export function WeekNumbersCard({ items, weekStart }: { items: GrowthItem[]; weekStart: string }) {
  const numbers = weekNumbers(items, weekStart);
  const empty = numbers.posts === 0;
  return (
    <Card aria-labelledby="numbers-title">
      <CardHeader
        id="numbers-title"
        title="This week's numbers"
        description={
          empty
            ? "They show here once a post goes out on a connected account and its likes, reposts and replies come in."
            : "Likes, reposts and replies of the posts that went out on your connected accounts, per day."
        }
      />
      {!empty && (
        <CardBody>
          <WeekChart {...numbers} />
        </CardBody>
      )}
    </Card>
  );
}

function WeekChart({ days, total, posts }: ReturnType<typeof weekNumbers>) {
  const sums = days.map((day) => day.likes + day.reposts + day.replies);
  const best = days[sums.indexOf(Math.max(...sums))]!;
  const highest = Math.max(1, ...sums);
  const summary =
    `This week's numbers from ${plural(posts, "published post")}: ${plural(total.likes, "like")}, ` +
    `${plural(total.reposts, "repost")}, ${plural(total.replies, "reply", "replies")}; ` +
    `the best day was ${best.longLabel}.`;
  return (
    <figure className="max-w-2xl space-y-3" data-testid="week-chart">
      {/* Bars are SVG stretched to their share of the tallest day; the text stays HTML, so it keeps its size on a phone. */}
      <div role="img" aria-label={summary} className="space-y-1">
        <div className="grid h-36 grid-cols-7 items-end gap-2 border-b border-line sm:gap-4">
          {days.map((day, index) => {
            const sum = sums[index]!;
            let from = sum;
            return (
              <div key={day.label} className="flex h-full flex-col items-center justify-end gap-1">
                {sum > 0 && <span className="text-xs font-semibold tabular-nums">{sum}</span>}
                {sum > 0 && (
                  <svg
                    aria-hidden="true"
                    viewBox={`0 0 10 ${sum}`}
                    preserveAspectRatio="none"
                    className="w-full max-w-12"
                    style={{ height: `${Math.max(2, Math.round((barAreaPx * sum) / highest))}px` }}
                  >
                    {series.map(({ key, color }) => {
                      from -= day[key];
                      return day[key] > 0 ? (
                        <rect key={key} x={0} y={from} width={10} height={day[key]} style={{ fill: color }} />
                      ) : null;
                    })}
                  </svg>
                )}
              </div>
            );
          })}
        </div>
        <div className="grid grid-cols-7 gap-2 text-center text-xs text-muted sm:gap-4">
          {days.map((day) => (
            <span key={day.label}>{day.label}</span>
          ))}
        </div>
      </div>
      <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted" aria-hidden>
        {series.map(({ key, label, color }) => (
          <span key={key} className="inline-flex items-center gap-1.5">
            <span className="size-2.5 rounded-sm" style={{ background: color }} />
            {label} <span className="font-semibold text-ink tabular-nums">{total[key]}</span>
          </span>
        ))}
      </figcaption>
      {/* A table cannot shrink to the visually-hidden box itself: its wrapper does. */}
      <div className="sr-only">
        <table>
          <caption>This week's numbers per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Posts</th>
              {series.map(({ key, label }) => (
                <th key={key} scope="col">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.label}>
                <th scope="row">{day.longLabel}</th>
                <td>{day.posts}</td>
                {series.map(({ key }) => (
                  <td key={key}>{day[key]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
