import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authProvider } from "@/lib/auth";
import { createBrowserSession } from "@/lib/auth/local-sessions";
import { revokeAccountAccess } from "@/lib/auth/revoke-access";
import { findAccountByEmail } from "@/lib/db/accounts";
import { accounts, apiKeys, calendarFeeds, oauthGrants, projects, shareLinks } from "@/lib/db/schema";
import { handleOperation } from "@/lib/http/handle";
import { mcpResource } from "@/lib/oauth/metadata";
import { createCalendarSubscription } from "@/lib/operations/calendar-feed";
import { getCaptchaChallenge } from "@/lib/operations/captcha";
import { answerAuthorization } from "@/lib/operations/connected-apps";
import { createShareLink } from "@/lib/operations/dashboard";
import { executeOperation } from "@/lib/operations/execute";
import { createKey } from "@/lib/operations/keys";
import { createApiKey } from "@/lib/services/api-keys";
import { registerClient } from "@/lib/services/oauth/register-client";
import { latestTokenHash, mailsTo } from "../support/mailbox";
import { pkcePair } from "../support/oauth";
import { createTestApp, type TestApp } from "../support/test-app";

// Who ends up holding an account when more than one party signs up with its address.
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const attackerPassword = "the attacker's password";
const ownerPassword = "the owner's own password";

async function solvedCaptcha(): Promise<string> {
  const challenge = await (
    await handleOperation(getCaptchaChallenge, new Request("http://launchloop.test/api/auth/captcha"))
  ).json();
  return Buffer.from(JSON.stringify({ challenge, solution: await solveChallenge({ challenge, deriveKey }) })).toString("base64");
}

const signUp = async (email: string, password: string, door: "api" | "browser") => {
  const body = { email, password, acceptTerms: true, ...(door === "browser" ? { captchaToken: await solvedCaptcha() } : {}) };
  expect((await app.request("POST", "/api/v1/signup", { body })).status).toBe(202);
  return latestTokenHash(app.mailDir, email);
};

const signIn = (email: string, password: string) => authProvider().signIn(app.db, { email, password }, [], new Date());

/** A project of the account, made directly in the database. */
async function projectOf(accountId: string) {
  const [project] = await app.db
    .insert(projects)
    .values({ accountId, name: "Acme", onboarding: { businessName: "Acme", productDescription: "x", problemSolved: "y" } })
    .returning();
  return project!;
}

describe("account pre-hijacking", () => {
  it("a later sign-up's confirmation gives the account its own password, door and activation; the earlier link dies", async () => {
    const email = "victim@example.com";
    const attackerLink = await signUp(email, attackerPassword, "api");
    const ownerLink = await signUp(email, ownerPassword, "browser");

    // Whatever spoke for the unconfirmed account before it was proven (seeded here) must not survive.
    const account = (await findAccountByEmail(app.db, email))!;
    const planted = await createApiKey(app.db, { accountId: account.id, name: "planted" });
    await createBrowserSession(app.db, account.id, new Date());

    const confirmed = await authProvider().confirmAndSignIn(
      app.db,
      { tokenHash: ownerLink, password: ownerPassword },
      new Date(),
    );
    expect(confirmed.kind).toBe("signed_in");

    expect((await signIn(email, attackerPassword)).kind).toBe("invalid");
    expect((await signIn(email, ownerPassword)).kind).toBe("signed_in");
    expect(await findAccountByEmail(app.db, email)).toMatchObject({ signupDoor: "browser", activated: true, plan: "free" });
    expect((await app.request("GET", "/api/v1/me", { key: planted.secret })).status).toBe(401);
    const bootstrap = await app.request("POST", "/api/v1/keys/bootstrap", { body: { tokenHash: attackerLink } });
    expect(bootstrap.json).toMatchObject({ code: "invalid_token" });
  });

  it("a link made by someone else's later sign-up does not confirm with the founder's password, nor give the account theirs", async () => {
    const email = "second-in-line@example.com";
    await signUp(email, ownerPassword, "browser");
    const attackerLink = await signUp(email, attackerPassword, "api");
    // The founder opens the newest link in their inbox and types their own password.
    expect(
      await authProvider().confirmAndSignIn(app.db, { tokenHash: attackerLink, password: ownerPassword }, new Date()),
    ).toEqual({ kind: "wrong_password" });
    expect((await findAccountByEmail(app.db, email))?.emailConfirmedAt).toBeNull();
    expect((await signIn(email, attackerPassword)).kind).toBe("unconfirmed");
    // Signing up again gives a link of their own, which works.
    const ownLink = await signUp(email, ownerPassword, "browser");
    expect(
      (await authProvider().confirmAndSignIn(app.db, { tokenHash: ownLink, password: ownerPassword }, new Date())).kind,
    ).toBe("signed_in");
    expect((await signIn(email, attackerPassword)).kind).toBe("invalid");
    expect((await app.request("POST", "/api/v1/keys/bootstrap", { body: { tokenHash: attackerLink } })).json.code).toBe(
      "invalid_token",
    );
  });

  it("the API door's confirmation (key bootstrap) takes the password of the link used when it is proven", async () => {
    const email = "api-owner@example.com";
    await signUp(email, attackerPassword, "browser");
    const ownerLink = await signUp(email, ownerPassword, "api");
    const wrong = await app.request("POST", "/api/v1/keys/bootstrap", {
      body: { tokenHash: ownerLink, password: attackerPassword },
    });
    expect(wrong.json).toMatchObject({ code: "invalid_token" });
    const bootstrap = await app.request("POST", "/api/v1/keys/bootstrap", {
      body: { tokenHash: ownerLink, password: ownerPassword },
    });
    expect(bootstrap.status).toBe(200);
    expect((await signIn(email, attackerPassword)).kind).toBe("invalid");
    expect((await signIn(email, ownerPassword)).kind).toBe("signed_in");
    expect(await findAccountByEmail(app.db, email)).toMatchObject({ signupDoor: "api", activated: false });
  });

  it("a key bootstrap with a link alone gives an address signed up with other passwords no password at all", async () => {
    // The victim signs up through the API; an attacker signs up again with the victim's address;
    // the newest link in the victim's inbox is the attacker's, and the victim bootstraps with it.
    const email = "api-victim@example.com";
    await signUp(email, ownerPassword, "api");
    const attackerLink = await signUp(email, attackerPassword, "api");
    const bootstrap = await app.request("POST", "/api/v1/keys/bootstrap", { body: { tokenHash: attackerLink } });
    expect(bootstrap.status).toBe(200);
    expect((await signIn(email, attackerPassword)).kind).toBe("invalid");
    expect((await signIn(email, ownerPassword)).kind).toBe("invalid");
    expect((await app.request("GET", "/api/v1/me", { key: bootstrap.json.key })).status).toBe(200);
  });

  it("a key bootstrap with a link alone keeps the password of an address signed up once", async () => {
    const email = "api-single@example.com";
    const link = await signUp(email, ownerPassword, "api");
    expect((await app.request("POST", "/api/v1/keys/bootstrap", { body: { tokenHash: link } })).status).toBe(200);
    expect((await signIn(email, ownerPassword)).kind).toBe("signed_in");
  });
});

describe("a password reset", () => {
  it("revokes every session, connected app, share link, calendar subscription and API key, unless the founder keeps the keys", async () => {
    const { email, key } = await app.signUpWithKey();
    const account = (await findAccountByEmail(app.db, email))!;
    await app.db.update(apiKeys).set({ name: "intruder's key" }).where(eq(apiKeys.accountId, account.id));
    const session = await createBrowserSession(app.db, account.id, new Date());
    const [grant] = await app.db
      .insert(oauthGrants)
      .values({
        accountId: account.id,
        clientId: "https://assistant.example/client.json",
        clientName: "Some assistant",
        redirectUri: "https://assistant.example/cb",
        scopes: ["launchloop:read"],
        resource: "http://launchloop.test/api/mcp",
        activatedAt: new Date(),
      })
      .returning();

    // What an intruder with a session can set up to keep reading: a share link and a calendar feed.
    const project = await projectOf(account.id);
    const owned = { accountId: account.id, projectId: project.id };
    await app.db.insert(shareLinks).values({ ...owned, tokenHash: "a".repeat(64), hint: "aaaa" });
    await app.db.insert(calendarFeeds).values({ ...owned, tokenHash: "b".repeat(64) });

    await authProvider().requestPasswordReset(app.db, email, new Date());
    const tokenHash = /token_hash=([0-9a-f]+)&type=recovery/.exec(mailsTo(app.mailDir, email).at(-1)!)![1]!;
    const reset = await authProvider().resetPassword(
      app.db,
      { tokenHash, password: "a brand new password", keepApiKeys: false },
      new Date(),
    );
    expect(reset).toMatchObject({
      email,
      revoked: { sessions: 1, apiKeys: ["intruder's key"], grants: 1, shareLinks: 1, calendarFeeds: 1 },
    });
    for (const table of [shareLinks, calendarFeeds])
      expect((await app.db.select().from(table).where(eq(table.accountId, account.id)))[0]!.revokedAt).not.toBeNull();
    expect((await app.db.select().from(oauthGrants).where(eq(oauthGrants.id, grant!.id)))[0]!.revokedAt).not.toBeNull();
    expect((await app.request("GET", "/api/v1/me", { key })).status).toBe(401);
    expect(await authProvider().currentSession(app.db, [{ name: "ll_session", value: session }], new Date())).toBeNull();

    // Ticking "keep my API keys" keeps them.
    const kept = await app.request("POST", "/api/v1/keys/bootstrap", {
      body: { tokenHash: await signUp(email, "whatever password", "api") },
    });
    await authProvider().requestPasswordReset(app.db, email, new Date());
    const second = /token_hash=([0-9a-f]+)&type=recovery/.exec(mailsTo(app.mailDir, email).at(-1)!)![1]!;
    const keepingKeys = await authProvider().resetPassword(
      app.db,
      { tokenHash: second, password: "another new password", keepApiKeys: true },
      new Date(),
    );
    expect(keepingKeys?.revoked.apiKeys).toEqual([]);
    expect((await app.request("GET", "/api/v1/me", { key: kept.json.key })).status).toBe(200);
  });

  it("leaves nothing to a request signed in before it and still running: no key, connected app, share link or calendar URL", async () => {
    const { email } = await app.signUpWithKey();
    const account = (await findAccountByEmail(app.db, email))!;
    await app.db.update(accounts).set({ plan: "pro", activated: true }).where(eq(accounts.id, account.id));
    const project = await projectOf(account.id);
    const { client_id: clientId } = await registerClient(app.db, {
      body: { redirect_uris: ["https://assistant.example/cb"] },
      now: new Date(),
    });
    // The intruder's requests were signed in (their account read) before the founder's reset committed.
    const intruder = await app.sessionContext(email);
    await authProvider().requestPasswordReset(app.db, email, new Date());
    const tokenHash = /token_hash=([0-9a-f]+)&type=recovery/.exec(mailsTo(app.mailDir, email).at(-1)!)![1]!;
    await authProvider().resetPassword(app.db, { tokenHash, password: "a brand new password", keepApiKeys: true }, new Date());

    const allow = {
      decision: "allow" as const,
      client_id: clientId,
      redirect_uri: "https://assistant.example/cb",
      response_type: "code",
      code_challenge: pkcePair().challenge,
      code_challenge_method: "S256",
      resource: mcpResource(),
      scope: "launchloop:read",
    };
    const projectParams = { params: { id: project.id } };
    const attempts = [
      () => executeOperation(createKey, { body: { name: "intruder's key" } }, intruder),
      () => executeOperation(answerAuthorization, { body: allow }, intruder),
      () => executeOperation(createShareLink, projectParams, intruder),
      () => executeOperation(createCalendarSubscription, projectParams, intruder),
    ];
    for (const attempt of attempts) await expect(attempt()).rejects.toMatchObject({ code: "unauthorized" });
    const live = async (table: typeof apiKeys | typeof oauthGrants | typeof shareLinks | typeof calendarFeeds) =>
      (
        await app.db
          .select()
          .from(table)
          .where(and(eq(table.accountId, account.id), isNull(table.revokedAt)))
      ).length;
    expect([await live(oauthGrants), await live(shareLinks), await live(calendarFeeds)]).toEqual([0, 0, 0]);
    expect(await live(apiKeys)).toBe(1); // the founder's own, kept by the reset

    // Signed in after the reset, the founder creates them as before.
    const founder = await app.sessionContext(email);
    await expect(executeOperation(createShareLink, projectParams, founder)).resolves.toMatchObject({ url: expect.any(String) });
  });

  it("makes a share link asked for while a reset is committing wait for it, then refuses it", async () => {
    const { email } = await app.signUpWithKey();
    const account = (await findAccountByEmail(app.db, email))!;
    const project = await projectOf(account.id);
    const intruder = await app.sessionContext(email);
    let commit!: () => void;
    let revoked!: () => void;
    const revoking = new Promise<void>((resolve) => (revoked = resolve));
    const reset = app.db.transaction(async (tx) => {
      await revokeAccountAccess(tx, { accountId: account.id, now: new Date() });
      revoked();
      await new Promise<void>((resolve) => (commit = resolve));
    });
    await revoking;
    let settled = false;
    const asked = executeOperation(createShareLink, { params: { id: project.id } }, intruder).finally(() => (settled = true));
    asked.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(settled).toBe(false);
    commit();
    await reset;
    await expect(asked).rejects.toMatchObject({ code: "unauthorized" });
    expect(await app.db.select().from(shareLinks).where(eq(shareLinks.accountId, account.id))).toEqual([]);
  });

  it("is not offered to an unconfirmed address, whose sign-up link is the way in", async () => {
    await signUp("not-yet@example.com", ownerPassword, "api");
    await authProvider().requestPasswordReset(app.db, "not-yet@example.com", new Date());
    expect(mailsTo(app.mailDir, "not-yet@example.com").some((mail) => mail.includes("reset-password"))).toBe(false);
  });
});

describe("e-mailed links name their account before use", () => {
  it("describes a live link by its account's address, and a used or unknown one as nothing", async () => {
    const email = "named@example.com";
    const link = await signUp(email, ownerPassword, "browser");
    expect(await authProvider().describeLink(app.db, { tokenHash: link, purpose: "confirmation" }, new Date())).toEqual({
      email,
    });
    expect(await authProvider().describeLink(app.db, { tokenHash: link, purpose: "reset" }, new Date())).toBeNull();
    await authProvider().confirmAndSignIn(app.db, { tokenHash: link, password: ownerPassword }, new Date());
    expect(await authProvider().describeLink(app.db, { tokenHash: link, purpose: "confirmation" }, new Date())).toBeNull();
    expect(
      await authProvider().describeLink(app.db, { tokenHash: "0".repeat(64), purpose: "confirmation" }, new Date()),
    ).toBeNull();
  });
});
