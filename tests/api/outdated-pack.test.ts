import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServiceContext } from "@/lib/core/context";
import { accounts } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { getLaunchFreshness, refreshOutdatedStep } from "@/lib/operations/dashboard";
import { executeOperation } from "@/lib/operations/execute";
import { type AgentType, agentTypes } from "@/lib/schemas/project";
import { appWithLaunchedProject } from "../support/pipeline";
import type { TestApp } from "../support/test-app";

// A pack made before a later decision change says so, and refreshes through an operation.

let app: TestApp;
let key: string;
let projectId: string;

beforeAll(async () => {
  ({ app, key, projectId } = await appWithLaunchedProject("pro"));
});
afterAll(() => app.close());

async function founderSession(): Promise<ServiceContext> {
  const me = await app.request("GET", "/api/v1/me", { key });
  const [account] = await app.db.select().from(accounts).where(eq(accounts.id, me.json.account.id));
  return {
    requestId: crypto.randomUUID(),
    db: app.db,
    now: new Date(),
    clientIp: "203.0.113.20",
    account: account!,
    principal: { kind: "session", sessionId: crypto.randomUUID() },
  };
}

const freshness = async () => executeOperation(getLaunchFreshness, { params: { id: projectId } }, await founderSession());
const refresh = async () => executeOperation(refreshOutdatedStep, { params: { id: projectId } }, await founderSession());
const packItems = async () =>
  (await app.request("GET", `/api/v1/projects/${projectId}/content`, { key })).json.items as {
    id: string;
    agentType: string;
  }[];

describe("an out-of-date launch pack", () => {
  it("is up to date after the launch, and after a decision sent again unchanged", async () => {
    expect(await freshness()).toEqual({ decisionsChangedAt: null, outdatedSteps: [] });
    const decisions = (await app.request("GET", `/api/v1/projects/${projectId}`, { key })).json.project.decisions;
    const same = await app.request("PATCH", `/api/v1/projects/${projectId}/decisions`, {
      key,
      body: { tagline: decisions.tagline },
    });
    expect(same.status, same.text).toBe(200);
    expect(await freshness()).toEqual({ decisionsChangedAt: null, outdatedSteps: [] });
  });

  it("names every step drafted before a changed decision, and refreshing drafts each again in place of the old", async () => {
    const before = await packItems();
    const changed = await app.request("PATCH", `/api/v1/projects/${projectId}/decisions`, {
      key,
      body: { brandName: "Ledgerly" },
    });
    expect(changed.status, changed.text).toBe(200);
    const outdated = await freshness();
    expect(outdated.decisionsChangedAt).not.toBeNull();
    expect(outdated.outdatedSteps).toEqual([...agentTypes]);

    // Two tabs at once: no step is drafted twice. The second finds the first's run going (told
    // so), or, when the first has already finished, refreshes the next outdated step.
    const racing = await Promise.allSettled([refresh(), refresh()]);
    const refreshed = racing.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
    const refused = racing.flatMap((result) => (result.status === "rejected" ? [result.reason] : []));
    const steps = refreshed
      .map((result) => result.refreshed as AgentType)
      .sort((a, b) => agentTypes.indexOf(a) - agentTypes.indexOf(b));
    expect(steps).toContain("market-strategist");
    expect(steps).toEqual(agentTypes.slice(0, steps.length));
    expect(refused.map((error) => (error instanceof AppError ? error.code : String(error)))).toEqual(
      steps.length === 1 ? ["agent_running"] : [],
    );
    for (const result of refreshed) expect(result).toMatchObject({ status: "approved", error: null });

    for (const step of agentTypes.slice(steps.length)) expect((await refresh()).refreshed).toBe(step);
    expect(await refresh(), "nothing left: a no-op").toEqual({ refreshed: null, status: null, error: null, outdatedSteps: [] });
    expect((await freshness()).outdatedSteps).toEqual([]);

    // The pack holds the new drafts only: as many items per step, none of the old ones.
    const after = await packItems();
    const perStep = (items: { agentType: string }[]) =>
      Object.fromEntries(agentTypes.map((step) => [step, items.filter((item) => item.agentType === step).length]));
    expect(perStep(after)).toEqual(perStep(before));
    const oldIds = new Set(before.map((item) => item.id));
    expect(after.some((item) => oldIds.has(item.id))).toBe(false);
    const project = (await app.request("GET", `/api/v1/projects/${projectId}`, { key })).json.project;
    expect(project.status).toBe("launch_ready");
    expect(project.pipeline.steps.every((step: { status: string }) => step.status === "approved")).toBe(true);
  });

  it("after a changed tagline, names only the steps that read it", async () => {
    const changed = await app.request("PATCH", `/api/v1/projects/${projectId}/decisions`, {
      key,
      body: { tagline: "Invoices that chase themselves." },
    });
    expect(changed.status, changed.text).toBe(200);
    expect((await freshness()).outdatedSteps).toEqual(["launch-strategist", "website-copy", "launch-assets"]);
    const palette = await app.request("PATCH", `/api/v1/projects/${projectId}/decisions`, {
      key,
      body: { colorPalette: "Deep green and cream" },
    });
    expect(palette.status, palette.text).toBe(200);
    expect((await freshness()).outdatedSteps).toEqual(["brand-architect", "launch-strategist", "website-copy", "launch-assets"]);
  });
});
