const dateFormat = new Intl.DateTimeFormat("en", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/** A date people read at a glance ("22 Nov 2026"), in UTC so server and browser agree. */
export const formatDate = (iso: string | null | undefined, fallback = "—") => (iso ? dateFormat.format(new Date(iso)) : fallback);

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? "" : "s"} ago`;

/** "just now", "3 minutes ago", "yesterday", or the date after a month; `fallback` when there is no date. */
export function formatRelative(iso: string | null | undefined, now = new Date(), fallback = "Never") {
  if (!iso) return fallback;
  const seconds = Math.round((now.getTime() - new Date(iso).getTime()) / 1000);
  if (seconds < 45) return "just now";
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return plural(minutes, "minute");
  const hours = Math.round(minutes / 60);
  if (hours < 24) return plural(hours, "hour");
  const days = Math.round(hours / 24);
  if (days === 1) return "yesterday";
  if (days < 30) return plural(days, "day");
  return formatDate(iso);
}
