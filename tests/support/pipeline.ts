import { expect } from "vitest";
import { agentTypes } from "@/lib/schemas/project";
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
