import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { accounts, apiKeys } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { randomToken, sha256Hex } from "@/lib/security/hashing";
import type { AccountRecord } from "./accounts";

const keyPrefix = "llk_";
const shownPrefixLength = keyPrefix.length + 8;
/** Touch `last_used_at` at most this often, so reads do not turn into a write per request. */
const lastUsedResolutionMs = 60_000;

export type ApiKeyRecord = typeof apiKeys.$inferSelect;

export function serializeApiKey(key: ApiKeyRecord) {
  return { id: key.id, name: key.name, prefix: key.prefix, createdAt: key.createdAt.toISOString() };
}

/** Creates a key; the secret is returned once and only its SHA-256 is stored. */
export async function createApiKey(db: Database, accountId: string, name: string) {
  const secret = `${keyPrefix}${randomToken(32)}`;
  const [record] = await db
    .insert(apiKeys)
    .values({ accountId, name, prefix: secret.slice(0, shownPrefixLength), secretHash: sha256Hex(secret) })
    .returning();
  return { secret, record: record! };
}

/** The account behind a bearer key, or a 401. */
export async function authenticateApiKey(
  db: Database,
  authorization: string | null,
  now: Date,
): Promise<{ account: AccountRecord; apiKeyId: string }> {
  const secret = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1];
  if (!secret || !secret.startsWith(keyPrefix) || secret.length > 200) throw new AppError("unauthorized");
  const [found] = await db
    .select({ account: accounts, key: apiKeys })
    .from(apiKeys)
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .where(and(eq(apiKeys.secretHash, sha256Hex(secret)), isNull(apiKeys.revokedAt)));
  if (!found) throw new AppError("unauthorized");
  const lastUsed = found.key.lastUsedAt?.getTime() ?? 0;
  if (now.getTime() - lastUsed > lastUsedResolutionMs) {
    await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, found.key.id));
  }
  return { account: found.account, apiKeyId: found.key.id };
}
