import { and, asc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import { agents } from "@/lib/agents";
import type { Database } from "@/lib/db";
import { agentRuns, contentItems, projects } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import type { AuthenticatedContext, FileResult } from "@/lib/operations/operation";
import type { contentEditRequest } from "@/lib/schemas/content";
import { agentTypes, type AgentType } from "@/lib/schemas/project";
import { withLearnings, type Learning } from "./playbook";
import { getOwnedProject } from "./projects";

type ContentRecord = typeof contentItems.$inferSelect;

export function serializeContentItem(item: ContentRecord, runStatus: string) {
  return {
    id: item.id,
    projectId: item.projectId,
    runId: item.runId,
    agentType: item.agentType as AgentType,
    kind: item.kind,
    title: item.title,
    body: item.body,
    source: item.source,
    awaitingReview: runStatus === "completed",
    editedByFounder: item.editedByFounderAt !== null,
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
  };
}
export type ContentItem = ReturnType<typeof serializeContentItem>;

/**
 * A project's content in pipeline order: the launch pack (items of approved runs) and,
 * unless `approvedOnly`, the items of a completed run still waiting for review.
 */
export async function projectContent(db: Database, projectId: string, { approvedOnly = false } = {}): Promise<ContentItem[]> {
  const rows = await db
    .select({ item: contentItems, runStatus: agentRuns.status })
    .from(contentItems)
    .innerJoin(agentRuns, eq(agentRuns.id, contentItems.runId))
    .where(and(eq(contentItems.projectId, projectId), inArray(agentRuns.status, approvedOnly ? ["approved"] : ["approved", "completed"])))
    .orderBy(asc(contentItems.position));
  const step = (agentType: string) => agentTypes.indexOf(agentType as AgentType);
  return rows
    .sort((a, b) => step(a.item.agentType) - step(b.item.agentType) || a.item.position - b.item.position)
    .map((row) => serializeContentItem(row.item, row.runStatus));
}

/** The content grouped by pipeline step, as the exports show it. */
export function groupByStep(items: ContentItem[]) {
  return agentTypes
    .map((agentType) => ({ agentType, title: agents[agentType].title, items: items.filter((item) => item.agentType === agentType) }))
    .filter((section) => section.items.length > 0);
}

export async function listContent(ctx: AuthenticatedContext, projectId: string) {
  const project = await getOwnedProject(ctx.db, ctx.account.id, projectId);
  return { items: await projectContent(ctx.db, project.id) };
}

async function getOwnedItem(db: Database, accountId: string, itemId: string) {
  const [found] = await db
    .select({ item: contentItems, runStatus: agentRuns.status, project: projects })
    .from(contentItems)
    .innerJoin(projects, eq(projects.id, contentItems.projectId))
    .innerJoin(agentRuns, eq(agentRuns.id, contentItems.runId))
    .where(and(eq(contentItems.id, itemId), eq(projects.accountId, accountId)));
  if (!found) throw new AppError("not_found", "Content item not found.");
  return found;
}

/**
 * Saves the founder's edit. Edits stay when later steps run, and the playbook records
 * that the founder rewrote this piece, so later drafts can learn from it.
 */
export async function editContent(ctx: AuthenticatedContext, itemId: string, edit: z.infer<typeof contentEditRequest>) {
  const found = await getOwnedItem(ctx.db, ctx.account.id, itemId);
  const updated = await ctx.db.transaction(async (tx) => {
    const [item] = await tx
      .update(contentItems)
      .set({ body: edit.body, ...(edit.title !== undefined && { title: edit.title }), editedByFounderAt: ctx.now, updatedAt: ctx.now })
      .where(eq(contentItems.id, itemId))
      .returning();
    const learning: Learning = {
      date: ctx.now.toISOString().slice(0, 10),
      kind: "founder-edit",
      text: `The founder rewrote "${item!.title}" (${item!.kind}); prefer their wording: ${item!.body.slice(0, 280)}`,
    };
    // One learning per item: a newer edit replaces the older note about it.
    const others = ((found.project.learnings as Learning[]) ?? []).filter((entry) => !entry.text.includes(`"${found.item.title}" (${found.item.kind})`));
    await tx.update(projects).set({ learnings: withLearnings(others, [learning]), updatedAt: ctx.now }).where(eq(projects.id, found.project.id));
    return item!;
  });
  return { item: serializeContentItem(updated, found.runStatus) };
}

/** A safe, readable file name from a title. */
export function fileNameOf(title: string, extension: string): string {
  const base = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
  return `${base || "launch-pack"}.${extension}`;
}

export const itemMarkdown = (item: Pick<ContentItem, "title" | "body">) => `# ${item.title}\n\n${item.body.trim()}\n`;

export async function downloadContent(ctx: AuthenticatedContext, itemId: string): Promise<FileResult> {
  const { item } = await getOwnedItem(ctx.db, ctx.account.id, itemId);
  return { body: itemMarkdown(item), contentType: "text/markdown; charset=utf-8", filename: fileNameOf(item.title, "md") };
}
