import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { reloadConfig } from "@/lib/config";
import type { ServiceContext } from "@/lib/core/context";
import { type DatabaseHandle, useDatabase } from "@/lib/db/client";
import { accounts } from "@/lib/db/schema";
import { deliveriesSettled } from "@/lib/mail";
import { openTestDatabase } from "./database";
import { dispatch } from "./dispatch";
import { latestTokenHash } from "./mailbox";

export interface TestRequest {
  body?: unknown;
  /** A raw body sent as is (for malformed JSON). */
  rawBody?: string;
  key?: string;
  headers?: Record<string, string>;
  /** Answer as soon as the response is there, without waiting for the e-mails it sends afterwards. */
  answerOnly?: boolean;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  text: string;
  json: any;
}

const defaultEnv = {
  APP_URL: "http://launchloop.test",
  APP_SECRET: "test-secret-that-is-long-enough-for-hkdf",
  RATE_LIMIT_PER_MINUTE: "100000",
  SIGNUP_LIMIT_PER_HOUR: "100000",
  WRITE_LIMIT_PER_HOUR: "100000",
  SIGNUP_MODE: "open",
  INVITE_CODES: "",
};

/**
 * The API in-process: the same router and pipeline the route handler uses, over a fresh
 * database. One per test file (PGlite takes a moment to start).
 */
export async function createTestApp(env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "launchloop-test-"));
  const mailDir = path.join(dataDir, "mail");
  Object.assign(process.env, defaultEnv, { DATA_DIR: dataDir, MAIL_DIR: mailDir }, env);
  reloadConfig();
  const database: DatabaseHandle = await openTestDatabase();
  useDatabase(database);

  async function request(method: string, urlPath: string, options: TestRequest = {}): Promise<TestResponse> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.key) headers.authorization = `Bearer ${options.key}`;
    let body: string | undefined = options.rawBody;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers["content-type"] = "application/json";
    }
    const response = await dispatch(new Request(`http://launchloop.test${urlPath}`, { method, headers, body }));
    const text = await response.text();
    // E-mails go out after the answer; a test reads its inbox right after, as a founder would a moment later.
    if (!options.answerOnly) await deliveriesSettled();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, text, json };
  }

  /** Signs up through the API door and bootstraps a key: an unactivated account. */
  async function signUpWithKey(email = `founder-${crypto.randomUUID().slice(0, 8)}@example.com`) {
    const signup = await request("POST", "/api/v1/signup", {
      body: { email, password: "correct horse battery", acceptTerms: true },
    });
    if (signup.status !== 202) throw new Error(`signup failed: ${signup.text}`);
    const bootstrap = await request("POST", "/api/v1/keys/bootstrap", { body: { tokenHash: latestTokenHash(mailDir, email) } });
    if (bootstrap.status !== 200) throw new Error(`bootstrap failed: ${bootstrap.text}`);
    return { email, key: bootstrap.json.key as string };
  }

  /** The context of a signed-in browser session of the account with `email` (the dashboard's caller). */
  async function sessionContext(email: string): Promise<ServiceContext> {
    const [account] = await database.db.select().from(accounts).where(eq(accounts.email, email));
    if (!account) throw new Error(`no account ${email}`);
    return {
      requestId: crypto.randomUUID(),
      db: database.db,
      now: new Date(),
      clientIp: "203.0.113.9",
      account,
      principal: { kind: "session", sessionId: crypto.randomUUID() },
    };
  }

  return {
    db: database.db,
    kind: database.kind,
    dataDir,
    mailDir,
    request,
    signUpWithKey,
    sessionContext,
    async close() {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
