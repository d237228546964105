import "server-only";
import type { ServiceContext } from "@/lib/core/context";
import type { FileResult } from "@/lib/core/file-result";
import { csvText } from "@/lib/exports/csv-cell";
import { itemCsvColumns } from "@/lib/growth/csv-items";
import { dayOf } from "@/lib/growth/week-days";
import { contentsOf, getOwnedCycle } from "./load";

/**
 * The week's items as CSV, in the columns an import takes (channel, day, title, text, link)
 * plus their status; every cell is escaped so a spreadsheet never reads it as a formula.
 */
export async function exportWeekItems(ctx: ServiceContext, { cycleId }: { cycleId: string }): Promise<FileResult> {
  const { cycle } = await getOwnedCycle(ctx.db, { accountId: ctx.account.id, cycleId });
  const { items } = await contentsOf(ctx.db, { accountId: ctx.account.id, cycles: [cycle] });
  const rows = items
    .sort((a, b) => a.position - b.position)
    .map((item) => [
      item.channel,
      dayOf(item.suggestedDay, cycle.weekStart) ?? item.suggestedDay,
      item.title,
      item.draft?.body ?? "",
      item.tracking?.destination ?? "",
      item.status,
    ]);
  return {
    body: csvText([[...itemCsvColumns, "status"], ...rows]),
    contentType: "text/csv; charset=utf-8",
    filename: `week-${cycle.weekNumber}-items.csv`,
  };
}
