"use client";

import { useEffect, useState } from "react";
import { formatDate, formatRelative } from "./format";

const relativeUnits: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

/** A date in `locale` and `timeZone` (the browser's own when undefined), e.g. "24 Nov 2026" or "Nov 24, 2026". */
export function localDate(iso: string, locale?: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone }).format(new Date(iso));
}

/** How long ago, in `locale`: "5 minutes ago", "yesterday", "il y a 3 jours"; "now" under a minute. */
export function localRelative(iso: string, now: Date, locale?: string): string {
  const seconds = Math.round((new Date(iso).getTime() - now.getTime()) / 1000);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  for (const [unit, size] of relativeUnits) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(0, "second");
}

/**
 * A date or a "how long ago" in the founder's own locale and time zone. The server renders the
 * UTC English form (it knows neither); the browser replaces it once the page runs.
 */
export function LocalTime({
  iso,
  relative = false,
  fallback = "—",
}: {
  iso: string | null | undefined;
  relative?: boolean;
  fallback?: string;
}) {
  const [text, setText] = useState(() => (relative ? formatRelative(iso, new Date(), fallback) : formatDate(iso, fallback)));
  useEffect(() => {
    if (iso) setText(relative ? localRelative(iso, new Date()) : localDate(iso));
  }, [iso, relative]);
  if (!iso) return <>{fallback}</>;
  return (
    <time dateTime={iso} title={new Date(iso).toISOString()}>
      {text}
    </time>
  );
}
