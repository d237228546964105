import { channelConventions, channelRules, channelsOfAnswers } from "@/lib/channels";
import { weeklyBudget } from "@/lib/growth/budget";
import { droppedChannels } from "@/lib/growth/dropped-channels";
import { dayKeys } from "@/lib/growth/week-days";
import type { PhraseKey } from "@/lib/i18n/en";
import { channelLabel, type Words, wordsFor } from "@/lib/i18n/phrasebook";
import { clean, sentence } from "@/lib/i18n/text";
import type { CycleHistory, PlannerInput } from "@/lib/schemas/agent-inputs";
import type { PlannerOutput } from "@/lib/schemas/agent-outputs";
import type { Channel } from "@/lib/schemas/growth";
import { type AngleKey, angleKeys, angleName, angleOf, angleText } from "./angles";
import { factsOf } from "./facts";

const days = dayKeys.slice(0, 5);

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
  const f = factsOf(input.onboarding, input.decisions, input.language);
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
  const f = factsOf(input.onboarding, input.decisions, input.language);
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
      // Sign-ups weigh most: a channel whose posts brought them gets more, one whose clicks brought none less.
      const signups = lastItems.reduce((sum, item) => sum + (item.results?.signups ?? 0), 0);
      const clicks = lastItems.reduce((sum, item) => sum + (item.results?.clicks ?? 0), 0);
      const converted = lastItems.filter((item) => (item.results?.signups ?? 0) > 0);
      const clicksOnly = signups === 0 && clicks >= 20;
      const weight =
        1 +
        1.5 * great.length +
        0.5 * lastItems.filter((item) => item.grade === "ok").length -
        0.75 * quiet.length +
        Math.min(4, 2 * signups) -
        (clicksOnly ? 0.5 : 0);
      return {
        channel,
        order,
        great: [...converted, ...great.filter((item) => !converted.includes(item))],
        quiet,
        quietTwice: quiet.length > 0 && quietBefore,
        skippedItems,
        weight,
        signups,
        clicks,
        clicksOnly,
      };
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
        title: carried ? carried.title : angleName(key, w),
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
    if (entry.signups > 0) notes.push(w.t("plan.signups", { channel: label, count: entry.signups, clicks: entry.clicks }));
    else if (entry.great.length) notes.push(w.t("plan.great", { channel: label }));
    if (entry.clicksOnly) notes.push(w.t("plan.clicksOnly", { channel: label, clicks: entry.clicks }));
    if (entry.quiet.length) notes.push(w.t("plan.quiet", { channel: label }));
    if (entry.skippedItems.length) notes.push(w.t("plan.carried", { count: entry.skippedItems.length, channel: label }));
    contentPlan.push({
      channel: entry.channel,
      audienceRationale: w.t("plan.audience", { channel: label, conventions: channelConventions[entry.channel] }) || null,
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
  const plannedItems = contentPlan.flatMap((entry) => entry.items);
  const leadAngle = plannedItems.map((item) => angleOf(item.angle, w)).find(Boolean);
  // The week's title says its number ("Week 2: …"); the theme is what the week is about.
  const weekTheme =
    weekNumber === 1
      ? w.t("plan.themeFirst", { brand: f.brand })
      : (leadAngle && w.t(`angle.${leadAngle}Desc` as PhraseKey)) ||
        (plannedItems[0] ? sentence(plannedItems[0].angle).replace(/\.$/, "") : w.t("plan.themeTasks"));
  const rationale = [
    w.t("plan.budget", {
      hours: budget.hours,
      pieces: budget.pieces,
      tasks: founderTasks.length,
    }),
    w.t("plan.planned", { count: planned }),
    last ? w.t("plan.results", { week: last.weekNumber }) : w.t("plan.first"),
    ...notes,
    last?.overall ? w.t("plan.yourNote", { week: last.weekNumber, note: clean(last.overall) }) : "",
  ]
    .filter(Boolean)
    .join(" ");
  return { weekTheme: weekTheme || `Week ${weekNumber}`, rationale, contentPlan, founderTasks, skipped };
}
