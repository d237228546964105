import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServiceContext } from "@/lib/core/context";
import { runDueJobs } from "@/lib/jobs/run";
import { operations } from "@/lib/operations";
import { executeOperation } from "@/lib/operations/execute";
import "@/lib/services/job-handlers";
import { type FakeMastodon, startFakeMastodon } from "../support/fake-mastodon";
import { appWithLaunchedProject } from "../support/pipeline";
import { draftedWeek, ownerOf } from "../support/publishing-items";
import type { TestApp } from "../support/test-app";

// An item's publish options (publishOptions) against a fake Mastodon instance: checked by the
// network's provider when they are set and again when the post goes out, and handed to it.

let app: TestApp;
let key: string;
let projectId: string;
let owner: ServiceContext;
let instance: FakeMastodon;
let items: { mastodon: string; bluesky: string };

const call = (method: string, path: string, body?: unknown) => app.request(method, path, { key, body });
const tick = (at: Date) => runDueJobs(app.db, { now: () => at });

beforeAll(async () => {
  instance = await startFakeMastodon();
  ({ app, key, projectId } = await appWithLaunchedProject("pro"));
  process.env.OUTBOUND_ALLOW_HTTP = "1";
  const { reloadConfig } = await import("@/lib/config");
  reloadConfig();
  owner = await ownerOf(app);

  await call("POST", `/api/v1/projects/${projectId}/growth/start`);
  const ids = await draftedWeek(call, projectId, { mastodon: ["masto"], bluesky: ["bsky"] });
  items = { mastodon: ids.masto, bluesky: ids.bsky };

  const started = await executeOperation(
    operations.startMastodonConnection,
    { body: { projectId, instanceUrl: instance.url } },
    owner,
  );
  const { code, state } = instance.approve(started.authorizeUrl);
  await executeOperation(operations.finishMastodonConnection, { body: { state, code } }, owner);
}, 240_000);

afterAll(async () => {
  await instance?.close();
  await app?.close();
});

describe("publish options", () => {
  it("refuses options the network does not take with a 400 naming the field, on review and on schedule", async () => {
    const bad = await call("PATCH", `/api/v1/growth/items/${items.mastodon}`, { publishOptions: { visibility: "secret" } });
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe("invalid_request");
    expect(bad.text).toContain("publishOptions.visibility");

    const unknown = await executeOperation(
      operations.scheduleItem,
      { params: { itemId: items.mastodon }, body: { publishOptions: { subreddit: "x" } } },
      owner,
    ).catch((error: unknown) => error);
    expect(unknown).toMatchObject({ code: "invalid_request", message: expect.stringContaining("publishOptions") });

    // Bluesky takes none.
    const none = await call("PATCH", `/api/v1/growth/items/${items.bluesky}`, { publishOptions: { visibility: "unlisted" } });
    expect(none.status).toBe(400);
    expect(none.text).toContain("takes no options");
  });

  it("keeps good options on the item and hands them to the network when the post goes out", async () => {
    const set = await call("PATCH", `/api/v1/growth/items/${items.mastodon}`, {
      status: "approved",
      publishOptions: { visibility: "unlisted", contentWarning: "launch news" },
    });
    expect(set.status).toBe(200);
    expect(set.json.item.publication.options).toEqual({ visibility: "unlisted", contentWarning: "launch news" });

    expect((await call("POST", `/api/v1/growth/items/${items.mastodon}/publish`)).status).toBe(202);
    await tick(new Date(Date.now() + 1000));
    const [status] = instance.statuses();
    expect(status).toMatchObject({ visibility: "unlisted", spoilerText: "launch news" });
  });
});
