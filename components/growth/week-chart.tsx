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

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

const width = 700;
const height = 200;
const top = 22;
const bottom = 26;

/**
 * The week's likes, reposts and replies per day as stacked bars (inline SVG, drawn on the
 * server with the theme's colours, so it follows dark mode), with the same numbers as a
 * table for screen readers.
 */
export function WeekChart({ items, weekStart }: { items: GrowthItem[]; weekStart: string }) {
  const { days, total, posts } = weekNumbers(items, weekStart);
  if (posts === 0)
    return (
      <p className="text-sm text-muted" data-testid="week-chart-empty">
        Numbers show here once a post goes out on a connected account and its likes, reposts and replies come in.
      </p>
    );
  const sums = days.map((day) => day.likes + day.reposts + day.replies);
  const best = days[sums.indexOf(Math.max(...sums))]!;
  const scale = (height - top - bottom) / Math.max(1, ...sums);
  const slot = width / days.length;
  const bar = Math.min(56, slot * 0.55);
  const summary =
    `This week's numbers from ${plural(posts, "published post")}: ${plural(total.likes, "like")}, ` +
    `${plural(total.reposts, "repost")}, ${plural(total.replies, "reply", "replies")}; ` +
    `the best day was ${best.longLabel}.`;
  return (
    <figure className="space-y-3" data-testid="week-chart">
      <svg
        role="img"
        aria-label={summary}
        viewBox={`0 0 ${width} ${height}`}
        className="h-auto w-full"
        preserveAspectRatio="xMidYMid meet"
      >
        <line
          x1={0}
          x2={width}
          y1={height - bottom}
          y2={height - bottom}
          style={{ stroke: "var(--color-line)" }}
          strokeWidth={1}
        />
        {days.map((day, index) => {
          const x = index * slot + (slot - bar) / 2;
          let y = height - bottom;
          return (
            <g key={day.label}>
              {series.map(({ key, color }) => {
                const size = day[key] * scale;
                y -= size;
                return size > 0 ? <rect key={key} x={x} y={y} width={bar} height={size} rx={3} style={{ fill: color }} /> : null;
              })}
              {sums[index]! > 0 && (
                <text
                  x={x + bar / 2}
                  y={y - 6}
                  textAnchor="middle"
                  fontSize={15}
                  fontWeight={600}
                  style={{ fill: "var(--color-ink)" }}
                >
                  {sums[index]}
                </text>
              )}
              <text
                x={index * slot + slot / 2}
                y={height - 6}
                textAnchor="middle"
                fontSize={15}
                style={{ fill: "var(--color-muted)" }}
              >
                {day.label}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted" aria-hidden>
        {series.map(({ key, label, color }) => (
          <span key={key} className="inline-flex items-center gap-1.5">
            <span className="size-2.5 rounded-sm" style={{ background: color }} />
            {label} <span className="font-semibold text-ink tabular-nums">{total[key]}</span>
          </span>
        ))}
      </figcaption>
      <table className="sr-only">
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
    </figure>
  );
}
