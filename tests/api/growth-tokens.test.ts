import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reloadConfig } from "@/lib/config";
import { authenticatedCall } from "../support/calls";
import { promptText, startFakeOpenAI, tokensOf } from "../support/fake-openai";
import { sampleOnboarding } from "../support/founder";
import { launchReadyProject } from "../support/pipeline";
import { setPlan } from "../support/plans";
import { createTestApp, type TestApp } from "../support/test-app";

let app: TestApp;
let key: string;
let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;
const modelEnv = ["OPENAI_API_KEY", "OPENAI_BASE_URL", "AI_MODEL", "AI_MODEL_DRAFTS"];

beforeAll(async () => {
  fake = await startFakeOpenAI({ countTokens: true });
  app = await createTestApp();
  const founder = await app.signUpWithKey();
  await setPlan(app.db, founder.email, "studio");
  key = founder.key;
});
afterAll(async () => {
  for (const name of modelEnv) delete process.env[name];
  reloadConfig();
  await app.close();
  await fake.close();
});

const call = authenticatedCall(() => ({ app, key }));

interface PlannedItem {
  title: string;
  angle: string;
  keyMessage: string;
  cta?: string;
  suggestedDay: string;
  notes?: string;
}
interface Plan {
  weekTheme: string;
  rationale: string;
  contentPlan: { channel: string; audienceRationale?: string; items: PlannedItem[] }[];
  founderTasks: { title: string; description: string; category: string; effort: string; suggestedDay?: string }[];
  skipped: { what: string; why: string }[];
}

/** A stored plan as the planner model answers it (strict structured output: nullable, never missing). */
const asModelAnswer = (plan: Plan) => ({
  weekTheme: plan.weekTheme,
  rationale: plan.rationale,
  contentPlan: plan.contentPlan.map((entry) => ({
    channel: entry.channel,
    audienceRationale: entry.audienceRationale ?? null,
    items: entry.items.map((item) => ({
      title: item.title,
      angle: item.angle,
      keyMessage: item.keyMessage,
      cta: item.cta ?? null,
      suggestedDay: item.suggestedDay,
      notes: item.notes ?? null,
    })),
  })),
  founderTasks: plan.founderTasks.map((task) => ({ ...task, suggestedDay: task.suggestedDay ?? null })),
  skipped: plan.skipped,
});

const grades = ["great", "quiet", "ok"] as const;
const notes = ["31 replies and four trial sign-ups", "two likes, nobody clicked", "a few saves, one question in the DMs"];

/** Plans, approves, drafts and grades one week offline, every item with a note, the way a diligent founder does. */
async function liveWeek(projectId: string, weekNumber: number) {
  const planned = await call("POST", `/api/v1/projects/${projectId}/growth/cycles`);
  expect(planned.json.cycle?.weekNumber, planned.text).toBe(weekNumber);
  const approved = await call("POST", `/api/v1/growth/cycles/${planned.json.cycle.id}/approve`);
  const items: { id: string }[] = approved.json.cycle.items;
  for (const item of items) await call("POST", `/api/v1/growth/items/${item.id}/generate`);
  const retro = await call("POST", `/api/v1/growth/cycles/${planned.json.cycle.id}/retro`, {
    overall: `LinkedIn posts with a real freelancer story did best; the how-to posts on X were quiet again.`,
    items: items.map((item, index) => ({
      itemId: item.id,
      result: "published",
      grade: grades[index % grades.length],
      note: notes[index % notes.length],
    })),
  });
  expect(retro.json.cycle?.status, retro.text).toBe("closed");
  return planned.json.cycle.plan as Plan;
}

describe("a growth week on the model path", () => {
  it("costs at most 8,000 input tokens (o200k_base) for the plan and five drafts, at the context's caps", async () => {
    const projectId = await launchReadyProject(app, key);
    await call("POST", `/api/v1/projects/${projectId}/growth/start`);
    // Three graded weeks (the planner reads at most three) and then two rewritten launch pieces: every learning is new.
    let plan: Plan | undefined;
    for (const weekNumber of [1, 2, 3]) plan = await liveWeek(projectId, weekNumber);
    const content = await call("GET", `/api/v1/projects/${projectId}/content`);
    for (const item of content.json.items.slice(0, 2)) {
      const edited = await call("PATCH", `/api/v1/content/${item.id}`, {
        body: `${sampleOnboarding.founderStory} ${sampleOnboarding.whyChooseYou} Freelancers told us: "${sampleOnboarding.audienceFeedback}" Tidybooks sends the reminder for you, in your words, and matches the payment when it lands. Try it free for 30 days at https://tidybooks.example.`,
      });
      expect(edited.status, edited.text).toBe(200);
    }

    Object.assign(process.env, {
      OPENAI_API_KEY: "sk-test",
      OPENAI_BASE_URL: fake.baseUrl,
      AI_MODEL: "fake-strategy",
      AI_MODEL_DRAFTS: "fake-drafts",
    });
    reloadConfig();
    const draft = {
      title: null,
      body: "Your books reconcile themselves overnight. Start a free trial: https://tidybooks.example",
      hashtags: [],
      script: null,
    };
    fake.answer({ kind: "json", value: asModelAnswer(plan!) }, { kind: "json", value: draft });
    const week4 = await call("POST", `/api/v1/projects/${projectId}/growth/cycles`);
    expect(week4.json.cycle?.usage, week4.text).toMatchObject({ model: "fake-strategy" });
    const approved = await call("POST", `/api/v1/growth/cycles/${week4.json.cycle.id}/approve`);
    const items: { id: string; keyMessage: string }[] = approved.json.cycle.items;
    expect(items.length).toBeGreaterThanOrEqual(5);
    for (const item of items.slice(0, 5)) {
      const generated = await call("POST", `/api/v1/growth/items/${item.id}/generate`);
      expect(generated.json.item?.draft?.model, generated.text).toBe("fake-drafts");
    }

    const prompts = fake.requests.map((request) => promptText(request.body));
    expect(prompts).toHaveLength(6);
    // The plan still reads every graded week, the founder's notes and their rewrite.
    for (const said of ["31 replies and four trial sign-ups", "the how-to posts on X were quiet again", "prefer their wording"])
      expect(prompts[0]).toContain(said);
    // Each draft's prompt still names its own item and the founder's facts it is written from.
    prompts.slice(1).forEach((prompt, index) => {
      expect(prompt).toContain(JSON.stringify(items[index]!.keyMessage).slice(1, -1));
      for (const fact of [sampleOnboarding.founderStory, sampleOnboarding.audienceFeedback, sampleOnboarding.assetUrls])
        expect(prompt).toContain(fact);
    });
    const tokens = prompts.map((prompt) => tokensOf(prompt).length);
    const total = tokens.reduce((sum, count) => sum + count, 0);
    expect(total, `input tokens per call: ${tokens.join(", ")}`).toBeLessThanOrEqual(8_000);
  });
});
