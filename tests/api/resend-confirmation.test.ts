import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authProvider } from "@/lib/auth";
import { reloadConfig } from "@/lib/config";
import { findAccountByEmail } from "@/lib/db/accounts";
import { deliveriesSettled } from "@/lib/mail";
import { mailsTo } from "../support/mailbox";
import { createTestApp, type TestApp } from "../support/test-app";

// "Send the confirmation e-mail again": the pending sign-up's own link, never one an asker chose.

let app: TestApp;
beforeAll(async () => {
  process.env.TRUST_PROXY = "1";
  reloadConfig();
  app = await createTestApp();
});
afterAll(async () => {
  delete process.env.TRUST_PROXY;
  reloadConfig();
  await app.close();
});

const from = (address: string) => ({ "x-forwarded-for": address });
const tokensIn = (email: string) =>
  mailsTo(app.mailDir, email).map((mail) => /token_hash=([0-9a-f]{64})&type=email/.exec(mail)![1]!);

async function resend(email: string, address: string) {
  const response = await app.request("POST", "/api/v1/signup/resend", { body: { email }, headers: from(address) });
  await deliveriesSettled();
  return response;
}

describe("POST /api/v1/signup/resend", () => {
  it("e-mails a new link that still needs the password chosen at sign-up, and keeps the sign-up's door", async () => {
    const email = "pending-founder@example.com";
    const signup = await app.request("POST", "/api/v1/signup", {
      body: { email, password: "the founder's password", acceptTerms: true },
      headers: from("198.51.100.1"),
    });
    expect(signup.status).toBe(202);
    await deliveriesSettled();

    // Whoever asks (here from another address) only knows the e-mail, and cannot bring a password.
    const withPassword = await app.request("POST", "/api/v1/signup/resend", {
      body: { email, password: "the asker's password" },
      headers: from("198.51.100.2"),
    });
    expect(withPassword.status).toBe(400);
    const response = await resend(email, "198.51.100.2");
    expect(response.status).toBe(202);
    expect(response.json).toEqual({ status: "resend_requested" });

    const [first, resent] = tokensIn(email);
    expect(resent, "a second e-mail with a link").toBeDefined();
    expect(resent).not.toBe(first);
    const provider = authProvider();
    expect(await provider.confirmAndSignIn(app.db, { tokenHash: resent!, password: "the asker's password" }, new Date())).toEqual(
      {
        kind: "wrong_password",
      },
    );
    const confirmed = await provider.confirmAndSignIn(
      app.db,
      { tokenHash: resent!, password: "the founder's password" },
      new Date(),
    );
    expect(confirmed.kind).toBe("signed_in");
    const account = (await findAccountByEmail(app.db, email))!;
    expect(account.signupDoor, "the door of the API sign-up").toBe("api");
    // The first confirmation retires every other link, the original one included.
    expect(await provider.describeLink(app.db, { tokenHash: first!, purpose: "confirmation" }, new Date())).toBeNull();

    // Confirmed now: the same answer, and no more e-mail.
    expect((await resend(email, "198.51.100.3")).json).toEqual({ status: "resend_requested" });
    expect(tokensIn(email)).toHaveLength(2);
  });

  it("answers an unknown address exactly as a pending one, and sends nothing", async () => {
    const response = await resend("nobody-here@example.com", "198.51.100.4");
    expect(response.status).toBe(202);
    expect(response.json).toEqual({ status: "resend_requested" });
    expect(mailsTo(app.mailDir, "nobody-here@example.com")).toEqual([]);
    expect(await findAccountByEmail(app.db, "nobody-here@example.com")).toBeUndefined();
  });

  it("sends at most three an hour to one address, and takes at most ten an hour from one client address", async () => {
    const email = "flooded@example.com";
    await app.request("POST", "/api/v1/signup", {
      body: { email, password: "the founder's password", acceptTerms: true },
      headers: from("198.51.100.5"),
    });
    await deliveriesSettled();
    const statuses = [];
    for (const address of ["198.51.100.6", "198.51.100.7", "198.51.100.8", "198.51.100.9"])
      statuses.push((await resend(email, address)).status);
    expect(statuses).toEqual([202, 202, 202, 429]);
    expect(mailsTo(app.mailDir, email), "the sign-up's e-mail and three more").toHaveLength(4);

    const fromOne = [];
    for (let n = 0; n < 11; n++) fromOne.push((await resend(`someone${n}@example.com`, "198.51.100.10")).status);
    expect(fromOne).toEqual([...Array(10).fill(202), 429]);
    const limited = await resend("someone-else@example.com", "198.51.100.10");
    expect(limited.json).toMatchObject({ code: "rate_limited", retryable: true });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
