import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fillContentBlank, getContentItem, listContentVersions } from "@/lib/operations/content";
import { executeOperation } from "@/lib/operations/execute";
import { launchReadyProject } from "../support/pipeline";
import { setPlan } from "../support/plans";
import { createTestApp, type TestApp } from "../support/test-app";

// Every edit of a pack item keeps what it replaced: the draft history, read by the dashboard.

let app: TestApp;
let owner: { key: string; email: string };
let itemId: string;

beforeAll(async () => {
  app = await createTestApp();
  owner = await app.signUpWithKey();
  await setPlan(app.db, owner.email, "pro");
  const projectId = await launchReadyProject(app, owner.key);
  itemId = (await app.request("GET", `/api/v1/projects/${projectId}/content`, { key: owner.key })).json.items[0].id;
});
afterAll(() => app.close());

describe("draft history", () => {
  it("keeps each edit's previous text, newest first, and nothing for an edit that changes nothing", async () => {
    const original = (await app.request("GET", `/api/v1/content/${itemId}/download`, { key: owner.key })).text;
    const edit = (body: string) => app.request("PATCH", `/api/v1/content/${itemId}`, { key: owner.key, body: { body } });
    expect((await edit("First founder version")).status).toBe(200);
    expect((await edit("Second founder version")).status).toBe(200);
    expect((await edit("Second founder version")).status).toBe(200);
    const { versions } = await executeOperation(
      listContentVersions,
      { params: { itemId } },
      await app.sessionContext(owner.email),
    );
    expect(versions.map((version) => version.body)).toEqual(["First founder version", expect.any(String)]);
    expect(original).toContain(versions[1]!.body.split("\n")[0]!.slice(0, 20));
  });

  it("shows another account nothing", async () => {
    const stranger = await app.signUpWithKey();
    await expect(
      executeOperation(listContentVersions, { params: { itemId } }, await app.sessionContext(stranger.email)),
    ).rejects.toMatchObject({ code: "not_found" });
  });

  it("loads one item with its body for its owner only (the pages load a body when the founder edits or copies it)", async () => {
    const { item } = await executeOperation(getContentItem, { params: { itemId } }, await app.sessionContext(owner.email));
    expect(item).toMatchObject({ id: itemId, body: "Second founder version", editedByFounder: true });
    const stranger = await app.signUpWithKey();
    await expect(
      executeOperation(getContentItem, { params: { itemId } }, await app.sessionContext(stranger.email)),
    ).rejects.toMatchObject({ code: "not_found" });
  });

  it("fills two blanks at once without losing either, and refuses a blank that is not there or an empty fill", async () => {
    const session = await app.sessionContext(owner.email);
    const fill = (index: number, value: string) =>
      executeOperation(fillContentBlank, { params: { itemId }, body: { index, value } }, session);
    await app.request("PATCH", `/api/v1/content/${itemId}`, {
      key: owner.key,
      body: { body: "Quote: [add: a customer quote]. Number: [add: a number]." },
    });
    const results = await Promise.all([fill(0, "Alpha"), fill(0, "Beta")]);
    expect(results.map((result) => result.blanksLeft).sort()).toEqual([0, 1]);
    const { item } = await executeOperation(getContentItem, { params: { itemId } }, session);
    expect(item.body).toMatch(/^Quote: (Alpha|Beta)\. Number: (Alpha|Beta)\.$/);
    expect(item.body).toContain("Alpha");
    expect(item.body).toContain("Beta");
    await expect(fill(0, "Gamma")).rejects.toMatchObject({ code: "invalid_request" });
    await expect(fill(0, "   ")).rejects.toMatchObject({ code: "invalid_request" });
  });
});
