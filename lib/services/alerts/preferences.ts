import "server-only";
import { eq } from "drizzle-orm";
import type { ServiceContext } from "@/lib/core/context";
import type { Database } from "@/lib/db";
import { alertPreferences } from "@/lib/db/schema";
import { type AlertKind, alertKinds } from "@/lib/schemas/alerts";

/** The kinds the account turned off: neither e-mailed nor shown. */
export async function kindsOff(db: Database, { accountId }: { accountId: string }): Promise<AlertKind[]> {
  const [row] = await db.select().from(alertPreferences).where(eq(alertPreferences.accountId, accountId));
  return row?.off ?? [];
}

const asPreferences = (off: readonly AlertKind[]) =>
  Object.fromEntries(alertKinds.map((kind) => [kind, !off.includes(kind)])) as Record<AlertKind, boolean>;

export async function readAlertPreferences(ctx: ServiceContext) {
  return { preferences: asPreferences(await kindsOff(ctx.db, { accountId: ctx.account.id })) };
}

/** Turns kinds on or off; the kinds not named keep their setting. */
export async function updateAlertPreferences(ctx: ServiceContext, changes: Partial<Record<AlertKind, boolean>>) {
  return ctx.db.transaction(async (tx) => {
    // The row is locked while it is read and written, so two changes at once both hold.
    await tx.insert(alertPreferences).values({ accountId: ctx.account.id }).onConflictDoNothing();
    const [row] = await tx.select().from(alertPreferences).where(eq(alertPreferences.accountId, ctx.account.id)).for("update");
    const off = alertKinds.filter((kind) => changes[kind] === false || (changes[kind] === undefined && row!.off.includes(kind)));
    await tx.update(alertPreferences).set({ off, updatedAt: ctx.now }).where(eq(alertPreferences.accountId, ctx.account.id));
    return { preferences: asPreferences(off) };
  });
}
