import { channelsOfAnswers, shortenToFit } from "@/lib/channels";
import { weeklyBudget } from "@/lib/growth/budget";
import { droppedChannels } from "@/lib/growth/dropped-channels";
import { itemSlug } from "@/lib/growth/item-slugs";
import { withoutWeekLabel } from "@/lib/growth/week";
import { clean } from "@/lib/i18n/text";
import type { CycleHistory, PlannerInput, PlaybookDigest } from "@/lib/schemas/agent-inputs";
import { type PlannerOutput, plannerOutputSchema } from "@/lib/schemas/agent-outputs";
import { type WeeklyPlan, weeklyPlanSchema } from "@/lib/schemas/growth";
import { historyLines, plannerBrief, plannerLessons } from "./growth-context";
import { systemRules } from "./prompt";
import type { Task } from "./types";

export type { CycleHistory, PlannerInput, PlannerOutput, PlaybookDigest };

const cut = (text: string | null | undefined, max: number) => shortenToFit(clean(text), (candidate) => candidate.length <= max);
/** Normalizes a planner answer into a valid weekly plan: within every limit, slugs unique, counts matching items. */
export function toWeeklyPlan(output: PlannerOutput, weekNumber: number): WeeklyPlan {
  const seen = new Set<string>();
  const plan = {
    weekTheme: cut(withoutWeekLabel(output.weekTheme, weekNumber), 200) || `Week ${weekNumber}`,
    rationale: cut(output.rationale, 3000),
    contentPlan: output.contentPlan.slice(0, 15).map((entry) => {
      const items = entry.items.slice(0, 10).map((item) => {
        return {
          slug: itemSlug(weekNumber, entry.channel, item.title, seen),
          title: cut(item.title, 200) || "Post",
          angle: cut(item.angle, 1000),
          keyMessage: cut(item.keyMessage, 1000),
          ...(item.cta && { cta: cut(item.cta, 200) }),
          suggestedDay: cut(item.suggestedDay, 20),
          ...(item.notes && { notes: cut(item.notes, 1000) }),
        };
      });
      return {
        channel: entry.channel,
        ...(entry.audienceRationale && { audienceRationale: cut(entry.audienceRationale, 1000) }),
        count: items.length,
        items,
      };
    }),
    founderTasks: output.founderTasks.slice(0, 10).map((task) => ({
      title: cut(task.title, 200) || "Task",
      description: cut(task.description, 1000),
      category: cut(task.category, 50),
      effort: cut(task.effort, 20),
      ...(task.suggestedDay && { suggestedDay: cut(task.suggestedDay, 20) }),
    })),
    skipped: output.skipped.slice(0, 25).map((entry) => ({ what: cut(entry.what, 200), why: cut(entry.why, 1000) })),
  };
  return weeklyPlanSchema.parse(plan);
}

export const growthPlanner: Task<PlannerInput, PlannerOutput> = {
  name: "weekly_plan",
  useCase: "strategy",
  schema: plannerOutputSchema,
  prompt: (input) => {
    const budget = weeklyBudget(input.onboarding.weeklyHours);
    const { channels, unknown } = channelsOfAnswers(input.onboarding);
    return {
      system: systemRules(input.language),
      context: [plannerBrief(input.projectName, input.onboarding, input.playbook), plannerLessons(input.playbook, input.history)]
        .filter(Boolean)
        .join("\n\n"),
      task: [
        historyLines(input.history),
        `## Task\nAct as the founder's growth planner. Plan week ${input.weekNumber}. Today is ${input.today}. ` +
          `Weekly hours: ${budget.hours}, so at most ${budget.pieces} pieces of content and ${budget.tasks} founder tasks; say so in the rationale. ` +
          `Timeline: ${input.onboarding.successTimeline ?? "not given"}. Channels: ${channels.join(", ")}` +
          `${unknown.length ? `; not available (list them in skipped with why): ${unknown.join(", ")}` : ""}. ` +
          "Give more to what was graded great, change the angle of what was quiet, drop any channel the founder's notes call dead, and never drop skipped work silently: plan it again or say why in `skipped`. " +
          "Where earlier weeks carry numbers and channel results (the networks' own counts for posts Launchloop published), weigh channels and angles by them against the founder's median. " +
          "Each item's angle and key message must differ from last week's.",
      ]
        .filter(Boolean)
        .join("\n\n"),
    };
  },
  normalize: (output, input) => {
    const channels = channelsOfAnswers(input.onboarding).channels;
    const dropped = droppedChannels(input.history);
    const budget = weeklyBudget(input.onboarding.weeklyHours);
    let remaining = budget.pieces;
    // A model's plan keeps to the project's channels, the founder's dropped channels and the hours budget too.
    const contentPlan = output.contentPlan
      .filter((entry) => channels.includes(entry.channel) && !dropped.has(entry.channel))
      .map((entry) => {
        const items = entry.items.slice(0, Math.max(0, remaining));
        remaining -= items.length;
        return { ...entry, items };
      })
      .filter((entry) => entry.items.length > 0);
    return { ...output, contentPlan, founderTasks: output.founderTasks.slice(0, budget.tasks) };
  },
};
