import { channelRules, channelsOfAnswers, launchesOnProductHunt } from "@/lib/channels";
import { spreadPieces, weeklyBudget } from "@/lib/growth/budget";
import { nextMonday } from "@/lib/growth/week";
import type { PhraseKey } from "@/lib/i18n/en";
import { channelLabel, wordsFor } from "@/lib/i18n/phrasebook";
import { clause, sentence } from "@/lib/i18n/text";
import type { AgentInput } from "@/lib/schemas/agent-inputs";
import type { LaunchStrategy } from "@/lib/schemas/agent-outputs";
import { factsOf } from "./facts";
import { finish } from "./finish";

const addDays = (isoDate: string, days: number) =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The offline draft of the LaunchStrategy step, from the founder's own answers. */
export function offlineLaunchStrategy(input: AgentInput): LaunchStrategy {
  const w = wordsFor(input.language);
  const f = factsOf(input.onboarding, input.decisions, input.language);
  const { channels, unknown } = channelsOfAnswers(input.onboarding);
  const budget = weeklyBudget(input.onboarding.weeklyHours);
  const cta = f.cta ?? w.fill("need.cta");
  const start = nextMonday(new Date(`${input.today}T12:00:00Z`));
  const launchDay = addDays(start, 22);
  const skipped: LaunchStrategy["skipped"] = unknown.map((name) => ({ what: name, why: w.t("skip.unknownChannel", { name }) }));
  const spread = spreadPieces(channels, budget.pieces);
  for (const entry of spread.filter((entry) => entry.count === 0)) {
    skipped.push({
      what: channelLabel(entry.channel, channelRules[entry.channel].label, w),
      why: w.t("skip.budget", { hours: budget.hours, pieces: budget.pieces }),
    });
  }
  return finish(input, {
    launchGoal: f.goals.length
      ? f.timeline && !f.goals[0]!.toLowerCase().includes(f.timeline.toLowerCase())
        ? w.t("launch.goal", { goal: f.goals[0], timeline: f.timeline })
        : sentence(f.goals[0])
      : w.fill("need.goal"),
    launchPlan: [
      {
        phase: w.t("launch.phasePrepare") || "1",
        timing: w.t("launch.weeks", { from: 1, to: 2, date: start }),
        actions: [
          f.cta ? w.t("launch.prep1", { cta: f.cta }) : w.fill("need.cta"),
          w.t("launch.prep2", { audience: f.audience ? clause(f.audience, [f.brand], w.lowerClauses) : null }),
          w.t("launch.prep3"),
          f.assets.length ? w.t("launch.prepAssets", { assets: sentence(w.list(f.assets)) }) : w.t("launch.prepDemo"),
        ].filter(Boolean),
      },
      {
        phase: w.t("launch.phaseWarm") || "2",
        timing: w.t("launch.week", { from: 3, date: addDays(start, 14) }),
        actions: [
          w.t("launch.warm1"),
          w.t("launch.warm2"),
          w.t(launchesOnProductHunt(input.onboarding, input.feedback) ? "launch.warm3" : "launch.warm3Plain"),
        ].filter(Boolean),
      },
      {
        phase: w.t("launch.phaseLaunch") || "3",
        timing: w.t("launch.day", { date: launchDay }),
        actions: [w.t("launch.day1"), w.t("launch.day2"), w.t("launch.day3", { cta: sentence(cta) })].filter(Boolean),
      },
      {
        phase: w.t("launch.phaseFollow") || "4",
        timing: f.timeline
          ? w.t("launch.after", { timeline: f.timeline })
          : w.t("launch.weeks", { from: 5, to: 6, date: addDays(launchDay, 6) }),
        actions: [w.t("launch.follow1"), w.t("launch.follow2"), w.t("launch.follow3")].filter(Boolean),
      },
    ],
    channelStrategy: spread
      .filter((entry) => entry.count > 0)
      .map(({ channel, count }) => {
        const rule = channelRules[channel];
        return {
          channel: channelLabel(channel, rule.label, w),
          role: w.t(`role.${rule.format}` as PhraseKey),
          cadence: w.t("launch.cadence", { count }),
          firstMove: rule.format === "community" ? w.t("launch.firstMoveCommunity") : w.t("launch.firstMove"),
        };
      }),
    metrics: [
      {
        metric: f.cta ? w.t("launch.metricAction", { cta: f.cta }) : w.fill("need.cta"),
        target: f.goals[0] ? sentence(f.goals[0]) : w.fill("need.target"),
      },
      ...(f.audience
        ? [
            {
              metric: w.t("launch.metricConversations", { audience: clause(f.audience, [f.brand], w.lowerClauses) }),
              target: w.fill("need.target"),
            },
          ]
        : []),
    ],
    launchDayChecklist: [
      w.t("launch.check1"),
      w.t("launch.check2"),
      w.t("launch.check3"),
      w.t("launch.check4"),
      w.t("launch.check5"),
      w.t("launch.hours", { hours: budget.hours, pieces: budget.pieces }),
    ].filter(Boolean),
    skipped,
  });
}
