import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { config } from "@/lib/config";
import type { ServiceContext } from "@/lib/core/context";
import { accounts } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { executeOperation, type GeneralLimit } from "@/lib/operations/execute";
import { listProjects, updateProject } from "@/lib/operations/projects";
import { createTestApp, type TestApp } from "../support/test-app";

// A dashboard page re-renders (and reads again) after every server action: a signed-in
// session's page reads are not metered by the general limit, everything else still is.
let app: TestApp;
let email: string;

const contextFor = async (principal: ServiceContext["principal"]): Promise<ServiceContext> => {
  const [account] = await app.db.select().from(accounts).where(eq(accounts.email, email));
  return { requestId: crypto.randomUUID(), db: app.db, now: new Date(), clientIp: "203.0.113.20", account: account!, principal };
};

async function codesOf(times: number, run: () => Promise<unknown>) {
  const codes = new Set<string>();
  for (let i = 0; i < times; i++) {
    try {
      await run();
      codes.add("ok");
    } catch (error) {
      codes.add(error instanceof AppError ? error.code : String(error));
    }
  }
  return codes;
}

beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_PER_MINUTE: "10" });
  ({ email } = await app.signUpWithKey());
}, 120_000);
afterAll(() => app.close());

describe("page reads and the general rate limit", () => {
  const over = () => config().rateLimitPerMinute + 5;

  it("lets a session's page reads past the general limit", async () => {
    const ctx = await contextFor({ kind: "session", sessionId: crypto.randomUUID() });
    expect(await codesOf(over(), () => executeOperation(listProjects, {}, ctx, "page-read"))).toEqual(new Set(["ok"]));
  });

  it("still meters the same reads without the page-read mark, and a key's even with it", async () => {
    const session = await contextFor({ kind: "session", sessionId: crypto.randomUUID() });
    expect(await codesOf(over(), () => executeOperation(listProjects, {}, session))).toContain("rate_limited");
    const key = await contextFor({ kind: "key", apiKeyId: crypto.randomUUID() });
    expect(await codesOf(over(), () => executeOperation(listProjects, {}, key, "page-read" satisfies GeneralLimit))).toContain(
      "rate_limited",
    );
  });

  it("meters a session's writes even when marked as a page read", async () => {
    const ctx = await contextFor({ kind: "session", sessionId: crypto.randomUUID() });
    const codes = await codesOf(over(), () =>
      executeOperation(updateProject, { params: { id: crypto.randomUUID() }, body: { name: "x" } }, ctx, "page-read"),
    );
    expect(codes).toContain("rate_limited");
  });
});
