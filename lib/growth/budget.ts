import { weeklyHoursOf } from "@/lib/growth/week";

/** Minutes a founder needs for one piece of content: adapt the draft, publish, reply. */
export const minutesPerPiece = 30;

/**
 * What a founder's weekly hours buy: two thirds go to content (30 minutes a piece, at most
 * 12), one third to founder tasks (30 minutes each, at most 5); at least one of each.
 */
export function weeklyBudget(weeklyHours: string | null | undefined) {
  const hours = weeklyHoursOf(weeklyHours);
  const minutes = hours * 60;
  return {
    hours,
    pieces: Math.min(12, Math.max(1, Math.floor((minutes * 2) / 3 / minutesPerPiece))),
    tasks: Math.min(5, Math.max(1, Math.floor(minutes / 3 / minutesPerPiece))),
  };
}

/** Spreads a week's pieces over channels in order: each gets its share, the first ones the rest. */
export function spreadPieces<T>(channels: T[], pieces: number): { channel: T; count: number }[] {
  const base = Math.floor(pieces / Math.max(1, channels.length));
  return channels.map((channel, index) => ({ channel, count: base + (index < pieces % Math.max(1, channels.length) ? 1 : 0) }));
}
