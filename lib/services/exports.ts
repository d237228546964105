import "server-only";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { ServiceContext } from "@/lib/core/context";
import type { FileResult } from "@/lib/core/file-result";
import type { Database } from "@/lib/db";
import {
  agentRuns,
  apiKeys,
  contentItems,
  growthCycles,
  growthItems,
  growthTasks,
  projects,
  subscriptions,
} from "@/lib/db/schema";
import { type LaunchPack, launchPackMarkdown } from "@/lib/exports/launch-pack";
import { launchPackZip } from "@/lib/exports/zip";
import { cardSectionWords } from "@/lib/i18n/card-words";
import { exportHeadings } from "@/lib/i18n/phrasebook";
import { assertCanExport } from "@/lib/limits";
import type { exportQuery } from "@/lib/schemas/content";
import { type accountExportSchema, exportMediaTypes } from "@/lib/schemas/exports";
import { fileNameOf, groupByStep, projectContent } from "./content";
import { packCardsOf } from "./pack-images/pack-cards";
import { buildPlaybook } from "./playbook";
import { coverLogoOf } from "./project-logos";
import { getOwnedProject, type ProjectRecord } from "./project-records";
import { ownedRows } from "./tenant";

/**
 * Everything an export shows: the project, its decisions, the playbook and the launch
 * pack's content (items of approved runs) grouped by pipeline step.
 */
export async function loadLaunchPack(db: Database, { project, now }: { project: ProjectRecord; now: Date }): Promise<LaunchPack> {
  const [playbook, items] = await Promise.all([buildPlaybook(db, project), projectContent(db, { project, approvedOnly: true })]);
  const { steps } = exportHeadings(project.language);
  return {
    format: "launchloop.launch-pack",
    version: 1,
    generatedAt: now.toISOString(),
    project: { id: project.id, name: project.name, status: project.status, language: project.language },
    brand: { name: playbook.brand.name, tagline: playbook.brand.tagline },
    decisions: project.decisions,
    playbook,
    sections: groupByStep(items).map((section) => ({
      step: section.agentType,
      title: steps[section.agentType],
      items: section.items.map(({ id, kind, title, body, source, editedByFounder }) => ({
        id,
        kind,
        title,
        body,
        source,
        editedByFounder,
      })),
    })),
  };
}

/** The launch pack in a format a founder can send: JSON, DOCX, PDF or XLSX (plans with exports). */
export async function exportLaunchPack(ctx: ServiceContext, query: z.infer<typeof exportQuery>): Promise<FileResult> {
  const project = await getOwnedProject(ctx.db, { accountId: ctx.account.id, projectId: query.projectId });
  assertCanExport(ctx.account);
  const [loaded, logo, cards] = await Promise.all([
    loadLaunchPack(ctx.db, { project, now: ctx.now }),
    query.format === "json" ? undefined : coverLogoOf(ctx, project),
    query.format === "json" ? undefined : packCardsOf(ctx.db, project),
  ]);
  const pack = { ...loaded, logo, cards };
  const name = `${pack.brand.name} launch pack`;
  // Each format's library (PDFKit, exceljs, docx) loads when that format is first asked for,
  // not with every request the API answers.
  const render = {
    // The cover image and the cards stay out of the JSON document (they are bytes, not content).
    json: async () => `${JSON.stringify({ ...pack, logo: undefined, cards: undefined }, null, 2)}\n`,
    docx: async () => (await import("@/lib/exports/docx")).launchPackDocx(pack),
    pdf: async () => (await import("@/lib/exports/pdf")).launchPackPdf(pack),
    xlsx: async () => (await import("@/lib/exports/xlsx")).launchPackXlsx(pack),
    zip: async () => {
      const [{ launchPackDocx }, { launchPackPdf }, { launchPackXlsx }] = await Promise.all([
        import("@/lib/exports/docx"),
        import("@/lib/exports/pdf"),
        import("@/lib/exports/xlsx"),
      ]);
      const [docx, pdf, xlsx] = await Promise.all([launchPackDocx(pack), launchPackPdf(pack), launchPackXlsx(pack)]);
      const json = `${JSON.stringify({ ...pack, logo: undefined, cards: undefined }, null, 2)}\n`;
      const words = cardSectionWords(project.language);
      return launchPackZip({
        files: [
          { name: fileNameOf(name, "pdf"), body: new Uint8Array(pdf) },
          { name: fileNameOf(name, "docx"), body: new Uint8Array(docx) },
          { name: fileNameOf(name, "xlsx"), body: new Uint8Array(xlsx) },
          { name: fileNameOf(name, "md"), body: launchPackMarkdown(pack) },
          { name: fileNameOf(name, "json"), body: json },
        ],
        cards: cards?.cards ?? [],
        folder: fileNameOf(words.title, "").replace(/\.$/, ""),
        altFile: words.altFile,
      });
    },
  }[query.format];
  const body = await render();
  return {
    body: typeof body === "string" ? body : new Uint8Array(body),
    contentType: exportMediaTypes[query.format],
    filename: fileNameOf(name, query.format),
  };
}

/** Every content item of the launch pack as one Markdown document (plans with exports). */
export async function downloadAllContent(ctx: ServiceContext, input: { projectId: string }): Promise<FileResult> {
  const project = await getOwnedProject(ctx.db, { accountId: ctx.account.id, projectId: input.projectId });
  assertCanExport(ctx.account);
  const pack = await loadLaunchPack(ctx.db, { project, now: ctx.now });
  return {
    body: launchPackMarkdown(pack),
    contentType: "text/markdown; charset=utf-8",
    filename: fileNameOf(`${pack.brand.name} launch pack`, "md"),
  };
}

function iso(value: Date): string;
function iso(value: Date | null): string | null;
function iso(value: Date | null) {
  return value?.toISOString() ?? null;
}

/** Everything the account owns, as JSON: never a secret, a hash or another account's data. */
export async function exportAccount(ctx: ServiceContext): Promise<FileResult> {
  const { db, account } = ctx;
  const [keys, owned, runs, content, cycles, items, tasks, [subscription]] = await Promise.all([
    db.select().from(apiKeys).where(ownedRows(apiKeys, account.id)),
    db.select().from(projects).where(ownedRows(projects, account.id)),
    db.select().from(agentRuns).where(ownedRows(agentRuns, account.id)),
    db.select().from(contentItems).where(ownedRows(contentItems, account.id)),
    db.select().from(growthCycles).where(ownedRows(growthCycles, account.id)),
    db.select().from(growthItems).where(ownedRows(growthItems, account.id)),
    db.select().from(growthTasks).where(ownedRows(growthTasks, account.id)),
    db.select().from(subscriptions).where(eq(subscriptions.accountId, account.id)),
  ]);
  // Typed by the schema the OpenAPI document gives this file, so the two cannot part.
  const document: z.input<typeof accountExportSchema> = {
    format: "launchloop.account-export",
    version: 1,
    exportedAt: ctx.now.toISOString(),
    account: {
      id: account.id,
      email: account.email,
      plan: account.plan,
      activated: account.activated,
      emailConfirmedAt: iso(account.emailConfirmedAt),
      createdAt: iso(account.createdAt),
    },
    apiKeys: keys.map((key) => ({
      id: key.id,
      name: key.name,
      prefix: key.prefix,
      createdAt: iso(key.createdAt),
      lastUsedAt: iso(key.lastUsedAt),
      revokedAt: iso(key.revokedAt),
    })),
    billing: subscription
      ? {
          provider: subscription.provider,
          plan: subscription.plan,
          status: subscription.status,
          currentPeriodEnd: iso(subscription.currentPeriodEnd),
          cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
        }
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
        .map((run) => ({
          id: run.id,
          agentType: run.agentType,
          status: run.status,
          feedback: run.feedback,
          output: run.output,
          error: run.error,
          model: run.model,
          inputTokens: run.inputTokens,
          outputTokens: run.outputTokens,
          startedAt: iso(run.startedAt),
          completedAt: iso(run.completedAt),
          reviewedAt: iso(run.reviewedAt),
        })),
      content: content
        .filter((item) => item.projectId === project.id)
        .map((item) => ({
          id: item.id,
          runId: item.runId,
          agentType: item.agentType,
          kind: item.kind,
          title: item.title,
          body: item.body,
          source: item.source,
          editedByFounderAt: iso(item.editedByFounderAt),
        })),
      cycles: cycles
        .filter((cycle) => cycle.projectId === project.id)
        .map((cycle) => ({
          id: cycle.id,
          weekNumber: cycle.weekNumber,
          status: cycle.status,
          weekStart: cycle.weekStart,
          plan: cycle.plan,
          retro: cycle.retro,
          items: items
            .filter((item) => item.cycleId === cycle.id)
            .map(({ projectId: _project, accountId: _account, ...item }) => ({
              ...item,
              createdAt: iso(item.createdAt),
              updatedAt: iso(item.updatedAt),
            })),
          tasks: tasks
            .filter((task) => task.cycleId === cycle.id)
            .map(({ projectId: _project, accountId: _account, ...task }) => ({
              ...task,
              createdAt: iso(task.createdAt),
              updatedAt: iso(task.updatedAt),
            })),
        })),
    })),
  };
  return {
    body: `${JSON.stringify(document, null, 2)}\n`,
    contentType: "application/json",
    filename: `launchloop-account-${ctx.now.toISOString().slice(0, 10)}.json`,
  };
}
