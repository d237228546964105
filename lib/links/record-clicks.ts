import "server-only";
import { sql } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { conversions, linkClickDays, linkClicks } from "@/lib/db/schema";
import type { ClickKind } from "@/lib/schemas/links";

export interface Click {
  id: string;
  linkId: string;
  accountId: string;
  projectId: string;
  at: Date;
  visitor: string;
  /** What the request was before the hour's earlier clicks were looked at. */
  kind: Exclude<ClickKind, "repeat">;
  country: string | null;
  referrerHost: string | null;
}

const hourOf = (at: Date) => Math.floor(at.getTime() / 3_600_000);
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Writes a batch of clicks in one transaction: the first click of a visitor on a link in an
 * hour is counted (the partial unique index decides, across processes too), later ones are
 * repeats; each link's day gets its counts added; conversions that arrived before their
 * click was written are attributed now.
 */
export async function recordClicks(db: Database, batch: Click[]): Promise<void> {
  if (batch.length === 0) return;
  const row = (click: Click, kind: ClickKind) => ({
    id: click.id,
    linkId: click.linkId,
    accountId: click.accountId,
    projectId: click.projectId,
    at: click.at,
    hour: hourOf(click.at),
    visitor: click.visitor,
    kind,
    country: click.country,
    referrerHost: click.referrerHost,
  });
  await db.transaction(async (tx) => {
    const candidates = batch.filter((click) => click.kind === "counted");
    const counted = new Set<string>();
    if (candidates.length > 0) {
      const inserted = await tx
        .insert(linkClicks)
        .values(candidates.map((click) => row(click, "counted")))
        .onConflictDoNothing({
          target: [linkClicks.linkId, linkClicks.visitor, linkClicks.hour],
          where: sql`kind = 'counted'`,
        })
        .returning({ id: linkClicks.id });
      for (const { id } of inserted) counted.add(id);
    }
    const others = batch
      .filter((click) => !counted.has(click.id))
      .map((click) => row(click, click.kind === "counted" ? "repeat" : click.kind));
    if (others.length > 0) await tx.insert(linkClicks).values(others).onConflictDoNothing({ target: linkClicks.id });

    const days = new Map<string, typeof linkClickDays.$inferInsert & { counted: number; repeats: number; bots: number }>();
    for (const click of batch) {
      const key = `${click.linkId}@${dayOf(click.at)}`;
      const day = days.get(key) ?? {
        linkId: click.linkId,
        accountId: click.accountId,
        projectId: click.projectId,
        day: dayOf(click.at),
        counted: 0,
        repeats: 0,
        bots: 0,
      };
      if (counted.has(click.id)) day.counted++;
      else if (click.kind === "counted") day.repeats++;
      else day.bots++;
      days.set(key, day);
    }
    await tx
      .insert(linkClickDays)
      .values([...days.values()])
      .onConflictDoUpdate({
        target: [linkClickDays.linkId, linkClickDays.day],
        set: {
          counted: sql`${linkClickDays.counted} + excluded.counted`,
          repeats: sql`${linkClickDays.repeats} + excluded.repeats`,
          bots: sql`${linkClickDays.bots} + excluded.bots`,
        },
      });
    const human = batch.filter((click) => click.kind === "counted").map((click) => click.id);
    if (human.length > 0) await attributeWaitingConversions(tx, { clickIds: human });
  });
}

/**
 * Gives conversions that named a click before it was written (the script can report a
 * sign-up while the click is still in its batch) the click's link, when the click is of the
 * conversion's project and within its attribution window: for the given clicks, or for every
 * waiting conversion of a project (results read it first, so a report that raced its click's
 * batch is never left behind).
 */
export async function attributeWaitingConversions(
  db: Pick<Database, "execute">,
  of: { clickIds: string[] } | { accountId: string; projectId: string },
): Promise<void> {
  const which =
    "clickIds" in of
      ? sql`c.click_id = any(${sql.param(of.clickIds)}::uuid[])`
      : sql`c.project_id = ${of.projectId} and c.account_id = ${of.accountId} and c.click_id is not null`;
  await db.execute(sql`
    update ${conversions} c set link_id = lc.link_id
    from ${linkClicks} lc, projects p
    where ${which} and c.link_id is null
      and lc.id = c.click_id and lc.project_id = c.project_id and lc.account_id = c.account_id
      and lc.kind in ('counted', 'repeat')
      and p.id = c.project_id and p.account_id = c.account_id
      and lc.at <= c.occurred_at + interval '5 minutes'
      and lc.at >= c.occurred_at - make_interval(days => p.attribution_window_days)`);
}

/** How long raw clicks are kept; the daily rollup keeps their counts for good. */
export const rawClickDays = 90;

/**
 * Deletes raw clicks older than 90 days, at most `batch` at a time (a sweep never holds the
 * table long). Conversions keep the link they were attributed to; a conversion still waiting
 * for a click that old will never get one, and stays unattributed.
 */
export async function purgeOldClicks(db: Database, { now, batch = 5000 }: { now: Date; batch?: number }): Promise<void> {
  const before = new Date(now.getTime() - rawClickDays * 86_400_000).toISOString();
  await db.execute(
    sql`delete from ${linkClicks} where id in (select id from ${linkClicks} where at < ${before}::timestamptz limit ${batch})`,
  );
}
