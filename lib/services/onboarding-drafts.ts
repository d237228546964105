import { desc, eq, gt, sql } from "drizzle-orm";
import type { z } from "zod";
import type { ServiceContext } from "@/lib/core/context";
import { onboardingDrafts, projects } from "@/lib/db/schema";
import type { draftAnswersSchema, saveDraftRequest } from "@/lib/schemas/dashboard";
import type { createProjectRequest } from "@/lib/schemas/project";
import { pipelineRunsOf, serializeProject } from "./pipeline";
import { createProject } from "./projects";
import { ownedRows } from "./tenant";

type DraftAnswers = z.infer<typeof draftAnswersSchema>;

/** The founder's unfinished onboarding answers, if any. */
export async function getDraft(ctx: ServiceContext) {
  const [draft] = await ctx.db.select().from(onboardingDrafts).where(eq(onboardingDrafts.accountId, ctx.account.id));
  return {
    draft: draft ? { step: draft.step, answers: draft.answers as DraftAnswers, updatedAt: draft.updatedAt.toISOString() } : null,
  };
}

/** Keeps the answers so far (one draft per account; the latest save wins). */
export async function saveDraft(ctx: ServiceContext, input: z.infer<typeof saveDraftRequest>) {
  const [saved] = await ctx.db
    .insert(onboardingDrafts)
    .values({ accountId: ctx.account.id, step: input.step, answers: input.answers, updatedAt: ctx.now })
    .onConflictDoUpdate({
      target: onboardingDrafts.accountId,
      set: { step: input.step, answers: input.answers, updatedAt: ctx.now },
    })
    .returning();
  return { draft: { step: saved!.step, answers: saved!.answers as DraftAnswers, updatedAt: saved!.updatedAt.toISOString() } };
}

/** Forgets the draft (once its project exists, or when the founder starts over). */
export async function discardDraft(ctx: ServiceContext) {
  await ctx.db.delete(onboardingDrafts).where(eq(onboardingDrafts.accountId, ctx.account.id));
  return { draft: null };
}

/** How long a repeated "Confirm and start" of the same answers is taken for the first. */
const repeatWindowMs = 10 * 60_000;

/**
 * The wizard's "Confirm and start": the project is created and confirmed and the draft
 * forgotten in one transaction, so a failure leaves the draft and no half-made project.
 * The draft's row is deleted first: a second start at the same moment (a double click, a
 * retry after a lost answer) waits for the first, finds the draft gone, and answers the
 * project the first one made from the same answers instead of making another.
 */
export async function startProjectFromDraft(ctx: ServiceContext, input: z.infer<typeof createProjectRequest>) {
  return ctx.db.transaction(async (tx) => {
    const consumed = await tx
      .delete(onboardingDrafts)
      .where(eq(onboardingDrafts.accountId, ctx.account.id))
      .returning({ accountId: onboardingDrafts.accountId });
    if (consumed.length === 0) {
      const [started] = await tx
        .select()
        .from(projects)
        .where(
          ownedRows(
            projects,
            ctx.account.id,
            eq(projects.name, input.name),
            sql`${projects.onboarding} = ${JSON.stringify(input.onboarding)}::jsonb`,
            gt(projects.createdAt, new Date(ctx.now.getTime() - repeatWindowMs)),
          ),
        )
        .orderBy(desc(projects.createdAt))
        .limit(1);
      if (started) return { project: serializeProject(started, await pipelineRunsOf(tx, started)) };
    }
    return createProject({ ...ctx, db: tx }, { project: input, confirmed: true });
  });
}
