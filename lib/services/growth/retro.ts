import "server-only";
import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { channelRules } from "@/lib/channels";
import type { ServiceContext } from "@/lib/core/context";
import { growthCycles, growthItems } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import type { Channel, retroRequest } from "@/lib/schemas/growth";
import type { Learning } from "@/lib/schemas/playbook";
import { addLearnings } from "../playbook";
import { ownedRow, ownedRows } from "../tenant";
import { cycleWithContents, getOwnedCycle } from "./load";

/**
 * Closes an approved week: each result lands on its item, and the grades and notes
 * become dated learnings in the playbook, which the next plan reads.
 */
export async function submitRetro(ctx: ServiceContext, input: { cycleId: string } & z.infer<typeof retroRequest>) {
  const { account } = ctx;
  const { cycle, project } = await getOwnedCycle(ctx.db, { accountId: account.id, cycleId: input.cycleId });
  if (cycle.status !== "approved")
    throw new AppError("cycle_state", `Only an approved cycle takes a retro; this one is ${cycle.status}.`);
  const items = await ctx.db
    .select()
    .from(growthItems)
    .where(ownedRows(growthItems, account.id, eq(growthItems.cycleId, cycle.id)));
  const known = new Map(items.map((item) => [item.id, item]));
  const issues = input.items.flatMap((entry, index) => {
    if (!known.has(entry.itemId)) return [{ path: `items.${index}.itemId`, message: "Not an item of this cycle" }];
    if (input.items.findIndex((other) => other.itemId === entry.itemId) !== index)
      return [{ path: `items.${index}.itemId`, message: "Named twice" }];
    return [];
  });
  if (issues.length) throw new AppError("invalid_request", undefined, { details: { issues } });

  const date = ctx.now.toISOString().slice(0, 10);
  const learningsOf = (entry: RecordedEntry): Learning[] => {
    const item = known.get(entry.itemId)!;
    const label = channelRules[item.channel as Channel].label;
    const note = entry.note ? `: ${entry.note}` : "";
    // Only what went out teaches the playbook: a skipped item carries no grade (see recordedEntry).
    if (entry.result !== "published") return [];
    if (entry.grade === "great")
      return [{ date, kind: "worked", text: `${label} "${item.title}" (${item.angle}) was great${note}` }];
    if (entry.grade === "quiet")
      return [{ date, kind: "quiet", text: `${label} "${item.title}" (${item.angle}) was quiet${note}` }];
    return [];
  };

  const closed = await ctx.db.transaction(async (tx) => {
    // Closing first, conditional on the status that was checked: of two concurrent retros, one lands.
    const [updated] = await tx
      .update(growthCycles)
      .set({
        status: "closed",
        closedAt: ctx.now,
      })
      .where(ownedRow(growthCycles, account.id, cycle.id, eq(growthCycles.status, "approved")))
      .returning();
    if (!updated) throw new AppError("cycle_state", "This cycle was closed a moment ago.");
    const recorded: RecordedEntry[] = [];
    for (const entry of input.items) {
      // The result is the item's own state, read and written in one statement: a post that goes out
      // while the retro runs is recorded as published, and a grade never marks an item published.
      const [graded] = await tx
        .update(growthItems)
        .set({
          result: wentOut("published", "skipped"),
          grade: entry.grade ? wentOut(entry.grade, null) : null,
          resultNote: entry.note ?? known.get(entry.itemId)!.resultNote,
          status: wentOut("published", "skipped"),
          // The week is over: what Launchloop has not posted stays unposted, and says so.
          scheduledAt: sql`case when ${growthItems.publicationStatus} = 'published' then ${growthItems.scheduledAt} end`,
          // A reminder to post by hand ends with the week.
          publicationStatus: sql`case when ${growthItems.publicationStatus} = 'due' then null else ${growthItems.publicationStatus} end`,
          updatedAt: ctx.now,
        })
        .where(
          ownedRow(
            growthItems,
            account.id,
            entry.itemId,
            eq(growthItems.cycleId, cycle.id),
            // A post going out (or waiting to retry) is settled by its job, never by the retro.
            sql`${growthItems.publicationStatus} is distinct from 'publishing'`,
          ),
        )
        .returning({ result: growthItems.result, grade: growthItems.grade });
      if (!graded) {
        const title = known.get(entry.itemId)!.title;
        throw new AppError(
          "not_publishable",
          `"${title}" is being published right now (or waiting to retry); close the week once it has gone out or failed.`,
        );
      }
      recorded.push(recordedEntry(entry, graded));
    }
    const [withRetro] = await tx
      .update(growthCycles)
      .set({ retro: { overall: input.overall, items: recorded, submittedAt: ctx.now.toISOString() } })
      .where(ownedRow(growthCycles, account.id, cycle.id))
      .returning();
    const learnings = recorded.flatMap(learningsOf);
    if (input.overall.trim())
      learnings.push({ date, kind: "founder-note", text: `Week ${cycle.weekNumber}: ${input.overall.trim()}` });
    await addLearnings(tx, { project, added: learnings, now: ctx.now });
    return withRetro ?? updated;
  });
  return cycleWithContents(ctx.db, closed);
}

type RetroEntry = z.infer<typeof retroRequest>["items"][number];
type RecordedEntry = Omit<RetroEntry, "result"> & { result: "published" | "skipped" };

/** `published` when the item went out (Launchloop posted it, or the founder said they did), else `skipped`. */
const wentOut = <T extends string | null>(published: T, otherwise: T) =>
  sql<T>`case when ${growthItems.status} = 'published' then ${published} else ${otherwise} end`;

/** The entry as the item's row recorded it: the result is the item's, and only a published item keeps its grade. */
function recordedEntry(entry: RetroEntry, row: { result: string | null; grade: string | null }): RecordedEntry {
  const result = row.result === "published" ? "published" : "skipped";
  const { grade: _asked, ...rest } = entry;
  return { ...rest, result, ...(row.grade && { grade: row.grade as NonNullable<RetroEntry["grade"]> }) };
}
