import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { ServiceContext } from "@/lib/core/context";
import { lockUnrevokedAccess } from "@/lib/db/accounts";
import { apiKeys } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { lockAccount } from "@/lib/limits";
import { type ApiKeyRecord, createApiKey, serializeApiKey } from "./api-keys";
import { ownedRow } from "./tenant";

/** Live keys one account may hold at once. */
export const maxActiveKeys = 25;

/** A key as the key-management endpoints show it: the bootstrap's fields, and when it was last used and revoked. */
export function describeApiKey(key: ApiKeyRecord) {
  return {
    ...serializeApiKey(key),
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    revokedAt: key.revokedAt?.toISOString() ?? null,
  };
}

/** The account's live keys, newest first: never their secrets, which are not stored. */
export async function listKeys(ctx: ServiceContext) {
  const keys = await ctx.db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.accountId, ctx.account.id), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt));
  return { keys: keys.map(describeApiKey) };
}

/** Creates a key, shown once. The account row is locked so concurrent creations cannot pass the cap together. */
export async function createKey(ctx: ServiceContext, input: { name: string }) {
  return ctx.db.transaction(async (tx) => {
    await lockAccount(tx, ctx.account.id);
    await lockUnrevokedAccess(tx, ctx.account);
    const [live] = await tx
      .select({ value: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.accountId, ctx.account.id), isNull(apiKeys.revokedAt)));
    if ((live?.value ?? 0) >= maxActiveKeys) {
      throw new AppError(
        "forbidden",
        `An account holds at most ${maxActiveKeys} active keys. Revoke one you no longer use first.`,
      );
    }
    const { secret, record } = await createApiKey(tx, { accountId: ctx.account.id, name: input.name });
    return { key: secret, apiKey: describeApiKey(record) };
  });
}

/** Revokes a key of the caller's account (the calling key included): it answers 401 from the next request on. */
export async function revokeKey(ctx: ServiceContext, { keyId }: { keyId: string }) {
  const [revoked] = await ctx.db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, ${ctx.now.toISOString()}::timestamptz)` })
    .where(ownedRow(apiKeys, ctx.account.id, keyId))
    .returning();
  if (!revoked) throw new AppError("not_found", "No API key with this id in your account.");
  return { apiKey: describeApiKey(revoked) };
}
