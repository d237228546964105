import { and, eq } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { idempotencyKeys } from "@/lib/db/schema";
import type { Claim } from "./claim-key";
import { sealAnswer } from "./sealed-answer";

const ofClaim = (claim: Claim) =>
  and(
    eq(idempotencyKeys.accountId, claim.accountId),
    eq(idempotencyKeys.caller, claim.caller),
    eq(idempotencyKeys.key, claim.key),
    eq(idempotencyKeys.claimId, claim.claimId),
  );

/** Keeps a claimed request's answer for replays (only while the claim is still this request's). */
export async function settleIdempotencyKey(
  db: Database,
  { claim, status, bodyText }: { claim: Claim; status: number; bodyText: string },
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ state: "completed", sealedAnswer: sealAnswer(status, bodyText) })
    .where(ofClaim(claim));
}

/** Lets go of a claim whose request kept no answer (it may be retried with the same key at once). */
export async function releaseIdempotencyKey(db: Database, claim: Claim): Promise<void> {
  await db.delete(idempotencyKeys).where(ofClaim(claim));
}
