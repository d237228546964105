import "server-only";
import { and, eq, getTableColumns, sql } from "drizzle-orm";
import type { Database } from "@/lib/db";
import {
  conversions,
  growthCycles,
  growthItemImages,
  growthItems,
  growthTasks,
  linkClickDays,
  projects,
  trackedLinks,
} from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { inIds, ownedRows } from "../tenant";
import { type CycleRecord, type ItemImageRow, type ItemTrackingRow, serializeCycle } from "./serialize";

/** An item's tracked link and what it brought, read with the item: its code, counted clicks and conversions. */
const trackingOf = sql<ItemTrackingRow | null>`(
  select jsonb_build_object(
    'id', tl.id, 'code', tl.code, 'destination', tl.destination, 'enabled', tl.enabled,
    'clicks', coalesce((select sum(d.counted) from ${linkClickDays} d where d.link_id = tl.id), 0),
    'signups', (select count(*) from ${conversions} c where c.link_id = tl.id and c.event = 'signup'),
    'conversions', (select count(*) from ${conversions} c where c.link_id = tl.id))
  from ${trackedLinks} tl where tl.growth_item_id = growth_items.id and tl.account_id = growth_items.account_id)`;

/** An item's images, first to last, read with the item. */
const imagesOf = sql<ItemImageRow[]>`(
  select coalesce(jsonb_agg(jsonb_build_object(
    'id', i.id, 'position', i.position, 'source', i.source, 'alt', i.alt, 'contentType', i.content_type,
    'width', i.width, 'height', i.height, 'size', i.size) order by i.position), '[]'::jsonb)
  from ${growthItemImages} i where i.item_id = growth_items.id and i.account_id = growth_items.account_id)`;

/** The items (with what their tracked links brought, and their images) and tasks of the account's `cycles`. */
export async function contentsOf(db: Database, { accountId, cycles }: { accountId: string; cycles: Pick<CycleRecord, "id">[] }) {
  const ids = cycles.map((cycle) => cycle.id);
  if (ids.length === 0) return { items: [], tasks: [] };
  const [items, tasks] = await Promise.all([
    db
      .select({ ...getTableColumns(growthItems), tracking: trackingOf, images: imagesOf })
      .from(growthItems)
      .where(ownedRows(growthItems, accountId, inIds(growthItems.cycleId, ids))),
    db
      .select()
      .from(growthTasks)
      .where(ownedRows(growthTasks, accountId, inIds(growthTasks.cycleId, ids))),
  ]);
  return { items, tasks };
}

export async function cycleWithContents(db: Database, cycle: CycleRecord) {
  const { items, tasks } = await contentsOf(db, { accountId: cycle.accountId, cycles: [cycle] });
  return { cycle: serializeCycle(cycle, items, tasks) };
}

/** The caller's cycle with its project, or 404. */
export async function getOwnedCycle(db: Database, { accountId, cycleId }: { accountId: string; cycleId: string }) {
  const [found] = await db
    .select({ cycle: growthCycles, project: projects })
    .from(growthCycles)
    .innerJoin(projects, and(eq(projects.id, growthCycles.projectId), eq(projects.accountId, accountId)))
    .where(ownedRows(growthCycles, accountId, eq(growthCycles.id, cycleId)));
  if (!found) throw new AppError("not_found", "Cycle not found.");
  return found;
}

/** The caller's growth item with its cycle and project, or 404. */
export async function getOwnedItem(db: Database, { accountId, itemId }: { accountId: string; itemId: string }) {
  const [found] = await db
    .select({ item: growthItems, cycle: growthCycles, project: projects })
    .from(growthItems)
    .innerJoin(growthCycles, and(eq(growthCycles.id, growthItems.cycleId), eq(growthCycles.accountId, accountId)))
    .innerJoin(projects, and(eq(projects.id, growthItems.projectId), eq(projects.accountId, accountId)))
    .where(ownedRows(growthItems, accountId, eq(growthItems.id, itemId)));
  if (!found) throw new AppError("not_found", "Item not found.");
  return found;
}
