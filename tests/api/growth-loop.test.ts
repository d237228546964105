import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { channelRules, countAs } from "@/lib/channels";
import { accounts } from "@/lib/db/schema";
import type { Channel } from "@/lib/schemas/growth";
import { authenticatedCall } from "../support/calls";
import { sampleProject } from "../support/founder";
import { appWithLaunchedProject } from "../support/pipeline";
import { setPlan } from "../support/plans";
import type { TestApp } from "../support/test-app";

let app: TestApp;
let key: string;
let projectId: string;

beforeAll(async () => {
  ({ app, key, projectId } = await appWithLaunchedProject("pro"));
});
afterAll(() => app.close());

const call = authenticatedCall(() => ({ app, key }));
type Item = {
  id: string;
  channel: Channel;
  title: string;
  angle: string;
  status: string;
  draft: { body: string; parts: string[]; title: string | null } | null;
};

function expectWithinLimits(item: Item) {
  const rule = channelRules[item.channel];
  for (const part of item.draft!.parts)
    expect(countAs(rule.unit, part), `${item.channel}: ${part}`).toBeLessThanOrEqual(rule.bodyLimit);
  if (rule.titleLimit && item.draft!.title) expect(item.draft!.title.length).toBeLessThanOrEqual(rule.titleLimit);
}

describe("the weekly growth loop over HTTP (offline engine)", () => {
  it("runs two full weeks, and week two's plan reflects week one's grades", async () => {
    // Planning needs the growth phase.
    const early = await call("POST", `/api/v1/projects/${projectId}/growth/cycles`);
    expect([early.status, early.json.code]).toEqual([409, "growth_not_started"]);
    const started = await call("POST", `/api/v1/projects/${projectId}/growth/start`);
    expect(started.json.project.status).toBe("growth");
    expect((await call("POST", `/api/v1/projects/${projectId}/growth/start`)).json.project.status).toBe("growth");

    // Week 1: plan.
    const planned = await call("POST", `/api/v1/projects/${projectId}/growth/cycles`);
    expect(planned.status).toBe(200);
    const week1 = planned.json.cycle;
    expect(week1).toMatchObject({ weekNumber: 1, status: "planned", items: [], tasks: [], usage: { model: "offline" } });
    expect(week1.weekStart).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(new Date(`${week1.weekStart}T00:00:00Z`).getUTCDay()).toBe(1);
    const proposed = week1.plan;
    expect(proposed.contentPlan.map((entry: { channel: string }) => entry.channel).sort()).toEqual([
      "instagram",
      "linkedin",
      "newsletter",
      "reddit",
      "x",
    ]);
    expect(proposed.founderTasks.length).toBeGreaterThanOrEqual(2);
    expect((await call("POST", `/api/v1/projects/${projectId}/growth/cycles`)).json.code).toBe("cycle_open");

    // Approve with an edited plan: a new theme and an extra Bluesky post.
    const edited = {
      ...proposed,
      weekTheme: "Launch week, our way",
      contentPlan: [
        ...proposed.contentPlan,
        {
          channel: "bluesky",
          count: 1,
          items: [
            {
              slug: "bsky-hello",
              title: "Hello Bluesky",
              angle: "Say hi and share the why",
              keyMessage: "We built Tidybooks for freelancers",
              suggestedDay: "Wed",
            },
          ],
        },
      ],
    };
    const approved = await call("POST", `/api/v1/growth/cycles/${week1.id}/approve`, { plan: edited });
    expect(approved.status).toBe(200);
    expect(approved.json.cycle).toMatchObject({ status: "approved", plan: { weekTheme: "Launch week, our way" } });
    const items: Item[] = approved.json.cycle.items;
    expect(items.map((item) => item.channel)).toContain("bluesky");
    expect(items.every((item) => item.status === "planned")).toBe(true);
    expect(approved.json.cycle.tasks.every((task: { status: string }) => task.status === "open")).toBe(true);
    expect((await call("POST", `/api/v1/growth/cycles/${week1.id}/approve`)).json.code).toBe("cycle_state");

    // Generate a draft for every channel in the plan; regenerate one with feedback.
    const drafted: Item[] = [];
    for (const item of items) {
      const generated = await call("POST", `/api/v1/growth/items/${item.id}/generate`);
      expect(generated.status, generated.text).toBe(200);
      expect(generated.json.item).toMatchObject({ status: "draft", draft: { model: "offline", channel: item.channel } });
      expectWithinLimits(generated.json.item);
      drafted.push(generated.json.item);
    }
    const linkedin = drafted.find((item) => item.channel === "linkedin")!;
    const shorter = await call("POST", `/api/v1/growth/items/${linkedin.id}/generate`, { feedback: "shorter and more casual" });
    expect(shorter.json.item.previousDrafts).toHaveLength(1);
    expect(shorter.json.item.draft.feedback).toBe("shorter and more casual");
    expect(shorter.json.item.draft.body.length).toBeLessThan(linkedin.draft!.body.length);
    expectWithinLimits(shorter.json.item);
    // Two regenerations at once are one job: the second joins the first, one call is counted, both answer the same draft.
    const callsSoFar: number = shorter.json.item.usage.calls;
    const both = await Promise.all([1, 2].map(() => call("POST", `/api/v1/growth/items/${linkedin.id}/generate`)));
    expect(both.map((response) => response.status)).toEqual([200, 200]);
    expect(both.map((response) => response.json.item.usage.calls as number)).toEqual([callsSoFar + 1, callsSoFar + 1]);
    expect(both[1]!.json.item.draft).toEqual(both[0]!.json.item.draft);

    // Every allowed and refused transition, on real items.
    const [a, b, c, d] = drafted.map((item) => item.id);
    const review = (id: string, status: string) => call("PATCH", `/api/v1/growth/items/${id}`, { status });
    expect((await review(a!, "approved")).json.item.status).toBe("approved");
    expect((await review(a!, "approved")).status).toBe(200);
    expect((await review(a!, "draft")).json.item.status).toBe("draft");
    expect((await review(a!, "planned")).json.item.status).toBe("planned");
    expect((await review(a!, "draft")).json.code).toBe("invalid_transition");
    expect((await review(a!, "skipped")).json.item.status).toBe("skipped");
    expect((await review(a!, "approved")).json.code).toBe("invalid_transition");
    expect((await call("POST", `/api/v1/growth/items/${a}/generate`)).json.code).toBe("invalid_transition");
    expect((await review(a!, "planned")).json.item.status).toBe("planned");
    expect((await review(b!, "published")).json.code).toBe("invalid_transition");
    expect((await review(b!, "approved")).json.item.status).toBe("approved");
    expect((await call("POST", `/api/v1/growth/items/${b}/generate`)).json.code).toBe("invalid_transition");
    const published = await call("PATCH", `/api/v1/growth/items/${b}`, {
      status: "published",
      resultNote: "Posted Tuesday 9:00",
    });
    expect(published.json.item).toMatchObject({ status: "published", resultNote: "Posted Tuesday 9:00" });
    for (const status of ["draft", "approved", "skipped", "planned"])
      expect((await review(b!, status)).json.code).toBe("invalid_transition");
    expect((await review(c!, "approved")).status).toBe(200);
    expect((await review(c!, "skipped")).json.item.status).toBe("skipped");
    expect((await review(d!, "approved")).status).toBe(200);

    // Tasks: any state to any.
    const [task] = approved.json.cycle.tasks;
    for (const status of ["done", "open", "skipped", "done"]) {
      expect((await call("PATCH", `/api/v1/growth/tasks/${task.id}`, { status })).json.task.status).toBe(status);
    }

    // Retro: grades land on items; the cycle closes; the playbook learns.
    const x = drafted.find((item) => item.channel === "x")!;
    const reddit = drafted.find((item) => item.channel === "reddit")!;
    // What went out is what the founder said they posted: LinkedIn and X go out first, whatever state they are in now.
    const statusNow = new Map<string, string>(drafted.map((item) => [item.id, "draft"]));
    for (const [id, status] of [
      [a, "planned"],
      [b, "published"],
      [c, "skipped"],
      [d, "approved"],
    ] as const)
      statusNow.set(id!, status);
    const putOut = async (id: string) => {
      if (statusNow.get(id) === "published") return;
      if (statusNow.get(id) === "skipped") await review(id, "planned");
      if (statusNow.get(id) === "skipped" || statusNow.get(id) === "planned")
        await call("POST", `/api/v1/growth/items/${id}/generate`);
      if (statusNow.get(id) !== "approved") expect((await review(id, "approved")).status).toBe(200);
      expect((await review(id, "published")).json.item.status).toBe("published");
      statusNow.set(id, "published");
    };
    await putOut(linkedin.id);
    await putOut(x.id);
    // A draft never approved, sent as "published · great" (the old dashboard did): it did not go out, so it is skipped.
    const unsent = drafted.find((item) => statusNow.get(item.id) === "draft" && item.id !== reddit.id)!;
    // A post that went out stays published whatever the entry says.
    const sent = [b!].find((id) => id !== linkedin.id && id !== x.id && id !== reddit.id);
    const foreign = await call("POST", `/api/v1/growth/cycles/${week1.id}/retro`, {
      overall: "x",
      items: [{ itemId: crypto.randomUUID(), result: "published" }],
    });
    expect([foreign.status, foreign.json.issues[0].path]).toEqual([400, "items.0.itemId"]);
    const retro = await call("POST", `/api/v1/growth/cycles/${week1.id}/retro`, {
      overall: "LinkedIn carried the week; X was crickets.",
      items: [
        { itemId: linkedin.id, result: "published", grade: "great", note: "40 comments" },
        { itemId: x.id, result: "published", grade: "quiet", note: "2 likes" },
        { itemId: reddit.id, result: "skipped" },
        { itemId: unsent.id, result: "published", grade: "great", note: "never approved" },
        ...(sent ? [{ itemId: sent, result: "skipped" }] : []),
      ],
    });
    expect(retro.status).toBe(200);
    expect(retro.json.cycle.status).toBe("closed");
    const byId = new Map(retro.json.cycle.items.map((item: { id: string }) => [item.id, item]));
    expect(byId.get(linkedin.id)).toMatchObject({
      status: "published",
      result: "published",
      grade: "great",
      resultNote: "40 comments",
    });
    expect(byId.get(x.id)).toMatchObject({ grade: "quiet" });
    expect(byId.get(reddit.id)).toMatchObject({ status: "skipped", result: "skipped" });
    expect(byId.get(unsent.id)).toMatchObject({
      status: "skipped",
      result: "skipped",
      grade: null,
      resultNote: "never approved",
    });
    if (sent) expect(byId.get(sent)).toMatchObject({ status: "published", result: "published" });
    expect(retro.json.cycle.retro.items).toContainEqual({ itemId: unsent.id, result: "skipped", note: "never approved" });
    expect((await call("POST", `/api/v1/growth/cycles/${week1.id}/retro`, { overall: "again" })).json.code).toBe("cycle_state");
    expect((await review(d!, "published")).json.code).toBe("cycle_state");
    const playbook = (await call("GET", `/api/v1/projects/${projectId}/brain`)).json.playbook;
    expect(playbook.learnings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "worked", text: expect.stringContaining("40 comments") }),
        expect.objectContaining({ kind: "quiet", text: expect.stringContaining("X") }),
        expect.objectContaining({ kind: "founder-note", text: expect.stringContaining("LinkedIn carried the week") }),
      ]),
    );
    // The playbook's text names kinds and dates in words: no slugs, no ISO dates.
    expect(playbook.markdown).toMatch(/- [A-Z][a-z]+ \d{1,2}, \d{4} · Worked: LinkedIn "/);
    expect(playbook.markdown).not.toMatch(/\d{4}-\d{2}-\d{2}|\((worked|quiet|founder-note|founder-edit)\)/);
    // The playbook learns only from what went out.
    expect(playbook.learnings.some((learning: { text: string }) => learning.text.includes(unsent.title))).toBe(false);

    // Week 2: the plan follows the grades.
    const week2 = (await call("POST", `/api/v1/projects/${projectId}/growth/cycles`)).json.cycle;
    expect(week2.weekNumber).toBe(2);
    expect(Date.parse(week2.weekStart) - Date.parse(week1.weekStart)).toBeGreaterThanOrEqual(7 * 86_400_000);
    const entry = (channel: string) => week2.plan.contentPlan.find((planned: { channel: string }) => planned.channel === channel);
    expect(entry("linkedin").count).toBe(2);
    // More of what worked (the same angle, noted why), a new angle for what was quiet, skipped work planned again.
    expect(entry("linkedin").items[0]).toMatchObject({ angle: linkedin.angle, notes: expect.stringContaining("graded great") });
    expect(entry("x").items[0].angle).not.toBe(x.angle);
    expect(entry("x").items[0].notes).toContain("was quiet");
    expect(entry("reddit").items[0]).toMatchObject({ title: reddit.title, notes: expect.stringContaining("planned again") });
    // The theme says what the week is about; its title ("Week 2: …") says the number once.
    expect(week2.plan.weekTheme).toBeTruthy();
    expect(week2.plan.weekTheme).not.toMatch(/Week 2/);
    expect(week2.plan.rationale).toMatch(/Budget: 5 hours a week give 6 pieces/);
    expect(week2.plan.rationale).toContain("LinkedIn carried the week");
    expect(week2.plan.rationale).toContain("graded great");

    // Week 2 runs too: approve as proposed, draft, close.
    const approved2 = await call("POST", `/api/v1/growth/cycles/${week2.id}/approve`);
    expect(approved2.json.cycle.status).toBe("approved");
    for (const item of approved2.json.cycle.items) {
      const generated = await call("POST", `/api/v1/growth/items/${item.id}/generate`);
      expectWithinLimits(generated.json.item);
    }
    const closed2 = await call("POST", `/api/v1/growth/cycles/${week2.id}/retro`, { overall: "Steady." });
    expect(closed2.json.cycle.status).toBe("closed");
    const cycles = await call("GET", `/api/v1/projects/${projectId}/growth/cycles`);
    expect(cycles.json.cycles.map((cycle: { weekNumber: number }) => cycle.weekNumber)).toEqual([2, 1]);
  });
});

describe("growth gates and refusals", () => {
  it("free plans get 402 growth (starting as planning); a project still in its pipeline gets 409 pipeline_incomplete", async () => {
    const free = await app.signUpWithKey();
    await setPlan(app.db, free.email, "free");
    const created = await app.request("POST", "/api/v1/projects", { key: free.key, body: sampleProject });
    const start = await app.request("POST", `/api/v1/projects/${created.json.project.id}/growth/start`, { key: free.key });
    expect([start.status, start.json.code, start.json.feature]).toEqual([402, "upgrade_required", "growth"]);
    const strangers = await app.request("POST", `/api/v1/projects/${projectId}/growth/start`, { key: free.key });
    expect([strangers.status, strangers.json.code]).toEqual([404, "not_found"]);
    const plan = await app.request("POST", `/api/v1/projects/${created.json.project.id}/growth/cycles`, { key: free.key });
    expect(plan.status).toBe(402);
    expect(plan.json).toMatchObject({ code: "upgrade_required", feature: "growth" });

    const pro = await app.signUpWithKey();
    await setPlan(app.db, pro.email, "pro");
    const mine = await app.request("POST", "/api/v1/projects", { key: pro.key, body: sampleProject });
    const early = await app.request("POST", `/api/v1/projects/${mine.json.project.id}/growth/start`, { key: pro.key });
    expect([early.status, early.json.code]).toEqual([409, "pipeline_incomplete"]);
  });

  it("another account's cycles, items and tasks are 404", async () => {
    const { json } = await call("GET", `/api/v1/projects/${projectId}/growth/cycles`);
    const cycle = json.cycles[0];
    const stranger = await app.signUpWithKey();
    await setPlan(app.db, stranger.email, "studio");
    const attempts = await Promise.all([
      app.request("GET", `/api/v1/projects/${projectId}/growth/cycles`, { key: stranger.key }),
      app.request("POST", `/api/v1/projects/${projectId}/growth/start`, { key: stranger.key }),
      app.request("POST", `/api/v1/growth/cycles/${cycle.id}/approve`, { key: stranger.key }),
      app.request("POST", `/api/v1/growth/cycles/${cycle.id}/retro`, { key: stranger.key, body: { overall: "" } }),
      app.request("POST", `/api/v1/growth/items/${cycle.items[0].id}/generate`, { key: stranger.key }),
      app.request("PATCH", `/api/v1/growth/items/${cycle.items[0].id}`, { key: stranger.key, body: { status: "skipped" } }),
      app.request("PATCH", `/api/v1/growth/tasks/${cycle.tasks[0].id}`, { key: stranger.key, body: { status: "done" } }),
    ]);
    for (const response of attempts) expect([response.status, response.json.code]).toEqual([404, "not_found"]);
  });

  it.each([
    [
      "approval: weekTheme over 200",
      "approve",
      { plan: { weekTheme: "t".repeat(201), rationale: "", contentPlan: [], founderTasks: [] } },
    ],
    [
      "approval: an unknown channel",
      "approve",
      { plan: { weekTheme: "t", rationale: "", contentPlan: [{ channel: "myspace", count: 0, items: [] }], founderTasks: [] } },
    ],
    [
      "approval: 11 founder tasks",
      "approve",
      {
        plan: {
          weekTheme: "t",
          rationale: "",
          contentPlan: [],
          founderTasks: Array(11).fill({ title: "t", description: "", category: "", effort: "" }),
        },
      },
    ],
    [
      "approval: an unknown property",
      "approve",
      { plan: { weekTheme: "t", rationale: "", contentPlan: [], founderTasks: [], budget: 1 } },
    ],
    ["retro: overall over 3000", "retro", { overall: "o".repeat(3001) }],
    [
      "retro: 51 entries",
      "retro",
      { overall: "", items: Array(51).fill({ itemId: "3f2b7c9e-1a4d-4e8f-9b0c-2d5e6f7a8b9c", result: "published" }) },
    ],
    [
      "retro: a bad grade",
      "retro",
      { overall: "", items: [{ itemId: "3f2b7c9e-1a4d-4e8f-9b0c-2d5e6f7a8b9c", result: "published", grade: "meh" }] },
    ],
  ])("refuses %s with 400", async (_label, action, body) => {
    const { json } = await call("GET", `/api/v1/projects/${projectId}/growth/cycles`);
    const response = await call("POST", `/api/v1/growth/cycles/${json.cycles[0].id}/${action}`, body);
    expect([response.status, response.json.code]).toEqual([400, "invalid_request"]);
  });

  it.each([
    ["an unknown status", "items", { status: "archived" }],
    ["a result note over 1000", "items", { status: "skipped", resultNote: "n".repeat(1001) }],
    ["feedback over 1000", "generate", { feedback: "f".repeat(1001) }],
    ["an unknown task status", "tasks", { status: "closed" }],
  ])("refuses %s with 400", async (_label, kind, body) => {
    const { json } = await call("GET", `/api/v1/projects/${projectId}/growth/cycles`);
    const cycle = json.cycles[0];
    const path =
      kind === "tasks"
        ? `/api/v1/growth/tasks/${cycle.tasks[0].id}`
        : kind === "generate"
          ? `/api/v1/growth/items/${cycle.items[0].id}/generate`
          : `/api/v1/growth/items/${cycle.items[0].id}`;
    const response = await call(kind === "generate" ? "POST" : "PATCH", path, body);
    expect([response.status, response.json.code]).toEqual([400, "invalid_request"]);
  });

  it("a plan that ended stops approving, drafting and publishing; the week can still be reviewed and unscheduled", async () => {
    const [account] = await app.db
      .select()
      .from(accounts)
      .where(eq(accounts.id, (await call("GET", "/api/v1/me")).json.account.id));
    const planned = (await call("POST", `/api/v1/projects/${projectId}/growth/cycles`)).json.cycle;
    await setPlan(app.db, account!.email, "free");
    const refusedApproval = await call("POST", `/api/v1/growth/cycles/${planned.id}/approve`);
    expect([refusedApproval.status, refusedApproval.json.feature]).toEqual([402, "growth"]);

    await setPlan(app.db, account!.email, "pro");
    const [item] = (await call("POST", `/api/v1/growth/cycles/${planned.id}/approve`)).json.cycle.items as Item[];
    expect((await call("POST", `/api/v1/growth/items/${item!.id}/generate`)).status).toBe(200);
    await setPlan(app.db, account!.email, "free");
    for (const refused of [
      await call("POST", `/api/v1/growth/items/${item!.id}/generate`, { feedback: "Shorter." }),
      await call("POST", `/api/v1/growth/items/${item!.id}/publish`),
      await call("PATCH", `/api/v1/growth/items/${item!.id}`, { scheduledAt: new Date(Date.now() + 86_400_000).toISOString() }),
    ])
      expect([refused.status, refused.json.code]).toEqual([402, "upgrade_required"]);
    const approved = await call("PATCH", `/api/v1/growth/items/${item!.id}`, { status: "approved" });
    expect(approved.json.item).toMatchObject({ status: "approved", publication: null });
    expect((await call("PATCH", `/api/v1/growth/items/${item!.id}`, { scheduledAt: null })).status).toBe(200);
    await setPlan(app.db, account!.email, "pro");
  });
});
