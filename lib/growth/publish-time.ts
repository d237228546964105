import type { Channel } from "@/lib/schemas/growth";
import { dayKeys, dayOf } from "./week-days";

/** The local hour a channel's posts go out by default (when its audience reads). */
export const defaultHours: Partial<Record<Channel, number>> = { bluesky: 9, mastodon: 10, x: 9, linkedin: 8 };

/** `timeZone`'s offset from UTC at `instant`, in ms (local minus UTC). */
function offsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(instant));
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return Date.UTC(value("year"), value("month") - 1, value("day"), value("hour"), value("minute"), value("second")) - instant;
}

/** The instant of `hour`:00 on the ISO `date` in `timeZone` (across DST changes too). */
export function zonedInstant(date: string, hour: number, timeZone: string): Date {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour);
  let instant = wall - offsetMs(wall, timeZone);
  const corrected = wall - offsetMs(instant, timeZone);
  if (corrected !== instant) instant = corrected;
  return new Date(instant);
}

/**
 * When an approved item goes out unless the founder picks another time: its planned day of
 * the week at the channel's default hour in the founder's time zone; a time already past
 * becomes the next quarter hour.
 */
export function defaultPublishTime(
  item: { channel: Channel; suggestedDay: string },
  weekStart: string,
  timeZone: string,
  now: Date,
): Date {
  const day = dayOf(item.suggestedDay, weekStart) ?? "Mon";
  const date = new Date(Date.parse(`${weekStart}T00:00:00Z`) + dayKeys.indexOf(day) * 86_400_000).toISOString().slice(0, 10);
  const at = zonedInstant(date, defaultHours[item.channel] ?? 9, timeZone);
  if (at.getTime() > now.getTime()) return at;
  const quarter = 15 * 60_000;
  return new Date(Math.ceil((now.getTime() + 60_000) / quarter) * quarter);
}
