import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryCount } from "@/lib/db/query-count";
import { projects } from "@/lib/db/schema";
import { appWithLaunchedProject } from "../support/pipeline";
import type { TestApp } from "../support/test-app";

// The driver counts its statements (LAUNCHLOOP_COUNT_QUERIES), set before the database opens.
process.env.LAUNCHLOOP_COUNT_QUERIES = "1";

let app: TestApp;
let key: string;
let projectId: string;
beforeAll(async () => {
  ({ app, key, projectId } = await appWithLaunchedProject("studio"));
});
afterAll(() => app.close());

/**
 * The statements one request sends. The driver's count is the process's, and the in-process
 * scheduler's tick or the housekeeping sweep can land inside a request: the fewest of three
 * is the request's own (others only ever add to it).
 */
async function statementsOf(path: string, { as = key, status = 200 } = {}) {
  const counts: number[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    const before = queryCount();
    const response = await app.request("GET", path, { key: as });
    expect(response.status, response.text).toBe(status);
    counts.push(queryCount() - before);
  }
  return Math.min(...counts);
}

describe("database round trips per keyed read", () => {
  it("reads an unchanged project in one statement (the key's, which also reads the project's version), and a changed one in two", async () => {
    await statementsOf(`/api/v1/projects/${projectId}`);
    expect(await statementsOf(`/api/v1/projects/${projectId}`)).toBe(1);
    await app.db.update(projects).set({ name: "Renamed" }).where(eq(projects.id, projectId));
    const before = queryCount();
    expect((await app.request("GET", `/api/v1/projects/${projectId}`, { key })).json.project.name).toBe("Renamed");
    expect(queryCount() - before).toBeGreaterThanOrEqual(2);
    expect(await statementsOf(`/api/v1/projects/${projectId}`)).toBe(1);
    const { json } = await app.request("GET", `/api/v1/projects/${projectId}`, { key });
    expect(json.runs).toHaveLength(5);
    expect(json.runs.map((run: { startedAt: string }) => run.startedAt)).toEqual(
      json.runs.map((run: { startedAt: string }) => run.startedAt).sort(),
    );
  });

  it("answers /me and a project's content in two statements each", async () => {
    await statementsOf("/api/v1/me");
    expect(await statementsOf("/api/v1/me")).toBe(2);
    expect(await statementsOf(`/api/v1/projects/${projectId}/content`)).toBe(2);
    const { json } = await app.request("GET", `/api/v1/projects/${projectId}/content`, { key });
    expect(json.items.length).toBeGreaterThan(10);
  });

  it("counts the key's use without a second statement, and refuses a revoked or unknown key in one", async () => {
    expect(await statementsOf(`/api/v1/projects/${projectId}`, { as: "llk_unknown", status: 401 })).toBe(1);
  });
});
