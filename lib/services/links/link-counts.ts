import "server-only";
import { sql } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { conversions, linkClickDays } from "@/lib/db/schema";
import { inIds } from "../tenant";

/** Counted clicks and attributed conversions of each link, read from the daily rollup. */
export async function linkCounts(
  db: Database,
  { accountId, linkIds }: { accountId: string; linkIds: string[] },
): Promise<Map<string, { clicks: number; conversions: number }>> {
  const counts = new Map(linkIds.map((id) => [id, { clicks: 0, conversions: 0 }]));
  if (linkIds.length === 0) return counts;
  const [clicks, converted] = await Promise.all([
    db
      .select({ linkId: linkClickDays.linkId, clicks: sql<number>`sum(${linkClickDays.counted})::int` })
      .from(linkClickDays)
      .where(sql`${inIds(linkClickDays.linkId, linkIds)} and ${linkClickDays.accountId} = ${accountId}`)
      .groupBy(linkClickDays.linkId),
    db
      .select({ linkId: conversions.linkId, conversions: sql<number>`count(*)::int` })
      .from(conversions)
      .where(sql`${inIds(conversions.linkId, linkIds)} and ${conversions.accountId} = ${accountId}`)
      .groupBy(conversions.linkId),
  ]);
  for (const row of clicks) counts.get(row.linkId)!.clicks = Number(row.clicks);
  for (const row of converted) if (row.linkId) counts.get(row.linkId)!.conversions = Number(row.conversions);
  return counts;
}
