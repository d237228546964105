import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { reloadConfig } from "@/lib/config";
import { getDatabase } from "@/lib/db/client";
import { AppError } from "@/lib/errors";

const holder = globalThis as unknown as { launchloopDatabase?: Promise<{ close(): Promise<void> }> };
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "launchloop-recovery-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

describe("the service's database", () => {
  it("answers 503 while it cannot be opened, and opens on the next request once it can", { timeout: 180_000 }, async () => {
    const blocked = path.join(scratch, "a-file");
    fs.writeFileSync(blocked, "");
    Object.assign(process.env, { DATABASE_URL: "", DATA_DIR: blocked });
    reloadConfig();
    holder.launchloopDatabase = undefined;
    const failure = await getDatabase().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).code).toBe("service_unavailable");
    expect((failure as AppError).status).toBe(503);

    process.env.DATA_DIR = path.join(scratch, "data");
    reloadConfig();
    const db = await getDatabase();
    expect(db).toBeDefined();
    const opened = (): Promise<{ close(): Promise<void> }> | undefined => holder.launchloopDatabase;
    await (await opened())?.close();
    holder.launchloopDatabase = undefined;
  });
});
