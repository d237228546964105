import { z } from "zod";
import { channelMentions, channelRules, channelsOfAnswers, shortenToFit } from "@/lib/channels";
import { itemSlug } from "@/lib/growth/item-slugs";
import { dayKeys } from "@/lib/growth/week-days";
import type { PhraseKey } from "@/lib/i18n/en";
import { channelLabel, type Words, wordsFor } from "@/lib/i18n/phrasebook";
import { type Channel, channelSchema, type WeeklyPlan, weeklyPlanSchema } from "@/lib/schemas/growth";
import type { Decisions, Onboarding } from "@/lib/schemas/project";
import { weeklyBudget } from "./budget";
import { type AngleKey, angleKeys } from "./channel-drafts";
import { founderBrief, json, systemRules } from "./prompt";
import type { Task } from "./types";
import { clean, factsOf, sentence } from "./words";

/** What happened in an earlier week, as the planner reads it. */
export interface CycleHistory {
  weekNumber: number;
  theme: string;
  items: {
    channel: Channel;
    title: string;
    angle: string;
    status: string;
    result: string | null;
    grade: string | null;
    resultNote: string | null;
    /** The network's numbers for posts Launchloop published. */
    numbers?: { likes: number; reposts: number; replies: number; quotes: number | null } | null;
  }[];
  /** Per channel: published posts with numbers, their median and total engagement. */
  channelResults?: { channel: string; posts: number; medianEngagement: number; totalEngagement: number }[];
  tasks: { title: string; status: string }[];
  overall: string | null;
}

/** The parts of the Marketing Playbook the growth tasks read. */
export interface PlaybookDigest {
  positioning?: { name: string; statement: string } | null;
  valueProposition?: { angle: string; statement: string } | null;
  brand?: { name?: string | null; tagline?: string | null } | null;
  voice?: { description?: string | null; traits?: string[]; do?: string[]; dont?: string[] } | null;
  channels?: { channel: string; role?: string | null; cadence?: string | null }[];
  learnings?: { date: string; kind: string; text: string }[];
}

export interface PlannerInput {
  projectName: string;
  language: string;
  onboarding: Onboarding;
  decisions: Decisions;
  playbook: PlaybookDigest;
  weekNumber: number;
  history: CycleHistory[];
  /** ISO date of the planning day. */
  today: string;
}

/** The plan as a model writes it (strict structured output: nullable, never optional), then normalized. */
export const plannerOutputSchema = z.object({
  weekTheme: z.string().describe("The week's theme, under 10 words"),
  rationale: z.string().describe("The pieces budget from the weekly hours, and what last week's grades and notes changed"),
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
  founderTasks: z.array(
    z.object({
      title: z.string(),
      description: z.string(),
      category: z.string(),
      effort: z.string(),
      suggestedDay: z.string().nullable(),
    }),
  ),
  skipped: z
    .array(z.object({ what: z.string(), why: z.string() }))
    .describe("What was left out this week and why, including anything skipped last week and channels the founder dropped"),
});
export type PlannerOutput = z.infer<typeof plannerOutputSchema>;

const cut = (text: string | null | undefined, max: number) => shortenToFit(clean(text), (candidate) => candidate.length <= max);
/** Normalizes a planner answer into a valid weekly plan: within every limit, slugs unique, counts matching items. */
export function toWeeklyPlan(output: PlannerOutput, weekNumber: number): WeeklyPlan {
  const seen = new Set<string>();
  const plan = {
    weekTheme: cut(output.weekTheme, 200) || `Week ${weekNumber}`,
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

const days = dayKeys.slice(0, 5);

/** The angle a plan's item was given, read back from its text in any drafting language. */
export function angleOf(angle: string, w: Words): AngleKey | undefined {
  const text = angle.toLowerCase();
  return angleKeys.find(
    (key) => text.startsWith(w.t(`angle.${key}` as PhraseKey).toLowerCase()) && w.t(`angle.${key}` as PhraseKey),
  );
}

const angleText = (key: AngleKey, w: Words) =>
  [w.t(`angle.${key}` as PhraseKey), w.t(`angle.${key}Desc` as PhraseKey)].filter(Boolean).join(": ") || key;

// Words that, next to a channel's name in a retro note, mean "stop this channel".
const deadWords =
  /\b(dead|is over|doesn'?t work|does not work|not working|waste of time|drop|stop|quit|no more|forget)\b|\btot\b|funktioniert nicht|bringt nichts|weglassen|\bmort\b|ne marche pas|arrêter|\bmuert[oa]\b|no funciona|dejar|\bmort[oa]\b|não funciona|parar/i;

/** Channels a founder's retro notes declare dead ("Reddit is dead for us"), with the note that said so. */
export function droppedChannels(history: CycleHistory[]): Map<Channel, string> {
  const dropped = new Map<Channel, string>();
  for (const cycle of history) {
    const notes = [cycle.overall, ...cycle.items.map((item) => item.resultNote)].filter((note): note is string =>
      Boolean(note?.trim()),
    );
    for (const note of notes) {
      for (const part of note.split(/[.;!?\n,]+\s*/)) {
        if (deadWords.test(part)) for (const channel of channelMentions(part)) dropped.set(channel, clean(part));
      }
    }
  }
  return dropped;
}

/** Founder tasks by week, in the project's language. */
function taskPool(w: Words, brand: string) {
  const task = (key: string, category: string, effort: string) => ({
    title: w.t(`task.${key}` as PhraseKey),
    description: w.t(`task.${key}Desc` as PhraseKey, { brand }),
    category: w.t(`task.${category}` as PhraseKey) || category,
    effort,
  });
  return [
    task("reply", "catCommunity", "15m/day"),
    task("call", "catResearch", "45m"),
    task("quote", "catProof", "20m"),
    task("headline", "catWebsite", "30m"),
    task("join", "catCommunity", "30m"),
    task("numbers", "catAnalytics", "15m"),
  ].filter((entry) => entry.title);
}

/** What a week's posts can say: the chosen messages first, then the founder's own benefits and reasons. */
function messagePool(input: PlannerInput): string[] {
  const f = factsOf(input.onboarding, input.decisions);
  const candidates = [
    input.decisions.valueProposition?.statement ?? input.playbook.valueProposition?.statement,
    input.decisions.positioning?.statement ?? input.playbook.positioning?.statement,
    ...f.features.map((feature) => feature.benefit),
    f.why,
    f.edge,
    f.product,
    f.problem,
  ];
  const kept: string[] = [];
  // A message that only repeats another (the positioning quoting the product sentence) is said once.
  for (const text of candidates.map((candidate) => sentence(candidate)).filter(Boolean)) {
    if (!kept.some((other) => other.includes(text.replace(/\.$/, "")) || text.includes(other.replace(/\.$/, ""))))
      kept.push(text);
  }
  return kept;
}

/**
 * The offline planner: a week within the founder's hours budget on the project's channels,
 * shaped by earlier weeks. Channels graded great get more, quiet ones a new angle (or a
 * rest after two quiet weeks), dropped ones leave the plan, and skipped work is carried
 * over or named in `skipped`.
 */
export function offlineWeeklyPlan(input: PlannerInput): PlannerOutput {
  const { weekNumber } = input;
  const w = wordsFor(input.language);
  const f = factsOf(input.onboarding, input.decisions);
  const { channels, unknown } = channelsOfAnswers(input.onboarding);
  const budget = weeklyBudget(input.onboarding.weeklyHours);
  const last = input.history.at(-1);
  const previous = input.history.at(-2);
  const dropped = droppedChannels(input.history);
  const gradesOf = (cycle: CycleHistory | undefined, channel: Channel) =>
    (cycle?.items ?? []).filter((item) => item.channel === channel);
  const messages = messagePool(input);

  const skipped: PlannerOutput["skipped"] = unknown.map((name) => ({
    what: name,
    why: w.t("skip.unknownChannel", { name }) || name,
  }));
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

  let remaining = budget.pieces;
  const contentPlan: PlannerOutput["contentPlan"] = [];
  for (const entry of ranked) {
    const label = channelLabel(entry.channel, channelRules[entry.channel].label, w);
    if (dropped.has(entry.channel)) {
      skipped.push({ what: label, why: w.t("skip.dead", { note: dropped.get(entry.channel) }) });
      notes.push(w.t("plan.dropped", { channel: label }));
      continue;
    }
    if (entry.quietTwice) {
      skipped.push({ what: label, why: w.t("skip.quietTwice") || label });
      continue;
    }
    const count = Math.min(remaining, entry.great.length > 0 ? 2 : 1);
    if (count === 0) {
      skipped.push({ what: label, why: w.t("skip.budget", { hours: budget.hours, pieces: budget.pieces }) || label });
      continue;
    }
    remaining -= count;
    const quietAngles = new Set(entry.quiet.map((item) => angleOf(item.angle, w)));
    const items = Array.from({ length: count }, (_, index) => {
      const best = entry.great[index];
      const carried = entry.skippedItems[index];
      let key: AngleKey = angleKeys[(weekNumber * 2 + entry.order + index * 3) % angleKeys.length]!;
      if (best) key = angleOf(best.angle, w) ?? key;
      for (let step = 1; quietAngles.has(key) && step < angleKeys.length; step++)
        key = angleKeys[(angleKeys.indexOf(key as (typeof angleKeys)[number]) + 1) % angleKeys.length]!;
      const angle = carried ? carried.angle : angleText(key, w);
      return {
        title: carried ? carried.title : w.t(`angle.${key}` as PhraseKey) || key,
        angle,
        keyMessage: messages[(weekNumber + entry.order + index * 2) % Math.max(1, messages.length)] ?? f.product,
        cta: f.cta,
        suggestedDay: days[(contentPlan.length * 2 + index) % days.length]!,
        notes: best
          ? w.t("plan.noteGreat", { title: best.title })
          : carried
            ? w.t("plan.noteCarried")
            : entry.quiet[0]
              ? w.t("plan.noteQuiet", { title: entry.quiet[0].title })
              : null,
      };
    });
    if (entry.great.length) notes.push(w.t("plan.great", { channel: label }));
    if (entry.quiet.length) notes.push(w.t("plan.quiet", { channel: label }));
    if (entry.skippedItems.length) notes.push(w.t("plan.carried", { count: entry.skippedItems.length, channel: label }));
    contentPlan.push({
      channel: entry.channel,
      audienceRationale: w.t("plan.audience", { channel: label, conventions: channelRules[entry.channel].conventions }) || null,
      items,
    });
  }

  const pool = taskPool(w, f.brand);
  const founderTasks = Array.from(
    { length: Math.min(budget.tasks, pool.length) },
    (_, index) => pool[(index === 0 ? 0 : weekNumber + index) % pool.length]!,
  )
    .filter((task, index, all) => all.indexOf(task) === index)
    .map((task, index) => ({ ...task, suggestedDay: days[(index * 2) % days.length]! }));
  for (const task of (last?.tasks ?? []).filter((task) => task.status === "open").slice(0, 3)) {
    skipped.push({ what: task.title, why: w.t("skip.openTask") || task.title });
  }

  const planned = contentPlan.reduce((sum, entry) => sum + entry.items.length, 0);
  const leadAngle = contentPlan[0]?.items[0] ? angleOf(contentPlan[0].items[0].angle, w) : undefined;
  const weekTheme =
    weekNumber === 1
      ? w.t("plan.themeFirst", { brand: f.brand })
      : w.t("plan.theme", { week: weekNumber, angle: leadAngle ? w.t(`angle.${leadAngle}Desc` as PhraseKey) : null }) ||
        `${weekNumber}`;
  const rationale = [
    w.t("plan.budget", { hours: budget.hours, pieces: budget.pieces, tasks: founderTasks.length }),
    w.t("plan.planned", { count: planned }),
    last ? w.t("plan.results", { week: last.weekNumber }) : w.t("plan.first"),
    ...notes,
    last?.overall ? w.t("plan.yourNote", { week: last.weekNumber, note: clean(last.overall) }) : "",
  ]
    .filter(Boolean)
    .join(" ");
  return { weekTheme: weekTheme || `${weekNumber}`, rationale, contentPlan, founderTasks, skipped };
}

/** The playbook as the growth tasks read it: compact, the same for every call of a week. */
export const playbookContext = (playbook: PlaybookDigest) =>
  `## Marketing Playbook\n${json({
    positioning: playbook.positioning?.statement,
    valueProposition: playbook.valueProposition?.statement,
    tagline: playbook.brand?.tagline,
    voice: playbook.voice,
    channels: playbook.channels?.map(({ channel, role, cadence }) => ({ channel, role, cadence })),
  })}`;

export const learningsContext = (playbook: PlaybookDigest) =>
  playbook.learnings?.length
    ? `## Learnings (newest last)\n${playbook.learnings
        .slice(-12)
        .map((learning) => `- ${learning.date} ${learning.kind}: ${learning.text}`)
        .join("\n")}`
    : "";

export const growthPlanner: Task<PlannerInput, PlannerOutput> = {
  name: "weekly_plan",
  useCase: "strategy",
  schema: plannerOutputSchema,
  prompt: (input) => {
    const budget = weeklyBudget(input.onboarding.weeklyHours);
    const { channels, unknown } = channelsOfAnswers(input.onboarding);
    return {
      system: systemRules(input.language),
      context: [
        founderBrief(input.projectName, input.onboarding),
        playbookContext(input.playbook),
        learningsContext(input.playbook),
      ]
        .filter(Boolean)
        .join("\n\n"),
      task: [
        input.history.length ? `## Earlier weeks\n${json(input.history.slice(-3))}` : "",
        `## Task\nAct as the founder's growth planner. Plan week ${input.weekNumber}. Today is ${input.today}. ` +
          `Weekly hours: ${budget.hours}, so at most ${budget.pieces} pieces of content and ${budget.tasks} founder tasks; say so in the rationale. ` +
          `Timeline: ${input.onboarding.successTimeline ?? "not given"}. Channels: ${channels.join(", ")}` +
          `${unknown.length ? `; not available (list them in skipped with why): ${unknown.join(", ")}` : ""}. ` +
          "Give more to what was graded great, change the angle of what was quiet, drop any channel the founder's notes call dead, and never drop skipped work silently: plan it again or say why in `skipped`. " +
          "Where earlier weeks carry `numbers` and `channelResults` (the networks' own counts for posts Launchloop published), weigh channels and angles by them against the founder's median. " +
          "Each item's angle and key message must differ from last week's.",
      ]
        .filter(Boolean)
        .join("\n\n"),
    };
  },
  offline: offlineWeeklyPlan,
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
