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
/** The row of links outside the weekly plan (launch posts, links made by hand); sorts after every week's Monday. */
const outsidePlanKey = "outside-plan";

interface LinkFacts {
  shortUrl: string;
  destination: string;
  itemId: string | null;
  title: string | null;
  channel: Channel | null;
  angle: string | null;
  source: string;
  /** The plan week of the link's post: its number and its Monday. */
  week: { number: number; start: string } | null;
}

type Counts = { clicks: number; signups: number; conversions: number };
const rate = (counts: Counts) => (counts.clicks > 0 ? Math.round((counts.signups / counts.clicks) * 10_000) / 10_000 : null);

/**
 * Clicks and conversions of a project's tracked links between two days, grouped by item,
 * channel, angle or week, with the conversions nobody could attribute beside them. A week is
 * the plan week of the post that brought them (keyed by its Monday), whenever the click or
 * sign-up came: a post of week 3 clicked in week 4 counts for week 3. Links outside the weekly
 * plan (launch posts, links made by hand) share one row after the weeks. Clicks come from the
 * daily rollup (kept for good), conversions by the day they happened.
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
  const [clicked, converted] = await Promise.all([
    db
      .select({ linkId: linkClickDays.linkId, clicks: sql<number>`sum(${linkClickDays.counted})::int` })
      .from(linkClickDays)
      .where(and(scope(linkClickDays), sql`${linkClickDays.day} between ${from}::date and ${to}::date`))
      .groupBy(linkClickDays.linkId),
    db
      .select({
        linkId: conversions.linkId,
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
      .groupBy(conversions.linkId),
  ]);
  const linkIds = [...new Set([...clicked.map((row) => row.linkId), ...converted.flatMap((row) => row.linkId ?? [])])];
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
        weekNumber: growthCycles.weekNumber,
        weekStart: growthCycles.weekStart,
      })
      .from(trackedLinks)
      .leftJoin(growthItems, and(eq(growthItems.id, trackedLinks.growthItemId), eq(growthItems.accountId, account.id)))
      .leftJoin(growthCycles, and(eq(growthCycles.id, growthItems.cycleId), eq(growthCycles.accountId, account.id)))
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
        week: row.weekNumber !== null && row.weekStart !== null ? { number: row.weekNumber, start: row.weekStart } : null,
      });
    }
  }
  const groups = new Map<string, { label: string; channel: Channel | null } & Counts>();
  const keyOf = (linkId: string): { key: string; label: string; channel: Channel | null } => {
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
        if (link?.angle) return { key: link.angle, label: link.angle, channel: null };
        // Posts imported from a sheet have no angle; launch posts and hand-made links have no post of the plan.
        return link?.itemId
          ? { key: "(no angle)", label: "Posts without an angle", channel: null }
          : { key: outsidePlanKey, label: "Links outside the weekly plan", channel: null };
      case "week":
        return link?.week
          ? { key: link.week.start, label: `Week ${link.week.number}`, channel: null }
          : { key: outsidePlanKey, label: "Outside the weekly plan", channel: null };
      case "link":
        return { key: linkId, label: link ? `${link.shortUrl} → ${link.destination}` : linkId, channel: link?.channel ?? null };
    }
  };
  const add = (linkId: string, counts: Partial<Counts>) => {
    const { key, label, channel } = keyOf(linkId);
    const group = groups.get(key) ?? { label, channel, clicks: 0, signups: 0, conversions: 0 };
    group.clicks += counts.clicks ?? 0;
    group.signups += counts.signups ?? 0;
    group.conversions += counts.conversions ?? 0;
    groups.set(key, group);
  };
  const totals: Counts = { clicks: 0, signups: 0, conversions: 0 };
  const unattributed = { signups: 0, conversions: 0 };
  for (const row of clicked) {
    add(row.linkId, { clicks: Number(row.clicks) });
    totals.clicks += Number(row.clicks);
  }
  for (const row of converted) {
    if (!row.linkId) {
      unattributed.signups += Number(row.signups);
      unattributed.conversions += Number(row.conversions);
      continue;
    }
    add(row.linkId, { signups: Number(row.signups), conversions: Number(row.conversions) });
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
