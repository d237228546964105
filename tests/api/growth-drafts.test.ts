import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { channelRules, countAs } from "@/lib/channels";
import type { Channel } from "@/lib/schemas/growth";
import { authenticatedCall } from "../support/calls";
import { appWithLaunchedProject } from "../support/pipeline";
import type { TestApp } from "../support/test-app";

// A founder edits a growth draft by hand (PATCH /growth/items/{itemId}/draft): each post is
// checked against its channel, the status stays, and every edit (and every regeneration)
// keeps the draft it replaced in the item's history.

let app: TestApp;
let key: string;
let projectId: string;
let items: Item[];

type Draft = { body: string; parts: string[]; title: string | null; length: number; hashtags: string[]; editedAt?: string };
type Item = { id: string; channel: Channel; title: string; status: string; draft: Draft | null; previousDrafts: Draft[] };

const call = authenticatedCall(() => ({ app, key }));
const edit = (itemId: string, body: unknown, as = key) => call("PATCH", `/api/v1/growth/items/${itemId}/draft`, body, as);
const itemOf = (channel: Channel) => items.find((item) => item.channel === channel)!;

beforeAll(async () => {
  ({ app, key, projectId } = await appWithLaunchedProject("pro"));
  await call("POST", `/api/v1/projects/${projectId}/growth/start`);
  const { cycle } = (await call("POST", `/api/v1/projects/${projectId}/growth/cycles`)).json;
  const plan = {
    ...cycle.plan,
    contentPlan: [
      ...cycle.plan.contentPlan,
      {
        channel: "bluesky",
        count: 2,
        items: [
          { slug: "bsky-one", title: "Hello", angle: "Why", keyMessage: "We built it", suggestedDay: "Wed" },
          { slug: "bsky-two", title: "Later", angle: "How", keyMessage: "It works", suggestedDay: "Thu" },
        ],
      },
    ],
  };
  items = (await call("POST", `/api/v1/growth/cycles/${cycle.id}/approve`, { plan })).json.cycle.items;
  for (const item of items.filter((entry) => entry.channel !== "bluesky" || entry.id === itemOf("bluesky").id)) {
    const generated = await call("POST", `/api/v1/growth/items/${item.id}/generate`);
    expect(generated.status, generated.text).toBe(200);
    items = items.map((entry) => (entry.id === item.id ? generated.json.item : entry));
  }
}, 180_000);
afterAll(() => app.close());

describe("growth titles", () => {
  it("carry no channel prefix: the channel is a field (and a badge), not part of the title", () => {
    for (const item of items)
      expect(item.title, item.channel).not.toMatch(new RegExp(`^${channelRules[item.channel].label}\\s*:`, "i"));
  });
});

describe("editing a growth draft", () => {
  it("saves a thread part by part, keeps the status and records the replaced draft once", async () => {
    const x = itemOf("x");
    const parts = [
      "We kept losing receipts. [add: the moment you gave up on the shoebox]",
      "So we built Tidybooks.\n\n#Bookkeeping",
    ];
    const saved = await edit(x.id, { parts });
    expect(saved.status, saved.text).toBe(200);
    const item: Item = saved.json.item;
    expect(item.status).toBe("draft");
    expect(item.draft).toMatchObject({ parts, body: parts.join("\n\n"), hashtags: ["#Bookkeeping"] });
    expect(item.draft!.length).toBe(Math.max(...parts.map((part) => countAs("weighted", part))));
    expect(item.draft!.editedAt).toEqual(expect.any(String));
    expect(item.previousDrafts.map((draft) => draft.body)).toEqual([x.draft!.body]);

    // The same text again changes nothing and records nothing.
    const again: Item = (await edit(x.id, { parts })).json.item;
    expect(again.previousDrafts).toHaveLength(1);
    expect(again.draft!.editedAt).toBe(item.draft!.editedAt);
  });

  it("refuses what does not fit the channel, with an issue per post, and changes nothing", async () => {
    const x = itemOf("x");
    const before = (await edit(x.id, { body: "Before the refusals." })).json.item as Item;
    const limit = channelRules.x.bodyLimit;
    const cases: [unknown, string | undefined][] = [
      [{ parts: ["fits", "a".repeat(limit + 1)] }, "parts.1"],
      [{ body: "a".repeat(limit + 5) }, "body"],
      [{ body: "one", parts: ["two"] }, undefined],
      [{}, undefined],
      [{ body: "" }, "body"],
      [{ parts: [] }, "parts"],
      [{ body: "ok", extra: true }, undefined],
      [{ body: 42 }, "body"],
    ];
    for (const [body, path] of cases) {
      const refused = await edit(x.id, body);
      expect([refused.status, refused.json.code], JSON.stringify(body)).toEqual([400, "invalid_request"]);
      if (path) expect(refused.json.issues.map((issue: { path: string }) => issue.path)).toContain(path);
    }
    const linkedin = itemOf("linkedin");
    const thread = await edit(linkedin.id, { parts: ["LinkedIn has", "no threads"] });
    expect([thread.status, thread.json.issues?.[0]?.path]).toEqual([400, "parts"]);
    const tooLongTitle = await edit(itemOf("reddit").id, { body: "A fine post", title: "t".repeat(301) });
    expect(tooLongTitle.status).toBe(400);

    const after = (await call("GET", `/api/v1/projects/${projectId}/growth/cycles`)).json.cycles[0].items.find(
      (item: Item) => item.id === x.id,
    );
    expect(after.draft.body).toBe(before.draft!.body);
    expect(after.previousDrafts).toHaveLength(before.previousDrafts.length);
  });

  it("keeps an approved item approved (and scheduled), and refuses a published one with 409", async () => {
    const linkedin = itemOf("linkedin");
    expect((await call("PATCH", `/api/v1/growth/items/${linkedin.id}`, { status: "approved" })).json.item.status).toBe(
      "approved",
    );
    const edited = await edit(linkedin.id, { body: "Our own words, approved already." });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json.item).toMatchObject({ status: "approved", draft: { body: "Our own words, approved already." } });

    expect((await call("PATCH", `/api/v1/growth/items/${linkedin.id}`, { status: "published" })).json.item.status).toBe(
      "published",
    );
    const refused = await edit(linkedin.id, { body: "Too late" });
    expect([refused.status, refused.json.code]).toEqual([409, "invalid_transition"]);

    const planned = items.find((item) => item.status === "planned")!;
    const noDraft = await edit(planned.id, { body: "No draft yet" });
    expect([noDraft.status, noDraft.json.code]).toEqual([409, "invalid_transition"]);
  });

  it("records the edited draft when it is regenerated", async () => {
    const bluesky = itemOf("bluesky");
    const edited: Item = (await edit(bluesky.id, { parts: ["Our words for Bluesky."] })).json.item;
    const regenerated = await call("POST", `/api/v1/growth/items/${bluesky.id}/generate`, { feedback: "shorter" });
    expect(regenerated.status).toBe(200);
    const history: Draft[] = regenerated.json.item.previousDrafts;
    expect(history).toHaveLength(edited.previousDrafts.length + 1);
    expect(history.at(-1)!.body).toBe("Our words for Bluesky.");
  });

  it("is not found for another account, which changes nothing", async () => {
    const stranger = await app.signUpWithKey();
    const x = itemOf("x");
    const refused = await edit(x.id, { body: "Hijacked" }, stranger.key);
    expect([refused.status, refused.json.code]).toEqual([404, "not_found"]);
    expect(JSON.stringify((await edit(x.id, { body: "Still ours" })).json.item.draft)).not.toContain("Hijacked");
  });

  it("keeps every replaced draft under 20 concurrent edits", async () => {
    const x = itemOf("x");
    const start: Item = (await edit(x.id, { body: "Concurrency start" })).json.item;
    const bodies = Array.from({ length: 20 }, (_, index) => `Concurrent edit ${index}`);
    const answers = await Promise.all(bodies.map((body) => edit(x.id, { body })));
    expect(answers.map((answer) => answer.status)).toEqual(bodies.map(() => 200));
    const last: Item = (await edit(x.id, { body: "Concurrency end" })).json.item;
    expect(last.previousDrafts).toHaveLength(start.previousDrafts.length + 21);
    const kept = new Set(last.previousDrafts.map((draft) => draft.body));
    for (const body of bodies) expect(kept.has(body), body).toBe(true);
  });
});
