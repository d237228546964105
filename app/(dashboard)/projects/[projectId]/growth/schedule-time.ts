const pad = (value: number) => String(value).padStart(2, "0");

/** `datetime-local`'s value for an instant, in the browser's own zone. */
export function localInputValue(iso: string | null | undefined) {
  if (!iso) return "";
  const date = new Date(iso);
  return `${localDateKey(iso)}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The instant's day in the browser's zone, as `YYYY-MM-DD`. */
export function localDateKey(iso: string) {
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `time`'s value (`HH:MM`) for an instant, in the browser's own zone. */
export const localTimeValue = (iso: string | null | undefined) => localInputValue(iso).slice(11);

/** The same local hour on another day (`YYYY-MM-DD`), as an ISO instant: what a drag onto a day means. */
export function onDay(iso: string, day: string) {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const at = new Date(iso);
  return new Date(year, month - 1, date, at.getHours(), at.getMinutes()).toISOString();
}

/** Another local time (`HH:MM`) on the same local day, as an ISO instant. */
export function atTime(iso: string, time: string) {
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  const at = new Date(iso);
  at.setHours(hours, minutes, 0, 0);
  return at.toISOString();
}

export { isPostLink } from "@/lib/schemas/post-link";
