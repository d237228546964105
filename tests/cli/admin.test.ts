import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/lib/db/client";
import { accounts } from "@/lib/db/schema";

const run = promisify(execFile);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "launchloop-admin-"));

async function admin(...args: string[]) {
  return run(path.join("node_modules", ".bin", "tsx"), ["--conditions=react-server", "lib/cli/admin.ts", ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
  });
}

beforeAll(async () => {
  const database = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
  await database.db.insert(accounts).values({ email: "operator-test@example.com", signupDoor: "api" });
  await database.close();
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe("npm run admin", () => {
  it("puts an account on a plan through the billing services, then shows its usage", async () => {
    const planned = JSON.parse((await admin("plan", "operator-test@example.com", "studio")).stdout);
    expect(planned.account).toMatchObject({ plan: "studio", activated: true });
    expect(planned.limits).toMatchObject({ projects: 10, dailyRuns: 100, dailyRunsScope: "project" });
    expect(planned.billing).toMatchObject({ plan: "studio", status: "active", provider: "local" });

    const usage = JSON.parse((await admin("usage", "OPERATOR-test@example.com")).stdout);
    expect(usage.usage).toEqual({ projects: 0, runsToday: 0, runsTodayByProject: {} });
  });

  it("explains its mistakes and exits non-zero", async () => {
    await expect(admin("plan", "nobody@example.com", "pro")).rejects.toMatchObject({
      stderr: expect.stringContaining("No account"),
    });
    await expect(admin("plan", "operator-test@example.com", "platinum")).rejects.toMatchObject({
      stderr: expect.stringContaining("Unknown plan"),
    });
    await expect(admin("delete")).rejects.toMatchObject({ stderr: expect.stringContaining("Usage:") });
  });
});
