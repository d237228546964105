import { and, eq, lte, or, sql } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { idempotencyKeys } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { idempotencyWindowHours } from "@/lib/schemas/idempotency";
import { type StoredAnswer, unsealAnswer } from "./sealed-answer";

/** Whose key it is: an account's callers share one set of keys, a conversion key has its own (`ingest:<id>`). */
export interface KeyOwner {
  accountId: string;
  caller: string;
  key: string;
}

export interface ClaimRequest extends KeyOwner {
  fingerprint: string;
  now: Date;
  /** How long the claim holds while the request runs; a dead request's key is free again after it. */
  leaseMs: number;
  /** The `Retry-After` told to a request that finds the key still running. */
  retryAfterSeconds: number;
}

export type Claim = KeyOwner & { claimId: string };

const windowMs = idempotencyWindowHours * 3600 * 1000;

/**
 * Claims an idempotency key for one request, atomically across processes: one statement
 * inserts the claim, or takes over a key whose answer expired or whose running request's
 * lease ran out. Answers the claim (the request runs), or the kept answer of the same
 * request (a replay); throws 422 `idempotency_key_reused` when the key came with another
 * request and 409 `idempotency_request_in_progress` while the first one still runs.
 */
export async function claimIdempotencyKey(
  db: Database,
  request: ClaimRequest,
): Promise<{ claim: Claim } | { replay: StoredAnswer }> {
  const { accountId, caller, key, fingerprint, now } = request;
  // A key taken and let go between the two statements (a release, a purge) is tried again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const claimId = crypto.randomUUID();
    const [claimed] = await db
      .insert(idempotencyKeys)
      .values({
        accountId,
        caller,
        key,
        fingerprint,
        claimId,
        state: "running",
        leaseUntil: new Date(now.getTime() + request.leaseMs),
        createdAt: now,
        expiresAt: new Date(now.getTime() + windowMs),
      })
      .onConflictDoUpdate({
        target: [idempotencyKeys.accountId, idempotencyKeys.caller, idempotencyKeys.key],
        set: {
          fingerprint: sql`excluded.fingerprint`,
          claimId: sql`excluded.claim_id`,
          state: "running",
          leaseUntil: sql`excluded.lease_until`,
          sealedAnswer: null,
          createdAt: sql`excluded.created_at`,
          expiresAt: sql`excluded.expires_at`,
        },
        setWhere: or(
          lte(idempotencyKeys.expiresAt, now),
          and(eq(idempotencyKeys.state, "running"), lte(idempotencyKeys.leaseUntil, now)),
        ),
      })
      .returning({ claimId: idempotencyKeys.claimId });
    if (claimed?.claimId === claimId) return { claim: { accountId, caller, key, claimId } };

    const [held] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.caller, caller), eq(idempotencyKeys.key, key)));
    if (!held) continue;
    if (held.fingerprint !== fingerprint) throw new AppError("idempotency_key_reused");
    if (held.state === "running" || !held.sealedAnswer)
      throw new AppError("idempotency_request_in_progress", undefined, {
        headers: { "Retry-After": String(request.retryAfterSeconds) },
      });
    return { replay: unsealAnswer(held.sealedAnswer) };
  }
  throw new AppError("idempotency_request_in_progress", undefined, { headers: { "Retry-After": "1" } });
}
