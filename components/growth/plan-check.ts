import { type WeeklyPlan, weeklyPlanSchema } from "@/lib/schemas/growth";
import { describePlanIssue, type EditablePlan, type IssueLike, type PlanError, toPlan } from "./plan-model";

// The plan's schema (and zod with it): the page reads the stored plan on the server, and the
// editor loads this module when the founder approves, not with the board.

/** Reads a cycle's stored plan into the editor's shape (defensively: an unexpected shape gives an empty week). */
export function fromPlan(raw: Record<string, unknown>): EditablePlan {
  const parsed = weeklyPlanSchema.safeParse(raw);
  const plan: WeeklyPlan = parsed.success
    ? parsed.data
    : { weekTheme: String(raw.weekTheme ?? ""), rationale: "", contentPlan: [], founderTasks: [], skipped: [] };
  return {
    weekTheme: plan.weekTheme,
    rationale: plan.rationale,
    skipped: plan.skipped,
    audienceRationale: Object.fromEntries(plan.contentPlan.map((entry) => [entry.channel, entry.audienceRationale ?? ""])),
    items: plan.contentPlan.flatMap((entry, entryIndex) =>
      entry.items.map((item, index) => ({
        key: `item-${entryIndex}-${index}`,
        channel: entry.channel,
        slug: item.slug,
        title: item.title,
        angle: item.angle,
        keyMessage: item.keyMessage,
        cta: item.cta ?? "",
        suggestedDay: item.suggestedDay,
        notes: item.notes,
      })),
    ),
    tasks: plan.founderTasks.map((task, index) => ({
      key: `task-${index}`,
      title: task.title,
      description: task.description,
      category: task.category,
      effort: task.effort,
      suggestedDay: task.suggestedDay ?? "",
    })),
  };
}

/** Checks the edited plan with the approval schema; the plan to send, or every problem in place. */
export function validatePlan(edit: EditablePlan): { ok: true; plan: WeeklyPlan } | { ok: false; errors: PlanError[] } {
  const { plan, layout } = toPlan(edit);
  const result = weeklyPlanSchema.safeParse(plan);
  if (result.success) return { ok: true, plan: result.data };
  const errors = result.error.issues.map((issue) => describePlanIssue(issue as IssueLike, layout));
  return { ok: false, errors };
}
