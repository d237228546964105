import net from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { reloadConfig } from "@/lib/config";
import { findAccountByEmail } from "@/lib/db/accounts";
import { deliveriesSettled } from "@/lib/mail";
import { mailsTo } from "../support/mailbox";
import { createTestApp, type TestApp } from "../support/test-app";

// Sign-up e-mails through a mail server that stalls, then drops the connection.
let app: TestApp;
let mailServer: net.Server;
const stalled = new Set<net.Socket>();
beforeAll(async () => {
  app = await createTestApp();
  mailServer = net.createServer((socket) => stalled.add(socket)); // never greets
  await new Promise<void>((resolve) => mailServer.listen(0, "127.0.0.1", resolve));
});
afterAll(async () => {
  mailServer.close();
  await app.close();
});

const signupBody = (email: string) => ({ email, password: "correct horse battery", acceptTerms: true });
const dropStalledMail = () => {
  for (const socket of stalled) socket.destroy();
  stalled.clear();
};

async function withSmtp(run: () => Promise<void>) {
  process.env.SMTP_URL = `smtp://127.0.0.1:${(mailServer.address() as net.AddressInfo).port}`;
  reloadConfig();
  try {
    await run();
  } finally {
    delete process.env.SMTP_URL;
    reloadConfig();
  }
}

const tokensOf = async (accountId: string) =>
  (
    (await app.db.execute(sql`select count(*)::int as tokens from auth_tokens where account_id = ${accountId}`)) as unknown as {
      tokens: number;
    }[]
  )[0]!.tokens;

describe("a confirmation e-mail that cannot be sent", () => {
  it("answers before the mail server does, without holding the database, then leaves no account behind", async () => {
    await withSmtp(async () => {
      // The answer does not wait for the stalled mail server: a known and a new address answer alike.
      const response = await app.request("POST", "/api/v1/signup", { body: signupBody("stalled@example.com"), answerOnly: true });
      expect(response.status).toBe(202);
      await vi.waitFor(() => expect(stalled.size).toBe(1));
      // The embedded database has one session: a transaction around the send would block this.
      const other = await Promise.race([
        app.db.execute(sql`select 1 as one`).then(() => "answered"),
        new Promise((resolve) => setTimeout(() => resolve("blocked"), 3000)),
      ]);
      expect(other).toBe("answered");
      dropStalledMail();
      await deliveriesSettled();
    });
    expect(await findAccountByEmail(app.db, "stalled@example.com")).toBeUndefined();
  });

  it("keeps the account when another sign-up of the same address issued a link meanwhile", async () => {
    await withSmtp(async () => {
      expect(
        (await app.request("POST", "/api/v1/signup", { body: signupBody("twice-at-once@example.com"), answerOnly: true })).status,
      ).toBe(202);
      expect(
        (await app.request("POST", "/api/v1/signup", { body: signupBody("twice-at-once@example.com"), answerOnly: true })).status,
      ).toBe(202);
      await vi.waitFor(() => expect(stalled.size).toBe(2));
      const [firstSocket] = stalled;
      firstSocket!.destroy();
      stalled.delete(firstSocket!);
      // The first request created the account, but the second one's token keeps it.
      await vi.waitFor(async () => {
        const account = await findAccountByEmail(app.db, "twice-at-once@example.com");
        expect(account).toBeDefined();
        expect(await tokensOf(account!.id)).toBe(1);
      });
      dropStalledMail();
      await deliveriesSettled();
    });
  });

  it("keeps an account that already existed, and its earlier link", async () => {
    expect((await app.request("POST", "/api/v1/signup", { body: signupBody("known@example.com") })).status).toBe(202);
    const account = (await findAccountByEmail(app.db, "known@example.com"))!;
    expect(await tokensOf(account.id)).toBe(1);
    await withSmtp(async () => {
      const signup = await app.request("POST", "/api/v1/signup", { body: signupBody("known@example.com"), answerOnly: true });
      expect(signup.status).toBe(202);
      await vi.waitFor(() => expect(stalled.size).toBe(1));
      dropStalledMail();
      await deliveriesSettled();
    });
    expect((await findAccountByEmail(app.db, "known@example.com"))?.id).toBe(account.id);
    expect(await tokensOf(account.id)).toBe(1);
    expect(mailsTo(app.mailDir, "known@example.com")).toHaveLength(1);
  });
});
