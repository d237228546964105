import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDueJobs } from "@/lib/jobs/run";
import "@/lib/services/job-handlers";
import { mailsTo } from "../support/mailbox";
import { launchReadyProject } from "../support/pipeline";
import { setPlan } from "../support/plans";
import { plannedWeekOf } from "../support/publishing-items";
import { createTestApp, type TestApp } from "../support/test-app";

// "I posted it" before the post's time: an approved item with no connected account is the
// founder's to post by hand whenever they like. The link is required (the dashboard's form
// checks the same rule first), the item is published, and its reminder never comes.

let app: TestApp;
let key: string;
let email: string;
let projectId: string;
let items: { early: string; draft: string };

const call = (method: string, path: string, body?: unknown) => app.request(method, path, { key, body });
const confirm = (itemId: string, body: unknown) => call("POST", `/api/v1/growth/items/${itemId}/publication/confirm`, body);
const item = async (id: string) =>
  (await call("GET", `/api/v1/projects/${projectId}/growth/cycles`)).json.cycles
    .flatMap((cycle: { items: { id: string }[] }) => cycle.items)
    .find((found: { id: string }) => found.id === id);

beforeAll(async () => {
  app = await createTestApp();
  ({ key, email } = await app.signUpWithKey());
  await setPlan(app.db, email, "pro");
  projectId = await launchReadyProject(app, key);
  items = await plannedWeekOf(call, projectId, {
    x: [
      ["early", "Thu"],
      ["draft", "Fri"],
    ],
  });
  for (const id of Object.values(items)) expect((await call("POST", `/api/v1/growth/items/${id}/generate`)).status).toBe(200);
  expect((await call("PATCH", `/api/v1/growth/items/${items.early}`, { status: "approved" })).status).toBe(200);
  expect((await call("PATCH", `/api/v1/projects/${projectId}/publishing`, { emailReminders: true })).status).toBe(200);
}, 240_000);

afterAll(async () => {
  await app?.close();
});

describe('"I posted it" before the post\'s time', () => {
  it("requires the post's link: none, one that is not https, or not a web address is refused at `url`", async () => {
    for (const body of [
      { outcome: "posted" },
      { outcome: "posted", url: "http://x.com/founder/status/1" },
      { outcome: "posted", url: "https://localhost/status/1" },
    ]) {
      const refused = await confirm(items.early, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(refused.json.issues ?? refused.json)).toContain("url");
    }
    expect((await item(items.early)).publication).toMatchObject({ status: "scheduled", connectionId: null });
  });

  it("publishes an approved item with no account with its link, and its reminder never comes", async () => {
    const { scheduledAt } = (await item(items.early)).publication;
    const done = await confirm(items.early, { outcome: "posted", url: "https://x.com/founder/status/2024" });
    expect(done.status, done.text).toBe(200);
    expect(done.json.item).toMatchObject({
      status: "published",
      publication: { status: "published", url: "https://x.com/founder/status/2024", externalId: "2024" },
    });
    await runDueJobs(app.db, { now: () => new Date(Date.parse(scheduledAt) + 60_000) });
    expect((await item(items.early)).publication.status).toBe("published");
    expect(mailsTo(app.mailDir, email).filter((mail) => /^Subject: Time to post/m.test(mail))).toEqual([]);
    expect((await confirm(items.early, { outcome: "posted", url: "https://x.com/founder/status/2025" })).status).toBe(409);
  });

  it("refuses it for an item that is not approved: a draft did not go out", async () => {
    const refused = await confirm(items.draft, { outcome: "posted", url: "https://x.com/founder/status/7" });
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe("not_publishable");
    expect((await item(items.draft)).status).toBe("draft");
  });
});
