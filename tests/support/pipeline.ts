import { expect } from "vitest";
import { agentTypes } from "@/lib/schemas/project";
import { authenticatedJson } from "./calls";
import { sampleProject } from "./founder";
import { setPlan } from "./plans";
import { createTestApp, type TestApp } from "./test-app";

/** Creates, confirms and runs a project through all five steps (offline), approving each: a launch-ready project. */
export async function launchReadyProject(
  app: TestApp,
  key: string,
  project: { name: string; onboarding: Record<string, unknown> } = sampleProject,
) {
  const created = await app.request("POST", "/api/v1/projects", { key, body: project });
  expect(created.status, created.text).toBe(201);
  const projectId = created.json.project.id as string;
  await app.request("POST", `/api/v1/projects/${projectId}/confirm`, { key });
  for (const agentType of agentTypes) {
    const run = await app.request("POST", "/api/v1/agents", { key, body: { projectId, agentType } });
    expect(run.json.run?.status, run.text).toBe("completed");
    const decisions =
      agentType === "market-strategist"
        ? {
            positioning: {
              name: run.json.run.output.positioningOptions[0].name,
              statement: run.json.run.output.positioningOptions[0].statement,
            },
          }
        : agentType === "brand-architect"
          ? { tagline: run.json.run.output.taglineOptions[0], colorPalette: "Forest green and cream" }
          : undefined;
    await app.request("PATCH", "/api/v1/agents", {
      key,
      body: { runId: run.json.run.id, action: "approve", ...(decisions && { decisions }) },
    });
  }
  return projectId;
}

/** A test app with one founder on `plan` and a launch-ready project: where the suites about life after the launch start. */
export async function appWithLaunchedProject(plan: "pro" | "studio") {
  const app = await createTestApp();
  const founder = await app.signUpWithKey();
  await setPlan(app.db, founder.email, plan);
  return { app, key: founder.key, projectId: await launchReadyProject(app, founder.key) };
}

/**
 * A launch-ready project of the key's founder with its first growth week approved, and the ids
 * an operation's path can take from it: project, run, content item, cycle, growth item, task.
 */
export async function approvedFirstWeek(app: TestApp, key: string): Promise<Record<string, string>> {
  const call = authenticatedJson({ app, key });
  const project = await launchReadyProject(app, key);
  const run = (await call("GET", `/api/v1/projects/${project}`)).runs[0].id;
  const contentItem = (await call("GET", `/api/v1/projects/${project}/content`)).items[0].id;
  await call("POST", `/api/v1/projects/${project}/growth/start`);
  const cycle = (await call("POST", `/api/v1/projects/${project}/growth/cycles`)).cycle.id;
  const approved = (await call("POST", `/api/v1/growth/cycles/${cycle}/approve`)).cycle;
  return { project, run, contentItem, cycle, growthItem: approved.items[0].id, task: approved.tasks[0].id };
}
