import { csvCell as cell } from "@/lib/exports/csv-cell";
import type { Results } from "@/lib/schemas/links";

/** Results as CSV: one row per group, then the totals and the unattributed conversions. */
export function resultsCsv(results: Results): string {
  const lines = [["group", "label", "channel", "clicks", "signups", "conversions", "conversion_rate"]];
  for (const row of results.rows)
    lines.push([
      row.key,
      row.label,
      row.channel ?? "",
      String(row.clicks),
      String(row.signups),
      String(row.conversions),
      row.conversionRate === null ? "" : String(row.conversionRate),
    ]);
  const { totals, unattributed } = results;
  lines.push([
    "total",
    "All tracked links",
    "",
    String(totals.clicks),
    String(totals.signups),
    String(totals.conversions),
    totals.conversionRate === null ? "" : String(totals.conversionRate),
  ]);
  lines.push([
    "unattributed",
    "Conversions without a known click",
    "",
    "",
    String(unattributed.signups),
    String(unattributed.conversions),
    "",
  ]);
  return `${lines.map((line) => line.map(cell).join(",")).join("\r\n")}\r\n`;
}
