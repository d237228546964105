import "server-only";
import { and, count, eq, max } from "drizzle-orm";
import { channelRules, countAs, trailingHashtags } from "@/lib/channels";
import type { ServiceContext } from "@/lib/core/context";
import type { Database } from "@/lib/db";
import { growthCycles, growthItems, projects } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { type CheckedRow, checkItemRows, itemsPerChannelPerWeek, readItemsCsv } from "@/lib/growth/csv-items";
import { assertCanGrow } from "@/lib/limits";
import type { Channel, ItemDraft } from "@/lib/schemas/growth";
import { linkDraft } from "../links/link-draft";
import { ownedRow, ownedRows } from "../tenant";
import { getOwnedCycle } from "./load";
import { serializeItem } from "./serialize";

const shown = ({ line, channel, day, title, text, link, problems }: CheckedRow) => ({
  line,
  channel,
  day,
  title,
  text,
  link,
  problems,
});

/** How many more items each channel of the week takes. */
async function roomOf(db: Database, { accountId, cycleId }: { accountId: string; cycleId: string }) {
  const rows = await db
    .select({ channel: growthItems.channel, items: count() })
    .from(growthItems)
    .where(ownedRows(growthItems, accountId, eq(growthItems.cycleId, cycleId)))
    .groupBy(growthItems.channel);
  const used = new Map(rows.map((row) => [row.channel, row.items]));
  return (channel: Channel) => itemsPerChannelPerWeek - (used.get(channel) ?? 0);
}

const notOpen = (status: string) =>
  new AppError("cycle_state", `Items are imported into an approved week; this one is ${status}.`);

/** Each row of the CSV as it would be saved, with its problems; nothing is saved. */
export async function previewItemImport(ctx: ServiceContext, input: { cycleId: string; csv: string }) {
  const { cycle } = await getOwnedCycle(ctx.db, { accountId: ctx.account.id, cycleId: input.cycleId });
  if (cycle.status !== "approved") throw notOpen(cycle.status);
  const rows = readItemsCsv(input.csv);
  const checked = checkItemRows(rows, {
    weekStart: cycle.weekStart,
    room: await roomOf(ctx.db, { accountId: ctx.account.id, cycleId: cycle.id }),
  });
  return summary(checked);
}

const summary = (checked: CheckedRow[]) => ({
  rows: checked.map(shown),
  valid: checked.filter((row) => row.problems.length === 0).length,
  invalid: checked.filter((row) => row.problems.length > 0).length,
});

/**
 * Adds the CSV's valid rows to the week as drafts, all in one transaction: the week is locked
 * and the rows checked again there (the channel caps count what is in the week then), so two
 * imports at once cannot overfill a channel. Rows with problems are left out and reported.
 */
export async function importItems(ctx: ServiceContext, input: { cycleId: string; csv: string }) {
  const { account } = ctx;
  const { cycle: read, project } = await getOwnedCycle(ctx.db, { accountId: account.id, cycleId: input.cycleId });
  assertCanGrow(account);
  const rows = readItemsCsv(input.csv);
  return ctx.db.transaction(async (tx) => {
    const [cycle] = await tx
      .select()
      .from(growthCycles)
      .where(ownedRow(growthCycles, account.id, read.id))
      .for("update");
    if (!cycle) throw new AppError("not_found", "Cycle not found.");
    if (cycle.status !== "approved") throw notOpen(cycle.status);
    const checked = checkItemRows(rows, {
      weekStart: cycle.weekStart,
      room: await roomOf(tx, { accountId: account.id, cycleId: cycle.id }),
    });
    const valid = checked.filter((row) => row.problems.length === 0);
    const [last] = await tx
      .select({ position: max(growthItems.position) })
      .from(growthItems)
      .where(ownedRows(growthItems, account.id, eq(growthItems.cycleId, cycle.id)));
    const start = (last?.position ?? -1) + 1;
    const [current] = await tx
      .select()
      .from(projects)
      .where(and(eq(projects.id, project.id), eq(projects.accountId, account.id)));
    const inserted = [];
    for (const [index, row] of valid.entries()) {
      const channel = row.channel!;
      const rule = channelRules[channel];
      const draft: ItemDraft = {
        channel,
        format: rule.format,
        title: rule.titleLimit ? row.title : null,
        body: row.text,
        parts: [row.text],
        hashtags: trailingHashtags(row.text),
        length: countAs(rule.unit, row.text),
        limit: rule.bodyLimit,
        unit: rule.unit,
        feedback: null,
        model: "imported",
        generatedAt: ctx.now.toISOString(),
        editedAt: ctx.now.toISOString(),
      };
      const [item] = await tx
        .insert(growthItems)
        .values({
          cycleId: cycle.id,
          projectId: cycle.projectId,
          accountId: account.id,
          channel,
          slug: `import-${start + index + 1}`,
          title: row.title,
          angle: "",
          keyMessage: "",
          suggestedDay: row.day!,
          status: "draft",
          draft,
          position: start + index,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        })
        .returning();
      // A link to the founder's site becomes the item's tracked link, as in a written draft.
      const linked = await linkDraft(tx, { project: current!, item: item!, weekNumber: cycle.weekNumber, draft });
      if (linked === draft) inserted.push(item!);
      else {
        const [updated] = await tx
          .update(growthItems)
          .set({ draft: linked })
          .where(ownedRow(growthItems, account.id, item!.id))
          .returning();
        inserted.push(updated!);
      }
    }
    return { ...summary(checked), imported: inserted.length, items: inserted.map(serializeItem) };
  });
}
