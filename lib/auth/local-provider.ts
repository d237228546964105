import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { config } from "@/lib/config";
import { accounts, authTokens } from "@/lib/db/schema";
import { sendMail } from "@/lib/mail";
import { hashPassword, sha256Hex } from "@/lib/security/hashing";
import { findAccountByEmail, normalizeEmail } from "@/lib/services/accounts";
import type { AuthProvider } from "./provider";
import { confirmationEmail } from "./confirmation-email";

const confirmationLifetimeMs = 24 * 60 * 60 * 1000;

/** Built-in accounts: scrypt password hashes, one-time confirmation tokens, our own e-mails. */
export const localAuthProvider: AuthProvider = {
  async requestConfirmation(db, { email, password, door }, now) {
    const address = normalizeEmail(email);
    // Hash even for a known address, so the answer takes as long either way.
    const passwordHash = await hashPassword(password);
    await db
      .insert(accounts)
      .values({ email: address, passwordHash, signupDoor: door, plan: "free", activated: door === "browser" })
      .onConflictDoNothing({ target: accounts.email });
    const account = (await findAccountByEmail(db, address))!;

    const tokenHash = randomBytes(32).toString("hex");
    await db.insert(authTokens).values({
      accountId: account.id,
      purpose: "email_confirmation",
      tokenDigest: sha256Hex(tokenHash),
      expiresAt: new Date(now.getTime() + confirmationLifetimeMs),
    });
    const link = `${config().appUrl}/auth/confirm?token_hash=${tokenHash}&type=email`;
    await sendMail({ to: address, ...confirmationEmail({ link, tokenHash, alreadyConfirmed: account.emailConfirmedAt !== null }) });
  },

  async confirmEmail(db, tokenHash, now) {
    const [token] = await db
      .update(authTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(authTokens.tokenDigest, sha256Hex(tokenHash)),
          eq(authTokens.purpose, "email_confirmation"),
          isNull(authTokens.usedAt),
          gt(authTokens.expiresAt, now),
        ),
      )
      .returning({ accountId: authTokens.accountId });
    if (!token) return null;
    await db
      .update(accounts)
      .set({ emailConfirmedAt: sql`coalesce(${accounts.emailConfirmedAt}, ${now.toISOString()})` })
      .where(eq(accounts.id, token.accountId));
    return token.accountId;
  },
};
