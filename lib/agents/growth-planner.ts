import { z } from "zod";
import { channelRules, projectChannels, shortenToFit } from "@/lib/channels";
import { weeklyHoursOf } from "@/lib/growth/week";
import { channelSchema, weeklyPlanSchema, type Channel, type WeeklyPlan } from "@/lib/schemas/growth";
import type { Decisions, Onboarding } from "@/lib/schemas/project";
import { audienceOf, clause, clean, featuresOf, primaryAction, sentence } from "./words";

/** What happened in an earlier week, as the planner reads it. */
export interface CycleHistory {
  weekNumber: number;
  theme: string;
  items: { channel: Channel; title: string; angle: string; status: string; result: string | null; grade: string | null; resultNote: string | null }[];
  tasks: { title: string; status: string }[];
  overall: string | null;
}

export interface PlannerInput {
  brand: string;
  onboarding: Onboarding;
  decisions: Decisions;
  playbook: string;
  weekNumber: number;
  history: CycleHistory[];
}

/** The plan as a model writes it (strict structured output: nullable, never optional), then normalized. */
export const plannerOutputSchema = z.object({
  weekTheme: z.string().describe("The week's theme, under 10 words"),
  rationale: z.string().describe("Why this plan: what last week's grades and notes changed"),
  contentPlan: z.array(
    z.object({
      channel: channelSchema,
      audienceRationale: z.string().nullable(),
      items: z.array(
        z.object({
          title: z.string(),
          angle: z.string().describe("The way in: story, how-to, question, proof..."),
          keyMessage: z.string(),
          cta: z.string().nullable(),
          suggestedDay: z.string().describe("Mon, Tue, Wed, Thu, Fri, Sat or Sun"),
          notes: z.string().nullable(),
        }),
      ),
    }),
  ),
  founderTasks: z.array(z.object({ title: z.string(), description: z.string(), category: z.string(), effort: z.string(), suggestedDay: z.string().nullable() })),
  skipped: z.array(z.object({ what: z.string(), why: z.string() })).describe("What was left out this week and why, including anything skipped last week"),
});
export type PlannerOutput = z.infer<typeof plannerOutputSchema>;

const cut = (text: string | null | undefined, max: number) => shortenToFit(clean(text), (candidate) => candidate.length <= max);
const slugOf = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 60) || "item";

/** Normalizes a planner answer into a valid weekly plan: within every limit, slugs unique, counts matching items. */
export function toWeeklyPlan(output: PlannerOutput, weekNumber: number): WeeklyPlan {
  const seen = new Set<string>();
  const plan = {
    weekTheme: cut(output.weekTheme, 200) || `Week ${weekNumber}`,
    rationale: cut(output.rationale, 3000),
    contentPlan: output.contentPlan.slice(0, 15).map((entry) => {
      const items = entry.items.slice(0, 10).map((item) => {
        const base = `w${weekNumber}-${entry.channel}-${slugOf(item.title)}`;
        let slug = base;
        for (let n = 2; seen.has(slug); n++) slug = `${base}-${n}`;
        seen.add(slug);
        return {
          slug,
          title: cut(item.title, 200) || "Post",
          angle: cut(item.angle, 1000),
          keyMessage: cut(item.keyMessage, 1000),
          ...(item.cta && { cta: cut(item.cta, 200) }),
          suggestedDay: cut(item.suggestedDay, 20),
          ...(item.notes && { notes: cut(item.notes, 1000) }),
        };
      });
      return { channel: entry.channel, ...(entry.audienceRationale && { audienceRationale: cut(entry.audienceRationale, 1000) }), count: items.length, items };
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

const days = ["Mon", "Tue", "Wed", "Thu", "Fri"];
const angles = [
  "Behind the build: a decision we made and why",
  "How-to: one concrete tip the audience can use today",
  "Customer pain: a real quote and what it costs them",
  "Question to the audience: ask how they handle it today",
  "Proof: a result, a number or a user's words",
  "Myth vs fact about the problem",
  "Founder story: the moment that started it",
];
const themes = ["The problem, up close", "Behind the build", "Proof and results", "How-to week", "Founder's lessons", "Customer stories"];
const taskPool = (audience: string, brand: string) => [
  { title: "Reply to every comment and message within a day", description: "Conversations turn posts into customers: block 15 minutes a day for replies.", category: "community", effort: "15m/day" },
  { title: "Talk to one customer", description: `A 20-minute call with someone from ${audience}: what made them try ${brand}, what almost stopped them. Note their exact words.`, category: "research", effort: "45m" },
  { title: "Ask two happy users for a quote", description: "A one-line testimonial you can reuse in posts and on the homepage.", category: "social proof", effort: "20m" },
  { title: "Update the homepage headline", description: "Use this week's best-performing message as the headline for a week and compare sign-ups.", category: "website", effort: "30m" },
  { title: `Join a conversation where ${audience} ask for help`, description: "Answer one question in a community thread without linking to the product unless asked.", category: "community", effort: "30m" },
  { title: "Check the numbers", description: "Note visits, sign-ups and the main action this week, to grade the week honestly in the retro.", category: "analytics", effort: "15m" },
];

/**
 * The offline planner: a week sized to the founder's hours on the project's channels,
 * shaped by earlier weeks. Channels graded great get more, quiet ones get a new angle
 * (or a rest after two quiet weeks), and skipped work is carried over or named in `skipped`.
 */
export function offlineWeeklyPlan(input: PlannerInput): PlannerOutput {
  const { onboarding: o, brand, weekNumber } = input;
  const audience = audienceOf(o);
  const channels = projectChannels(o);
  const hours = weeklyHoursOf(o.weeklyHours);
  const budget = Math.min(12, Math.max(3, Math.round(hours * 1.2)));
  const last = input.history.at(-1);
  const previous = input.history.at(-2);
  const gradesOf = (cycle: CycleHistory | undefined, channel: Channel) => (cycle?.items ?? []).filter((item) => item.channel === channel);
  const message = input.decisions.valueProposition?.statement ?? input.decisions.positioning?.statement ?? sentence(featuresOf(o)[0]?.benefit || o.productDescription);
  const action = primaryAction(o);

  const skipped: { what: string; why: string }[] = [];
  const notes: string[] = [];
  const ranked = channels
    .map((channel, order) => {
      const lastItems = gradesOf(last, channel);
      const great = lastItems.filter((item) => item.grade === "great");
      const quiet = lastItems.filter((item) => item.grade === "quiet");
      const quietBefore = gradesOf(previous, channel).some((item) => item.grade === "quiet");
      const skippedItems = lastItems.filter((item) => item.result === "skipped" || item.status === "skipped");
      const weight = 1 + 1.5 * great.length + 0.5 * lastItems.filter((item) => item.grade === "ok").length - 0.75 * quiet.length;
      return { channel, order, great, quiet, quietTwice: quiet.length > 0 && quietBefore, skippedItems, weight };
    })
    .sort((a, b) => b.weight - a.weight || a.order - b.order);

  let remaining = budget;
  const contentPlan: PlannerOutput["contentPlan"] = [];
  for (const entry of ranked) {
    const label = channelRules[entry.channel].label;
    if (entry.quietTwice) {
      skipped.push({ what: `${label} this week`, why: `${label} was graded quiet two weeks in a row: resting it and putting the time where posts were graded better.` });
      notes.push(`${label} rests after two quiet weeks.`);
      continue;
    }
    const count = Math.min(remaining, entry.great.length > 0 ? 2 : 1);
    if (count === 0) {
      skipped.push({ what: `${label} this week`, why: `Your ${hours} hours a week fit ${budget} pieces; ${label} had the weakest results so far, so it waits a week.` });
      continue;
    }
    remaining -= count;
    const items = Array.from({ length: count }, (_, index) => {
      const best = entry.great[index];
      const angle = best
        ? `More of what worked: ${best.angle}`
        : entry.quiet.length
          ? `New angle (last week's "${entry.quiet[0]!.title}" was quiet): ${angles[(weekNumber + entry.order + 3) % angles.length]}`
          : angles[(weekNumber + entry.order + index) % angles.length]!;
      const carried = entry.skippedItems[index];
      return {
        title: carried ? `${carried.title} (carried over)` : `${label}: ${angle.split(":")[0]}`,
        angle,
        keyMessage: message,
        cta: action,
        suggestedDay: days[(contentPlan.length * 2 + index) % days.length]!,
        notes: best
          ? `Last week's "${best.title}" was graded great${best.resultNote ? ` (${clause(best.resultNote)})` : ""}.`
          : carried
            ? "Skipped last week: planned again so it is not lost; skip it in the retro if it no longer fits."
            : null,
      };
    });
    if (entry.great.length) notes.push(`${label} gets ${count} posts: last week's were graded great.`);
    if (entry.quiet.length) notes.push(`${label} tries a new angle after a quiet week.`);
    if (entry.skippedItems.length) notes.push(`${entry.skippedItems.length} skipped ${label} item(s) from last week are carried over.`);
    contentPlan.push({ channel: entry.channel, audienceRationale: `${audience} on ${label}: ${channelRules[entry.channel].conventions}`, items });
  }

  const pool = taskPool(audience, brand);
  const taskCount = Math.min(5, Math.max(2, Math.round(hours / 2)));
  const founderTasks = Array.from({ length: taskCount }, (_, index) => pool[(index === 0 ? 0 : weekNumber + index) % pool.length]!)
    .filter((task, index, all) => all.indexOf(task) === index)
    .map((task, index) => ({ ...task, suggestedDay: days[(index * 2) % days.length]! }));
  const openTasks = (last?.tasks ?? []).filter((task) => task.status === "open");
  for (const task of openTasks.slice(0, 3)) skipped.push({ what: `Task: ${task.title}`, why: "Left open last week. Re-add it if it still matters; the plan keeps to your hours." });

  const bestItem = last?.items.find((item) => item.grade === "great");
  const weekTheme = weekNumber === 1 ? `Launch week: introduce ${brand}` : bestItem ? `More of what worked: ${bestItem.angle.replace(/^More of what worked: /, "")}` : themes[weekNumber % themes.length]!;
  const rationale = [
    `Sized to ${hours} hours a week: ${budget - remaining} pieces of content and ${founderTasks.length} founder tasks.`,
    last ? `Week ${last.weekNumber} results shape this plan. ${notes.join(" ")}` : `First week: one piece per channel to learn where ${audience} respond.`,
    last?.overall ? `Your note on week ${last.weekNumber}: "${clean(last.overall)}".` : "",
  ]
    .filter(Boolean)
    .join(" ");
  return { weekTheme, rationale, contentPlan, founderTasks, skipped };
}
