/** The Monday (UTC) of the week after `now`: a planned week starts on the next Monday. */
export function nextMonday(now: Date): string {
  const day = now.getUTCDay();
  const daysAhead = (8 - day) % 7 || 7;
  const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + daysAhead));
  return monday.toISOString().slice(0, 10);
}

/** The founder's weekly marketing hours from a free-text answer ("5 hours", "2-3h a week"), 5 when unknown. */
export function weeklyHoursOf(answer: string | null | undefined): number {
  const numbers = (answer ?? "").match(/\d+(?:[.,]\d+)?/g)?.map((value) => Number(value.replace(",", "."))) ?? [];
  if (numbers.length === 0) return 5;
  const hours = Math.max(...numbers);
  return Math.min(40, Math.max(1, hours));
}

/** The Monday a new week starts: the week after the last planned one, but never before the next Monday. */
export function weekStartAfter(lastWeekStart: string | null, now: Date): string {
  const following = lastWeekStart
    ? new Date(Date.parse(`${lastWeekStart}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10)
    : null;
  const monday = nextMonday(now);
  return following && following > monday ? following : monday;
}

/** A theme without a leading label of its week ("Week 3: …", "Woche 3 – …"), which the week's title says already. */
export const withoutWeekLabel = (theme: string, weekNumber: number) =>
  theme.replace(new RegExp(`^\\s*\\p{L}+\\s+${weekNumber}(?:\\s*[:–—-]\\s*|\\s*$)`, "u"), "").trim();

/** How a week is named everywhere (board, history, calendar, the planner's prompt): "Week 3: theme", its number said once. */
export function weekTitle(weekNumber: number, theme: string | null | undefined): string {
  const rest = withoutWeekLabel(theme ?? "", weekNumber);
  return rest ? `Week ${weekNumber}: ${rest}` : `Week ${weekNumber}`;
}
