import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { KeyPeek, Peeked } from "@/lib/core/key-peek";
import type { Database } from "@/lib/db";
import { preparedQuery } from "@/lib/db/prepared";
import type { AccountRecord } from "@/lib/db/records";
import { accounts, apiKeys } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { type LimitRule, windowOf } from "@/lib/limits/limiter";
import { randomToken, sha256Hex } from "@/lib/security/hashing";

const keyPrefix = "llk_";
const shownPrefixLength = keyPrefix.length + 8;
/** Touch `last_used_at` at most this often, so reads do not turn into a write per request. */
const lastUsedResolutionMs = 60_000;

export type ApiKeyRecord = typeof apiKeys.$inferSelect;

export function serializeApiKey(key: ApiKeyRecord) {
  return { id: key.id, name: key.name, prefix: key.prefix, createdAt: key.createdAt.toISOString() };
}

/** Creates a key; the secret is returned once and only its SHA-256 is stored. */
export async function createApiKey(db: Database, { accountId, name }: { accountId: string; name: string }) {
  const secret = `${keyPrefix}${randomToken(32)}`;
  const [record] = await db
    .insert(apiKeys)
    .values({ accountId, name, prefix: secret.slice(0, shownPrefixLength), secretHash: sha256Hex(secret) })
    .returning();
  return { secret, record: record! };
}

/** The statement behind `authenticateApiKey`, with placeholders for its values. */
function keyLookup(db: Database, counted: boolean, peek: KeyPeek | undefined) {
  const secretHash = sql.placeholder("secretHash");
  const touch = db.$with("touch", { id: sql<string>`id` }).as(
    sql`update api_keys set last_used_at = ${sql.placeholder("now")}::timestamptz
        where secret_hash = ${secretHash} and revoked_at is null and (last_used_at is null or last_used_at < ${sql.placeholder("touchedBefore")}::timestamptz)
        returning id`,
  );
  // A counted hit need not outlive a crash of the database server: this statement's commit
  // does not wait for its write-ahead log to reach the disk (a flush took 4.6 ms on the
  // development machine, against 0.3 ms without, and every keyed request would wait for one).
  // The count itself is exact and seen by the next request at once; a crash could forget
  // the last fraction of a second of hits and `last_used_at` touches, nothing else.
  const commitWithoutFlush = db
    .$with("commit_without_flush", { setting: sql<string>`setting` })
    .as(sql`select set_config('synchronous_commit', 'off', true) as setting`);
  const hit = db.$with("hit", { count: sql<number>`count` }).as(
    counted
      ? sql`insert into limit_counters (key, window_start, count, expires_at)
            select ${sql.placeholder("counterKey")}::text || k.id::text, ${sql.placeholder("windowStart")}::timestamptz, 1, ${sql.placeholder("resetAt")}::timestamptz
            from api_keys k cross join commit_without_flush where k.secret_hash = ${secretHash} and k.revoked_at is null
            on conflict (key, window_start) do update set count = limit_counters.count + 1
            returning count`
      : sql`select null::integer as count where false`,
  );
  return db
    .with(touch, ...(counted ? [commitWithoutFlush] : []), hit)
    .select({
      account: accounts,
      keyId: apiKeys.id,
      hits: sql<number | null>`(select count from hit)`,
      peeked: peek ? peek.sql(sql`${apiKeys.accountId}`) : sql<null>`null`,
    })
    .from(apiKeys)
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .where(and(eq(apiKeys.secretHash, secretHash), isNull(apiKeys.revokedAt)));
}

/**
 * The account behind a bearer key, or a 401, in one statement: the key joined with its
 * account; `last_used_at` touched in the same statement when it is older than the
 * resolution (a data-modifying CTE, so no second round trip and no write per request);
 * and, when `count` is given, one hit on the key's fixed-window counter (`count.key` with
 * the key's id appended), whose new value comes back as `hits`; and, with `peek`, the
 * operation's own small read over the key's account, as `peeked`.
 */
export async function authenticateApiKey(
  db: Database,
  {
    authorization,
    now,
    count,
    peek,
  }: { authorization: string | null; now: Date; count?: LimitRule; peek?: { of: KeyPeek; params: Record<string, string> } },
): Promise<{ account: AccountRecord; principal: { kind: "key"; apiKeyId: string }; hits?: number; peeked?: Peeked }> {
  const secret = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1];
  if (!secret?.startsWith(keyPrefix) || secret.length > 200) throw new AppError("unauthorized");
  const window = count && windowOf(count, now);
  const values = {
    secretHash: sha256Hex(secret),
    now: now.toISOString(),
    touchedBefore: new Date(now.getTime() - lastUsedResolutionMs).toISOString(),
    ...(window && { counterKey: count!.key, windowStart: window.start.toISOString(), resetAt: window.resetAt.toISOString() }),
    ...peek?.of.values(peek.params, now),
  };
  const name = `${window ? "authenticate-key-and-count" : "authenticate-key"}${peek ? `+${peek.of.name}` : ""}`;
  const [found] = await preparedQuery(db, name, (db) => keyLookup(db, Boolean(window), peek?.of)).execute(values);
  if (!found) throw new AppError("unauthorized");
  return {
    account: found.account,
    principal: { kind: "key" as const, apiKeyId: found.keyId },
    ...(window && found.hits !== null && { hits: Number(found.hits) }),
    ...(peek && { peeked: { name: peek.of.name, params: peek.params, value: found.peeked } }),
  };
}
