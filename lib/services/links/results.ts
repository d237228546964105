import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { ServiceContext } from "@/lib/core/context";
import { conversions, growthCycles, growthItems, linkClickDays, trackedLinks } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { attributeWaitingConversions } from "@/lib/links/record-clicks";
import { type Channel, channelSchema } from "@/lib/schemas/growth";
import type { Results, ResultsGrouping } from "@/lib/schemas/links";
import { getOwnedProject } from "../project-records";
import { inIds } from "../tenant";
import { shortUrlOf } from "./serialize";

const dayMs = 86_400_000;
const isoDay = (at: Date) => at.toISOString().slice(0, 10);
/** The Monday (UTC) of a day's week. */
const mondayOf = (day: string) => {
  const at = new Date(`${day}T00:00:00Z`);
  return isoDay(new Date(at.getTime() - ((at.getUTCDay() + 6) % 7) * dayMs));
};

interface LinkFacts {
  shortUrl: string;
  destination: string;
  itemId: string | null;
  title: string | null;
  channel: Channel | null;
  angle: string | null;
  source: string;
}

type Counts = { clicks: number; signups: number; conversions: number };
const rate = (counts: Counts) => (counts.clicks > 0 ? Math.round((counts.signups / counts.clicks) * 10_000) / 10_000 : null);

/**
 * Clicks and conversions of a project's tracked links between two days, grouped by item,
 * channel, angle or calendar week (Monday, UTC), with the conversions nobody could attribute
 * beside them. Clicks come from the daily rollup (kept for good), conversions by the day
 * they happened.
 */
export async function projectResults(
  ctx: ServiceContext,
  input: { projectId: string; from?: string; to?: string; groupBy?: ResultsGrouping },
): Promise<{ results: Results }> {
  const { db, account } = ctx;
  await getOwnedProject(db, { accountId: account.id, projectId: input.projectId });
  const to = input.to ?? isoDay(ctx.now);
  const from = input.from ?? isoDay(new Date(new Date(`${to}T00:00:00Z`).getTime() - 55 * dayMs));
  if (from > to)
    throw new AppError("invalid_request", undefined, { details: { issues: [{ path: "from", message: "from is after to." }] } });
  const groupBy = input.groupBy ?? "week";
  await attributeWaitingConversions(db, { accountId: account.id, projectId: input.projectId });
  const scope = (table: { projectId: typeof linkClickDays.projectId; accountId: typeof linkClickDays.accountId }) =>
    and(eq(table.projectId, input.projectId), eq(table.accountId, account.id));
  const [clickDays, converted] = await Promise.all([
    db
      .select({ linkId: linkClickDays.linkId, day: linkClickDays.day, clicks: linkClickDays.counted })
      .from(linkClickDays)
      .where(and(scope(linkClickDays), sql`${linkClickDays.day} between ${from}::date and ${to}::date`)),
    db
      .select({
        linkId: conversions.linkId,
        day: sql<string>`to_char(${conversions.occurredAt} at time zone 'UTC', 'YYYY-MM-DD')`,
        signups: sql<number>`count(*) filter (where ${conversions.event} = 'signup')::int`,
        conversions: sql<number>`count(*)::int`,
      })
      .from(conversions)
      .where(
        and(
          eq(conversions.projectId, input.projectId),
          eq(conversions.accountId, account.id),
          sql`(${conversions.occurredAt} at time zone 'UTC')::date between ${from}::date and ${to}::date`,
        ),
      )
      .groupBy(conversions.linkId, sql`2`),
  ]);
  const linkIds = [...new Set([...clickDays.map((row) => row.linkId), ...converted.flatMap((row) => row.linkId ?? [])])];
  const facts = new Map<string, LinkFacts>();
  if (linkIds.length > 0) {
    const rows = await db
      .select({
        id: trackedLinks.id,
        itemId: growthItems.id,
        title: growthItems.title,
        channel: growthItems.channel,
        angle: growthItems.angle,
        source: sql<string>`${trackedLinks.utm}->>'source'`,
        code: trackedLinks.code,
        destination: trackedLinks.destination,
      })
      .from(trackedLinks)
      .leftJoin(growthItems, and(eq(growthItems.id, trackedLinks.growthItemId), eq(growthItems.accountId, account.id)))
      .leftJoin(growthCycles, eq(growthCycles.id, growthItems.cycleId))
      .where(and(inIds(trackedLinks.id, linkIds), eq(trackedLinks.accountId, account.id)));
    for (const row of rows) {
      const channel = channelSchema.safeParse(row.channel ?? row.source);
      facts.set(row.id, {
        shortUrl: shortUrlOf(row.code),
        destination: row.destination,
        itemId: row.itemId,
        title: row.title,
        channel: channel.success ? channel.data : null,
        angle: row.angle,
        source: row.source,
      });
    }
  }
  const groups = new Map<string, { label: string; channel: Channel | null } & Counts>();
  const keyOf = (linkId: string, day: string): { key: string; label: string; channel: Channel | null } => {
    const link = facts.get(linkId);
    switch (groupBy) {
      case "item":
        return link?.itemId
          ? { key: link.itemId, label: link.title ?? "Post", channel: link.channel }
          : { key: `link:${linkId}`, label: "Other links", channel: link?.channel ?? null };
      case "channel":
        return {
          key: link?.channel ?? link?.source ?? "other",
          label: link?.channel ?? link?.source ?? "other",
          channel: link?.channel ?? null,
        };
      case "angle":
        return { key: link?.angle ?? "(no angle)", label: link?.angle ?? "Links outside the weekly plan", channel: null };
      case "week":
        return { key: mondayOf(day), label: `Week of ${mondayOf(day)}`, channel: null };
      case "link":
        return { key: linkId, label: link ? `${link.shortUrl} → ${link.destination}` : linkId, channel: link?.channel ?? null };
    }
  };
  const add = (linkId: string, day: string, counts: Partial<Counts>) => {
    const { key, label, channel } = keyOf(linkId, day);
    const group = groups.get(key) ?? { label, channel, clicks: 0, signups: 0, conversions: 0 };
    group.clicks += counts.clicks ?? 0;
    group.signups += counts.signups ?? 0;
    group.conversions += counts.conversions ?? 0;
    groups.set(key, group);
  };
  const totals: Counts = { clicks: 0, signups: 0, conversions: 0 };
  const unattributed = { signups: 0, conversions: 0 };
  for (const row of clickDays) {
    add(row.linkId, row.day, { clicks: row.clicks });
    totals.clicks += row.clicks;
  }
  for (const row of converted) {
    if (!row.linkId) {
      unattributed.signups += Number(row.signups);
      unattributed.conversions += Number(row.conversions);
      continue;
    }
    add(row.linkId, row.day, { signups: Number(row.signups), conversions: Number(row.conversions) });
    totals.signups += Number(row.signups);
    totals.conversions += Number(row.conversions);
  }
  const rows = [...groups.entries()]
    .map(([key, group]) => ({ key, ...group, conversionRate: rate(group) }))
    .sort((a, b) => (groupBy === "week" ? a.key.localeCompare(b.key) : b.signups - a.signups || b.clicks - a.clicks));
  return {
    results: { from, to, groupBy, rows, totals: { ...totals, conversionRate: rate(totals) }, unattributed },
  };
}
