import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleProject } from "../support/founder";
import { appWithLaunchedProject } from "../support/pipeline";
import type { TestApp } from "../support/test-app";

let app: TestApp;
let key: string;
let projectId: string;
beforeAll(async () => {
  ({ app, key, projectId } = await appWithLaunchedProject("studio"));
  for (const name of ["Second", "Third", "Fourth"]) {
    const created = await app.request("POST", "/api/v1/projects", { key, body: { ...sampleProject, name } });
    expect(created.status, created.text).toBe(201);
  }
});
afterAll(() => app.close());

const get = (path: string) => app.request("GET", path, { key });

/** Follows `nextCursor` from the first page of `limit` to the last; every page is 200. */
async function allPages(path: string, member: string, limit: number) {
  const pages: unknown[][] = [];
  let cursor: string | null | undefined;
  do {
    const separator = path.includes("?") ? "&" : "?";
    const page = await get(`${path}${separator}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    expect(page.status, page.text).toBe(200);
    expect(page.json[member].length).toBeLessThanOrEqual(limit);
    expect(page.json).toHaveProperty("nextCursor");
    pages.push(page.json[member]);
    cursor = page.json.nextCursor;
  } while (cursor && pages.length < 50);
  return pages;
}

describe("list pagination (limit and cursor)", () => {
  it("leaves a list whole, with no cursor, when neither is sent", async () => {
    const whole = await get("/api/v1/projects");
    expect(whole.status).toBe(200);
    expect(whole.json.projects).toHaveLength(4);
    expect(whole.json).not.toHaveProperty("nextCursor");
    expect(Object.keys(whole.json)).toEqual(["projects"]);
  });

  it("pages through projects newest first, each once, ending with a null cursor", async () => {
    const whole = (await get("/api/v1/projects")).json.projects.map((project: { id: string }) => project.id);
    const pages = await allPages("/api/v1/projects", "projects", 3);
    expect(pages.map((page) => page.length)).toEqual([3, 1]);
    expect(pages.flat().map((project) => (project as { id: string }).id)).toEqual(whole);
    const exact = await get("/api/v1/projects?limit=4");
    expect(exact.json.projects).toHaveLength(4);
    expect(exact.json.nextCursor).toBeNull();
  });

  it("pages through the launch pack in pipeline order", async () => {
    const whole = (await get(`/api/v1/projects/${projectId}/content`)).json.items;
    expect(whole.length).toBeGreaterThan(10);
    const pages = await allPages(`/api/v1/projects/${projectId}/content`, "items", 4);
    expect(pages.length).toBe(Math.ceil(whole.length / 4));
    expect(pages.flat()).toEqual(whole);
  });

  it("pages through weekly cycles", async () => {
    expect((await app.request("POST", `/api/v1/projects/${projectId}/growth/start`, { key })).status).toBe(200);
    expect((await app.request("POST", `/api/v1/projects/${projectId}/growth/cycles`, { key })).status).toBe(200);
    const first = await get(`/api/v1/projects/${projectId}/growth/cycles?limit=1`);
    expect(first.json.cycles).toHaveLength(1);
    expect(first.json.nextCursor).toBeNull();
    const whole = await get(`/api/v1/projects/${projectId}/growth/cycles`);
    expect(whole.json.cycles).toEqual(first.json.cycles);
    expect(whole.json).not.toHaveProperty("nextCursor");
  });

  it("refuses a bad limit, a forged cursor and unknown parameters with 400", async () => {
    for (const query of [
      "limit=0",
      "limit=101",
      "limit=two",
      "cursor=",
      "cursor=not-a-cursor",
      `cursor=${Buffer.from('["x"]').toString("base64url")}`,
      `cursor=${Buffer.from('["2026-01-01T00:00:00.000Z","not-a-uuid"]').toString("base64url")}`,
      "page=2",
    ]) {
      const response = await get(`/api/v1/projects?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.json, query).toMatchObject({ code: "invalid_request", retryable: false });
    }
    const content = await get(`/api/v1/projects/${projectId}/content?cursor=${Buffer.from("[1]").toString("base64url")}`);
    expect(content.status).toBe(400);
  });
});
