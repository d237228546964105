import { channelRules } from "@/lib/channels/rules";
import type { Results } from "@/lib/schemas/links";
import { percent } from "./results-chart";

type ChannelRow = Results["rows"][number];

// Bars fill at most this share of the row, so the number after the longest one still fits.
const longestBar = 82;

const nameOf = (row: ChannelRow) => (row.channel ? channelRules[row.channel].label : row.label);

/**
 * Clicks and sign-ups per channel as horizontal bars (server-rendered SVG, no chart library):
 * each series sized to its own busiest channel, so a channel's few sign-ups stay visible
 * beside many clicks; the numbers are printed after the bars.
 */
export function ChannelChart({ channels }: { channels: ChannelRow[] }) {
  const mostClicks = Math.max(1, ...channels.map((row) => row.clicks));
  const mostSignups = Math.max(1, ...channels.map((row) => row.signups));
  const summary = channels
    .map((row) => `${nameOf(row)}: ${row.signups} sign-ups, ${row.clicks} clicks, sign-up rate ${percent(row.conversionRate)}`)
    .join("; ");
  return (
    <figure className="space-y-3" data-testid="channel-chart">
      <div role="img" aria-label={`Sign-ups and clicks per channel. ${summary}`} className="space-y-2.5">
        {channels.map((row) => (
          <div key={row.key} className="grid grid-cols-[minmax(0,6.5rem)_1fr] items-center gap-3 text-sm">
            <span className="truncate" title={nameOf(row)}>
              {nameOf(row)}
            </span>
            <svg aria-hidden="true" width="100%" height="30" className="block overflow-visible">
              <Bar y={0} value={row.signups} most={mostSignups} color="var(--color-success)" />
              <Bar y={16} value={row.clicks} most={mostClicks} color="var(--color-accent)" />
            </svg>
          </div>
        ))}
      </div>
      <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted" aria-hidden>
        <span className="inline-flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm" style={{ background: "var(--color-success)" }} /> Sign-ups
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm" style={{ background: "var(--color-accent)" }} /> Clicks
        </span>
      </figcaption>
    </figure>
  );
}

function Bar({ y, value, most, color }: { y: number; value: number; most: number; color: string }) {
  const width = value > 0 ? Math.max(1, (longestBar * value) / most) : 0;
  return (
    <>
      <rect
        x={0}
        y={y}
        height={12}
        rx={2}
        width={value > 0 ? `${width}%` : 2}
        style={{ fill: value > 0 ? color : "var(--color-line)" }}
      />
      <text
        x={`${width}%`}
        dx={value > 0 ? 6 : 8}
        y={y + 10}
        className="text-xs font-semibold tabular-nums"
        style={{ fill: "currentColor" }}
      >
        {value}
      </text>
    </>
  );
}
