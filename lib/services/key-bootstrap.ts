import { and, eq, gt, lt } from "drizzle-orm";
import type { z } from "zod";
import { authProvider } from "@/lib/auth";
import type { RequestContext } from "@/lib/core/context";
import type { Database } from "@/lib/db";
import { bootstrapReplays } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import type { bootstrapRequest, bootstrapResponse } from "@/lib/schemas/account";
import { sha256Hex } from "@/lib/security/hashing";
import { seal, unseal } from "@/lib/security/secret";
import { createApiKey, serializeApiKey } from "./api-keys";

const replayWindowMs = 15 * 60 * 1000;
const sealPurpose = "bootstrap-replay";

type BootstrapResponse = z.infer<typeof bootstrapResponse>;

/**
 * Confirms the e-mail behind a token and issues a key, shown once. An identical retry
 * within 15 minutes gets the identical answer back (kept encrypted, then purged), so a
 * client that lost the response to a network fault does not lose its key.
 */
export async function bootstrapKey(ctx: RequestContext, input: z.infer<typeof bootstrapRequest>): Promise<BootstrapResponse> {
  const name = input.name ?? "bootstrap";
  const tokenDigest = sha256Hex(input.tokenHash);
  const requestDigest = sha256Hex(JSON.stringify({ tokenHash: input.tokenHash, name, password: input.password ?? null }));

  await purgeExpiredReplays(ctx.db, ctx.now);
  const replay = await findReplay(ctx.db, tokenDigest, requestDigest, ctx.now);
  if (replay) return replay;

  const issue = async (tx: Database, accountId: string) => {
    const { secret, record } = await createApiKey(tx, { accountId, name });
    const response: BootstrapResponse = { key: secret, apiKey: serializeApiKey(record) };
    await tx.insert(bootstrapReplays).values({
      tokenDigest,
      requestDigest,
      sealedResponse: seal(JSON.stringify(response), sealPurpose),
      expiresAt: new Date(ctx.now.getTime() + replayWindowMs),
    });
    return response;
  };
  const issued = await authProvider().confirmEmail(ctx.db, input.tokenHash, ctx.now, issue, { password: input.password });
  if (issued) return issued;

  // A concurrent identical request may have used the token a moment ago: replay its answer.
  const raced = await findReplay(ctx.db, tokenDigest, requestDigest, ctx.now);
  if (raced) return raced;
  throw new AppError("invalid_token");
}

/** Deletes the kept answers (each holds a sealed key) whose 15 minutes are over; run on every bootstrap and on a schedule. */
export async function purgeExpiredReplays(db: Database, now: Date): Promise<number> {
  const purged = await db
    .delete(bootstrapReplays)
    .where(lt(bootstrapReplays.expiresAt, now))
    .returning({ tokenDigest: bootstrapReplays.tokenDigest });
  return purged.length;
}

async function findReplay(db: Database, tokenDigest: string, requestDigest: string, now: Date) {
  // An expired answer is never replayed, even before the purge has removed it.
  const [replay] = await db
    .select()
    .from(bootstrapReplays)
    .where(and(eq(bootstrapReplays.tokenDigest, tokenDigest), gt(bootstrapReplays.expiresAt, now)));
  if (!replay) return undefined;
  // The token was used: only the identical request gets the answer again.
  if (replay.requestDigest !== requestDigest) throw new AppError("invalid_token");
  return JSON.parse(unseal(replay.sealedResponse, sealPurpose)) as BootstrapResponse;
}
