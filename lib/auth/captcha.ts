import { type Challenge, createChallenge, randomInt, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { lt } from "drizzle-orm";
import { z } from "zod";
import { config } from "@/lib/config";
import type { Database } from "@/lib/db";
import { usedCaptchas } from "@/lib/db/schema";
import { derivedKey } from "@/lib/security/secret";

const challengeLifetimeMs = 10 * 60 * 1000;

function hmacKey(): string {
  return config().altchaHmacKey ?? derivedKey("altcha").toString("base64url");
}

/** A fresh signed ALTCHA proof-of-work challenge for the browser signup form. */
export async function createCaptchaChallenge(now: Date): Promise<Challenge> {
  return createChallenge({
    algorithm: "SHA-256",
    cost: 1,
    counter: randomInt(5_000, 50_000),
    deriveKey,
    hmacSignatureSecret: hmacKey(),
    expiresAt: new Date(now.getTime() + challengeLifetimeMs),
  });
}

const payloadSchema = z.object({
  challenge: z.object({ parameters: z.record(z.string(), z.unknown()), signature: z.string() }).loose(),
  solution: z.object({ counter: z.number(), derivedKey: z.string() }).loose(),
});

/** True when the token is a solved, signed, unexpired challenge that was never used before. */
export async function verifyCaptcha(db: Database, token: string, now: Date): Promise<boolean> {
  let payload: z.infer<typeof payloadSchema>;
  try {
    payload = payloadSchema.parse(JSON.parse(Buffer.from(token, "base64").toString("utf8")));
  } catch {
    return false;
  }
  const result = await verifySolution({
    challenge: payload.challenge as unknown as Challenge,
    solution: payload.solution,
    deriveKey,
    hmacSignatureSecret: hmacKey(),
  }).catch(() => undefined);
  if (!result?.verified) return false;

  // The same solution verifies again and again: remember it until its challenge expires.
  const expiresAtSeconds = Number(payload.challenge.parameters.expiresAt ?? 0);
  await db.delete(usedCaptchas).where(lt(usedCaptchas.expiresAt, now));
  const inserted = await db
    .insert(usedCaptchas)
    .values({ signature: payload.challenge.signature, expiresAt: new Date(expiresAtSeconds * 1000) })
    .onConflictDoNothing()
    .returning();
  return inserted.length === 1;
}
