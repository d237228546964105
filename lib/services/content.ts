import "server-only";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import { agents } from "@/lib/agents";
import type { ServiceContext } from "@/lib/core/context";
import type { FileResult } from "@/lib/core/file-result";
import type { Database } from "@/lib/db";
import { agentRuns, contentItems, contentVersions, projects } from "@/lib/db/schema";
import { countBlanks, fillBlank } from "@/lib/drafts/blanks";
import { AppError } from "@/lib/errors";
import { kindLabel } from "@/lib/exports/launch-pack";
import { plainSummary } from "@/lib/exports/markdown-blocks";
import type { PageQuery } from "@/lib/schemas/common";
import type { contentEditRequest } from "@/lib/schemas/content";
import type { Learning } from "@/lib/schemas/playbook";
import { type AgentType, agentTypes } from "@/lib/schemas/project";
import { decodeCursor, isPaged, pageOf } from "./pages";
import { addLearnings } from "./playbook";
import type { ProjectRecord } from "./project-records";
import { ownedRow, ownedRows } from "./tenant";

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

type RunStatus = (typeof agentRuns.$inferSelect)["status"];
type ContentRow = { item: ContentRecord; runStatus: RunStatus };

const shownStatuses = (approvedOnly: boolean): RunStatus[] => (approvedOnly ? ["approved"] : ["approved", "completed"]);

function inPipelineOrder(rows: ContentRow[]): ContentItem[] {
  const step = (agentType: string) => agentTypes.indexOf(agentType as AgentType);
  return rows
    .sort((a, b) => step(a.item.agentType) - step(b.item.agentType) || a.item.position - b.item.position)
    .map((row) => serializeContentItem(row.item, row.runStatus));
}

/**
 * A project's content in pipeline order: the launch pack (items of approved runs) and,
 * unless `approvedOnly`, the items of a completed run still waiting for review.
 */
export async function projectContent(
  db: Database,
  { project, approvedOnly = false }: { project: Pick<ProjectRecord, "id" | "accountId">; approvedOnly?: boolean },
): Promise<ContentItem[]> {
  const rows = await db
    .select({ item: contentItems, runStatus: agentRuns.status })
    .from(contentItems)
    .innerJoin(agentRuns, and(eq(agentRuns.id, contentItems.runId), eq(agentRuns.accountId, project.accountId)))
    .where(
      ownedRows(
        contentItems,
        project.accountId,
        eq(contentItems.projectId, project.id),
        inArray(agentRuns.status, shownStatuses(approvedOnly)),
      ),
    )
    .orderBy(asc(contentItems.position));
  return inPipelineOrder(rows);
}

/**
 * The caller's project's content as `projectContent` gives it, or 404 when the project is
 * not the caller's, in one statement: the project row is joined to its items, so a project
 * with none still answers one row.
 */
async function ownedProjectContent(db: Database, accountId: string, projectId: string): Promise<ContentItem[]> {
  const rows = await db
    .select({ item: contentItems, runStatus: agentRuns.status })
    .from(projects)
    .leftJoin(contentItems, and(eq(contentItems.projectId, projects.id), eq(contentItems.accountId, projects.accountId)))
    .leftJoin(
      agentRuns,
      and(
        eq(agentRuns.id, contentItems.runId),
        eq(agentRuns.accountId, projects.accountId),
        inArray(agentRuns.status, shownStatuses(false)),
      ),
    )
    .where(ownedRow(projects, accountId, projectId));
  if (rows.length === 0) throw new AppError("not_found", "Project not found.");
  return inPipelineOrder(rows.filter((row): row is ContentRow => row.item !== null && row.runStatus !== null));
}

/** The content grouped by pipeline step, as the exports show it. */
export function groupByStep(items: ContentItem[]) {
  return agentTypes
    .map((agentType) => ({
      agentType,
      title: agents[agentType].title,
      items: items.filter((item) => item.agentType === agentType),
    }))
    .filter((section) => section.items.length > 0);
}

export async function listContent(ctx: ServiceContext, { projectId, ...query }: { projectId: string } & PageQuery) {
  const items = await ownedProjectContent(ctx.db, ctx.account.id, projectId);
  if (!isPaged(query)) return { items };
  // The cursor holds the last item's step and id: the page goes on after that item, or after its step if the item is gone.
  const step = (item: ContentItem) => agentTypes.indexOf(item.agentType);
  const after = decodeCursor(query.cursor, ["number", "string"]);
  let start = 0;
  if (after) {
    const at = items.findIndex((item) => item.id === after[1]);
    start = at >= 0 ? at + 1 : items.findIndex((item) => step(item) > (after[0] as number));
    if (start < 0) start = items.length;
  }
  const page = pageOf(items.slice(start), query, (item) => [step(item), item.id]);
  return { items: page.rows, nextCursor: page.nextCursor };
}

/** The item's earlier versions, newest first (at most 50): what each founder edit replaced. */
export async function listContentVersions(ctx: ServiceContext, input: { itemId: string }) {
  await getOwnedItem(ctx.db, { accountId: ctx.account.id, itemId: input.itemId });
  const rows = await ctx.db
    .select()
    .from(contentVersions)
    .where(and(eq(contentVersions.itemId, input.itemId), eq(contentVersions.accountId, ctx.account.id)))
    .orderBy(desc(contentVersions.createdAt), desc(contentVersions.id))
    .limit(50);
  return {
    versions: rows.map((row) => ({ id: row.id, title: row.title, body: row.body, createdAt: row.createdAt.toISOString() })),
  };
}

/** One item of the caller's pack, as the list gives it: what the dashboard loads when the founder edits or copies it. */
export async function getContent(ctx: ServiceContext, input: { itemId: string }) {
  const found = await getOwnedItem(ctx.db, { accountId: ctx.account.id, itemId: input.itemId });
  return { item: serializeContentItem(found.item, found.runStatus) };
}

async function getOwnedItem(db: Database, { accountId, itemId }: { accountId: string; itemId: string }) {
  const [found] = await db
    .select({ item: contentItems, runStatus: agentRuns.status })
    .from(contentItems)
    .innerJoin(agentRuns, and(eq(agentRuns.id, contentItems.runId), eq(agentRuns.accountId, accountId)))
    .where(ownedRow(contentItems, accountId, itemId));
  if (!found) throw new AppError("not_found", "Content item not found.");
  return found;
}

/**
 * Saves the founder's edit. Edits stay when later steps run, and the playbook records
 * that the founder rewrote this piece, so later drafts can learn from it.
 */
export async function editContent(ctx: ServiceContext, input: { itemId: string } & z.infer<typeof contentEditRequest>) {
  const found = await getOwnedItem(ctx.db, { accountId: ctx.account.id, itemId: input.itemId });
  const updated = await saveEdit(ctx, found, input);
  if (!updated) throw new AppError("not_found", "Content item not found.");
  return { item: serializeContentItem(updated, found.runStatus) };
}

/**
 * Fills the item's `index`-th blank with `value`, on the text as it is when the fill is
 * saved: a fill that raced another edit of the item is made again on the newer text, so
 * neither is lost. Answers the item and how many blanks it has left.
 */
export async function fillContentBlank(ctx: ServiceContext, input: { itemId: string; index: number; value: string }) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const found = await getOwnedItem(ctx.db, { accountId: ctx.account.id, itemId: input.itemId });
    if (!input.value.trim()) throw new AppError("invalid_request", "Write what goes in the blank.");
    const body = fillBlank(found.item.body, input.index, input.value);
    if (body === found.item.body)
      throw new AppError("invalid_request", "That blank is no longer in the text: reload the page to see it as it is now.");
    const updated = await saveEdit(ctx, found, { body }, { ifBodyIs: found.item.body });
    if (updated) return { item: serializeContentItem(updated, found.runStatus), blanksLeft: countBlanks(body) };
  }
  throw new AppError("invalid_request", "The text kept changing while the blank was filled. Reload the page and fill it again.");
}

/**
 * Saves a founder's edit: what it replaces joins the draft history and the playbook learns
 * the founder's wording. With `ifBodyIs`, only over that text (undefined when it changed meanwhile).
 */
async function saveEdit(
  ctx: ServiceContext,
  found: Awaited<ReturnType<typeof getOwnedItem>>,
  input: { body: string; title?: string },
  { ifBodyIs }: { ifBodyIs?: string } = {},
): Promise<ContentRecord | undefined> {
  const { account } = ctx;
  return ctx.db.transaction(async (tx) => {
    const [item] = await tx
      .update(contentItems)
      .set({
        body: input.body,
        ...(input.title !== undefined && { title: input.title }),
        editedByFounderAt: ctx.now,
        updatedAt: ctx.now,
      })
      .where(
        and(
          ownedRow(contentItems, account.id, found.item.id),
          ifBodyIs === undefined ? undefined : eq(contentItems.body, ifBodyIs),
        ),
      )
      .returning();
    if (!item) return undefined;
    // The draft history: what this edit replaces, unless it replaces it with the same text.
    if (found.item.body !== input.body || (input.title !== undefined && input.title !== found.item.title)) {
      await tx.insert(contentVersions).values({
        itemId: found.item.id,
        accountId: account.id,
        title: found.item.title,
        body: found.item.body,
        createdAt: ctx.now,
      });
    }
    const learning: Learning = {
      date: ctx.now.toISOString().slice(0, 10),
      kind: "founder-edit",
      text: `The founder rewrote "${item.title}" (${kindLabel(item.kind)}); prefer their wording: ${plainSummary(item.body, 280)}`,
      itemId: item.id,
    };
    // One learning per item: a newer edit replaces the older note about it (notes written
    // before learnings named their item are matched by the title they quote).
    await addLearnings(tx, {
      project: { id: item.projectId, accountId: account.id },
      added: [learning],
      now: ctx.now,
      replaces: (entry) =>
        entry.itemId
          ? entry.itemId === item.id
          : entry.kind === "founder-edit" && entry.text.includes(`"${found.item.title}" (${found.item.kind})`),
    });
    return item;
  });
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

export async function downloadContent(ctx: ServiceContext, input: { itemId: string }): Promise<FileResult> {
  const { item } = await getOwnedItem(ctx.db, { accountId: ctx.account.id, itemId: input.itemId });
  return { body: itemMarkdown(item), contentType: "text/markdown; charset=utf-8", filename: fileNameOf(item.title, "md") };
}
