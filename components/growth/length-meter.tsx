"use client";

import { Suspense } from "react";
import { cx } from "@/components/ui";
import { countPlain } from "@/lib/channels/count-plain";
import { type CountingUnit, channelRules } from "@/lib/channels/rules";
import type { Channel } from "@/lib/schemas/growth";
import { useCounters } from "./use-counters";

const unitNames: Record<CountingUnit, string> = {
  weighted: "characters as X counts them",
  graphemes: "characters",
  "graphemes-links-23": "characters (a link counts 23)",
  characters: "characters",
};

/**
 * How long a post is, counted the way its channel counts (X weights URLs and emoji; Bluesky
 * counts graphemes). `counted`: the server's count of exactly this text, when the caller has it.
 */
export function LengthMeter({
  channel,
  text,
  label,
  counted,
}: {
  channel: Channel;
  text: string;
  label: string;
  counted?: number;
}) {
  const { unit } = channelRules[channel];
  if (counted !== undefined) return <Meter channel={channel} label={label} length={counted} />;
  if (unit !== "weighted") return <Meter channel={channel} label={label} length={countPlain(unit, text)} />;
  // X's weighted count needs twitter-text: loaded only for X posts, not with every page that shows a draft.
  return (
    <Suspense>
      <WeightedMeter channel={channel} text={text} label={label} />
    </Suspense>
  );
}

function WeightedMeter({ channel, text, label }: { channel: Channel; text: string; label: string }) {
  const { countAs } = useCounters();
  return <Meter channel={channel} label={label} length={countAs("weighted", text)} />;
}

function Meter({ channel, label, length }: { channel: Channel; label: string; length: number }) {
  const rule = channelRules[channel];
  const ratio = Math.min(1, length / rule.bodyLimit);
  const over = length > rule.bodyLimit;
  return (
    <div
      className="flex items-center gap-3 text-xs text-muted"
      data-testid="length-meter"
      data-length={length}
      data-limit={rule.bodyLimit}
    >
      <div
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={rule.bodyLimit}
        aria-valuenow={length}
        aria-valuetext={`${length} of ${rule.bodyLimit} ${unitNames[rule.unit]}`}
        className="h-1.5 w-28 overflow-hidden rounded-full bg-sunken"
      >
        <div
          className={cx("h-full rounded-full", over ? "bg-danger" : ratio > 0.9 ? "bg-warning" : "bg-success")}
          style={{ width: `${Math.max(2, ratio * 100)}%` }}
        />
      </div>
      <span className={cx("tabular-nums", over && "font-semibold text-danger")}>
        {length.toLocaleString("en")} / {rule.bodyLimit.toLocaleString("en")}
        <span className="sr-only"> {unitNames[rule.unit]}</span>
      </span>
    </div>
  );
}
