/**
 * The one way Launchloop writes a date. The dashboard shows `shortDate` (with `fullDate` on
 * hover) through `components/ui/when.tsx`; documents write `writtenDate`. A calendar day
 * ("2026-11-30", a week's Monday) is the same day everywhere; an instant is read in the
 * founder's time zone.
 */

export interface DateSettings {
  /** A BCP 47 locale ("en-US", "de"); undefined is the runtime's own. */
  locale?: string;
  /** An IANA time zone ("Europe/Berlin"); undefined is the runtime's own. */
  timeZone?: string;
}

const dayOnly = /^\d{4}-\d{2}-\d{2}$/;

/** True for a calendar day ("2026-11-30"), false for an instant. */
export const isDay = (at: string) => dayOnly.test(at);

const instantOf = (at: string | Date) => (at instanceof Date ? at : new Date(isDay(at) ? `${at}T00:00:00Z` : at));

/** A day has no time zone: it is read in UTC, where it was written. */
const zoneOf = (at: string | Date, timeZone: string | undefined) => (typeof at === "string" && isDay(at) ? "UTC" : timeZone);

const yearOf = (date: Date, timeZone: string | undefined) =>
  new Intl.DateTimeFormat("en", { year: "numeric", timeZone }).format(date);

/**
 * The short form: "Mon, Nov 30" (en-US), "Mon 30 Nov" (en-GB); the year when it is not this
 * year's; the time (`time`) for an instant when the hour matters, as a scheduled post's.
 */
export function shortDate(
  at: string | Date,
  { locale, timeZone, now = new Date(), time = false }: DateSettings & { now?: Date; time?: boolean } = {},
): string {
  const date = instantOf(at);
  const zone = zoneOf(at, timeZone);
  const otherYear = yearOf(date, zone) !== yearOf(now, zone);
  const withTime = time && !(typeof at === "string" && isDay(at));
  return new Intl.DateTimeFormat(locale, {
    weekday: "short",
    day: "numeric",
    month: "short",
    ...(otherYear && { year: "numeric" }),
    ...(withTime && { hour: "numeric", minute: "2-digit" }),
    timeZone: zone,
  }).format(date);
}

/** The full form, for the hover: "Monday, November 30, 2026" (at 9:00 AM for an instant). */
export function fullDate(at: string | Date, { locale, timeZone }: DateSettings = {}): string {
  const day = typeof at === "string" && isDay(at);
  return new Intl.DateTimeFormat(locale, {
    dateStyle: "full",
    ...(!day && { timeStyle: "short" }),
    timeZone: zoneOf(at, timeZone),
  }).format(instantOf(at));
}

const relativeUnits: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

/**
 * How long ago (or until) within the past or next week: "3 minutes ago", "yesterday", "in 2 hours",
 * "now" under a minute; null beyond a week, where the short date says more.
 */
export function relativeTime(at: string | Date, { locale, now = new Date() }: DateSettings & { now?: Date } = {}): string | null {
  const seconds = Math.round((instantOf(at).getTime() - now.getTime()) / 1000);
  if (Math.abs(seconds) >= 7 * 24 * 3600) return null;
  const format = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  for (const [unit, size] of relativeUnits) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(0, "second");
}

/** A date in a document (an export, the playbook's text): "November 27, 2026", as people write it. */
export function writtenDate(at: string | Date, locale = "en"): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(instantOf(at));
}

/** A locale the runtime formats with, from a header or a browser's list; undefined when none is. */
export function supportedLocale(candidates: ReadonlyArray<string | undefined>): string | undefined {
  for (const candidate of candidates) {
    const tag = candidate?.split(";")[0]?.trim();
    if (!tag || tag === "*") continue;
    try {
      const [found] = Intl.DateTimeFormat.supportedLocalesOf([tag]);
      if (found) return found;
    } catch {
      // not a well-formed tag: try the next
    }
  }
  return undefined;
}

/** An IANA time zone the runtime knows, or undefined. */
export function supportedTimeZone(zone: string | undefined): string | undefined {
  if (!zone) return undefined;
  try {
    return new Intl.DateTimeFormat("en", { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}
