import { eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import { launchPackDocx } from "@/lib/exports/docx";
import { launchPackMarkdown, loadLaunchPack } from "@/lib/exports/launch-pack";
import { launchPackPdf } from "@/lib/exports/pdf";
import { launchPackXlsx } from "@/lib/exports/xlsx";
import { agentRuns, apiKeys, contentItems, growthCycles, growthItems, growthTasks, projects, subscriptions } from "@/lib/db/schema";
import { assertCanExport } from "@/lib/limits";
import type { AuthenticatedContext, FileResult } from "@/lib/operations/operation";
import type { exportQuery } from "@/lib/schemas/content";
import { fileNameOf } from "./content";
import { getOwnedProject } from "./projects";

const mediaTypes = {
  json: "application/json",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  pdf: "application/pdf",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
} as const;

/** The launch pack in a format a founder can send: JSON, DOCX, PDF or XLSX (plans with exports). */
export async function exportLaunchPack(ctx: AuthenticatedContext, query: z.infer<typeof exportQuery>): Promise<FileResult> {
  const project = await getOwnedProject(ctx.db, ctx.account.id, query.projectId);
  assertCanExport(ctx.account);
  const pack = await loadLaunchPack(ctx.db, project, ctx.now);
  const render = {
    json: async () => `${JSON.stringify(pack, null, 2)}\n`,
    docx: () => launchPackDocx(pack),
    pdf: () => launchPackPdf(pack),
    xlsx: () => launchPackXlsx(pack),
  }[query.format];
  const body = await render();
  return { body: typeof body === "string" ? body : new Uint8Array(body), contentType: mediaTypes[query.format], filename: fileNameOf(`${pack.brand.name} launch pack`, query.format) };
}

/** Every content item of the launch pack as one Markdown document (plans with exports). */
export async function downloadAllContent(ctx: AuthenticatedContext, projectId: string): Promise<FileResult> {
  const project = await getOwnedProject(ctx.db, ctx.account.id, projectId);
  assertCanExport(ctx.account);
  const pack = await loadLaunchPack(ctx.db, project, ctx.now);
  return { body: launchPackMarkdown(pack), contentType: "text/markdown; charset=utf-8", filename: fileNameOf(`${pack.brand.name} launch pack`, "md") };
}

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** Everything the account owns, as JSON: never a secret, a hash or another account's data. */
export async function exportAccount(ctx: AuthenticatedContext): Promise<FileResult> {
  const { db, account } = ctx;
  const keys = await db.select().from(apiKeys).where(eq(apiKeys.accountId, account.id));
  const owned = await db.select().from(projects).where(eq(projects.accountId, account.id));
  const projectIds = owned.map((project) => project.id);
  const within = <T extends { projectId: unknown }>(table: T) => inArray(table.projectId as never, projectIds.length ? projectIds : ["00000000-0000-0000-0000-000000000000"]);
  const [runs, content, cycles, items, tasks, [subscription]] = await Promise.all([
    db.select().from(agentRuns).where(within(agentRuns)),
    db.select().from(contentItems).where(within(contentItems)),
    db.select().from(growthCycles).where(within(growthCycles)),
    db.select().from(growthItems).where(within(growthItems)),
    db.select().from(growthTasks).where(within(growthTasks)),
    db.select().from(subscriptions).where(eq(subscriptions.accountId, account.id)),
  ]);
  const document = {
    format: "launchloop.account-export",
    version: 1,
    exportedAt: ctx.now.toISOString(),
    account: { id: account.id, email: account.email, plan: account.plan, activated: account.activated, emailConfirmedAt: iso(account.emailConfirmedAt), createdAt: iso(account.createdAt) },
    apiKeys: keys.map((key) => ({ id: key.id, name: key.name, prefix: key.prefix, createdAt: iso(key.createdAt), lastUsedAt: iso(key.lastUsedAt), revokedAt: iso(key.revokedAt) })),
    billing: subscription
      ? { provider: subscription.provider, plan: subscription.plan, status: subscription.status, currentPeriodEnd: iso(subscription.currentPeriodEnd), cancelAtPeriodEnd: subscription.cancelAtPeriodEnd }
      : null,
    projects: owned.map((project) => ({
      id: project.id,
      name: project.name,
      status: project.status,
      onboarding: project.onboarding,
      decisions: project.decisions,
      learnings: project.learnings,
      createdAt: iso(project.createdAt),
      runs: runs
        .filter((run) => run.projectId === project.id)
        .map((run) => ({ id: run.id, agentType: run.agentType, status: run.status, feedback: run.feedback, output: run.output, error: run.error, model: run.model, inputTokens: run.inputTokens, outputTokens: run.outputTokens, startedAt: iso(run.startedAt), completedAt: iso(run.completedAt), reviewedAt: iso(run.reviewedAt) })),
      content: content
        .filter((item) => item.projectId === project.id)
        .map((item) => ({ id: item.id, runId: item.runId, agentType: item.agentType, kind: item.kind, title: item.title, body: item.body, source: item.source, editedByFounderAt: iso(item.editedByFounderAt) })),
      cycles: cycles
        .filter((cycle) => cycle.projectId === project.id)
        .map((cycle) => ({
          id: cycle.id,
          weekNumber: cycle.weekNumber,
          status: cycle.status,
          weekStart: cycle.weekStart,
          plan: cycle.plan,
          retro: cycle.retro,
          items: items.filter((item) => item.cycleId === cycle.id).map(({ projectId: _project, ...item }) => ({ ...item, createdAt: iso(item.createdAt), updatedAt: iso(item.updatedAt) })),
          tasks: tasks.filter((task) => task.cycleId === cycle.id).map(({ projectId: _project, ...task }) => ({ ...task, createdAt: iso(task.createdAt), updatedAt: iso(task.updatedAt) })),
        })),
    })),
  };
  return { body: `${JSON.stringify(document, null, 2)}\n`, contentType: "application/json", filename: `launchloop-account-${ctx.now.toISOString().slice(0, 10)}.json` };
}
