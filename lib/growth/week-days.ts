export const dayKeys = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;
export type DayKey = (typeof dayKeys)[number];

export interface WeekDay {
  key: DayKey;
  /** ISO date of the day. */
  date: string;
  /** e.g. "Mon 23 Nov". */
  label: string;
  /** e.g. "Monday 23 November". */
  longLabel: string;
}

const dayMs = 86_400_000;

/** The seven days of the week that starts on `weekStart` (an ISO date, the cycle's Monday). */
export function weekDays(weekStart: string): WeekDay[] {
  const start = Date.parse(`${weekStart}T00:00:00Z`);
  return dayKeys.map((key, index) => {
    const day = new Date(start + index * dayMs);
    const short = day.toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
    const long = day.toLocaleDateString("en-GB", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });
    return { key, date: day.toISOString().slice(0, 10), label: `${key} ${short}`, longLabel: long };
  });
}

/**
 * The day a suggested day names: "Mon", "monday", "Tuesday morning" or an ISO date inside
 * the week. Null when it names none of the week's days.
 */
export function dayOf(suggestedDay: string | null | undefined, weekStart: string): DayKey | null {
  const value = (suggestedDay ?? "").trim().toLowerCase();
  if (!value) return null;
  const iso = /^\d{4}-\d{2}-\d{2}/.exec(value)?.[0];
  if (iso) {
    const offset = Math.round((Date.parse(`${iso}T00:00:00Z`) - Date.parse(`${weekStart}T00:00:00Z`)) / dayMs);
    return offset >= 0 && offset < 7 ? dayKeys[offset]! : null;
  }
  return dayKeys.find((key) => value.startsWith(key.toLowerCase())) ?? null;
}

/** The ISO date a suggested day falls on in the week, or null. */
export function dateOf(suggestedDay: string | null | undefined, weekStart: string): string | null {
  const day = dayOf(suggestedDay, weekStart);
  return day ? new Date(Date.parse(`${weekStart}T00:00:00Z`) + dayKeys.indexOf(day) * dayMs).toISOString().slice(0, 10) : null;
}
