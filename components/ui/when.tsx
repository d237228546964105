"use client";

import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { type DateSettings, fullDate, relativeTime, shortDate } from "@/lib/i18n/dates";

/** The cookie that tells the server the founder's time zone, so its render is the browser's. */
export const timeZoneCookie = "tz";

interface Clock extends DateSettings {
  /** The instant "this year" and "3 minutes ago" are read against. */
  now: number;
}

const fallback: Clock = { locale: "en-US", timeZone: "UTC", now: 0 };
const ClockContext = createContext<Clock>(fallback);

/**
 * The dashboard's dates: the server renders with the founder's locale (the request's language),
 * time zone (the `tz` cookie, UTC before the first visit) and the time of the request; the
 * browser's first render uses the same, so hydration sees the same text (no React #418). Once
 * mounted, the browser's own locale, zone and clock take over, and the cookie is set for next time.
 */
export function DateSettingsProvider({ locale, timeZone, now, children }: Clock & { children?: ReactNode }) {
  const [clock, setClock] = useState<Clock>({ locale, timeZone, now });
  useEffect(() => {
    const browser = Intl.DateTimeFormat().resolvedOptions();
    if (browser.timeZone && browser.timeZone !== timeZone)
      // biome-ignore lint/suspicious/noDocumentCookie: a plain preference cookie, read by the server on the next render
      document.cookie = `${timeZoneCookie}=${encodeURIComponent(browser.timeZone)}; path=/; max-age=31536000; samesite=lax`;
    setClock({ locale: navigator.language || browser.locale, timeZone: browser.timeZone, now: Date.now() });
    // Relative times ("3 minutes ago") move on while the page stays open.
    const timer = window.setInterval(() => setClock((current) => ({ ...current, now: Date.now() })), 60_000);
    return () => window.clearInterval(timer);
  }, [timeZone]);
  return <ClockContext.Provider value={clock}>{children}</ClockContext.Provider>;
}

/**
 * A date as the founder reads it, the one way the dashboard shows one: the short form
 * ("Mon, Nov 30"; with `time`, "Mon, Nov 30, 9:00 AM"), or with `relative` how long ago within a
 * week ("3 minutes ago"); the full date on hover. `fallback` when there is none.
 */
export function When({
  at,
  time = false,
  relative = false,
  fallback = "—",
  className,
}: {
  at: string | Date | null | undefined;
  time?: boolean;
  relative?: boolean;
  fallback?: string;
  className?: string;
}) {
  const { locale, timeZone, now } = useContext(ClockContext);
  if (!at) return <>{fallback}</>;
  const clock = now ? new Date(now) : new Date(at);
  const text =
    (relative && now ? relativeTime(at, { locale, now: clock }) : null) ?? shortDate(at, { locale, timeZone, now: clock, time });
  const iso = at instanceof Date ? at.toISOString() : at;
  return (
    <time dateTime={iso} title={fullDate(at, { locale, timeZone })} className={className}>
      {text}
    </time>
  );
}

/**
 * The same short form as text, for where an element cannot go (a select's options, a label):
 * `dateText("2026-11-30")` is "Mon, Nov 30" in the founder's locale.
 */
export function useDateText(): (at: string | Date, options?: { time?: boolean }) => string {
  const { locale, timeZone, now } = useContext(ClockContext);
  return (at, { time = false } = {}) =>
    shortDate(at, { locale, timeZone, now: now ? new Date(now) : at instanceof Date ? at : new Date(at), time });
}
