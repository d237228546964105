const dateFormat = new Intl.DateTimeFormat("en", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/** A date people read at a glance ("22 Nov 2026"), in UTC so server and browser agree. */
export const formatDate = (iso: string | null | undefined, fallback = "—") => (iso ? dateFormat.format(new Date(iso)) : fallback);

/** "just now", "5 minutes ago", "3 days ago", or the date after a month. */
export function formatRelative(iso: string | null | undefined, now = new Date(), fallback = "Never") {
  if (!iso) return fallback;
  const seconds = Math.max(0, (now.getTime() - new Date(iso).getTime()) / 1000);
  if (seconds < 90) return "Just now";
  if (seconds < 3600) return `${Math.round(seconds / 60)} minutes ago`;
  if (seconds < 86_400 * 1.5) return `${Math.round(seconds / 3600)} hours ago`;
  if (seconds < 86_400 * 30) return `${Math.round(seconds / 86_400)} days ago`;
  return formatDate(iso);
}
