import { channelRules, channelsOfAnswers } from "@/lib/channels";
import { nextMonday } from "@/lib/growth/week";
import type { PhraseKey } from "@/lib/i18n/en";
import { channelLabel, wordsFor } from "@/lib/i18n/phrasebook";
import { type LaunchStrategy, launchStrategySchema } from "@/lib/schemas/agent-outputs";
import { spreadPieces, weeklyBudget } from "./budget";
import { finish } from "./offline";
import { pipelinePrompt } from "./prompt";
import type { Agent } from "./types";
import { bullets, clause, factsOf, sentence } from "./words";

const addDays = (isoDate: string, days: number) =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export const launchStrategist: Agent<LaunchStrategy> = {
  type: "launch-strategist",
  name: "launch_strategist",
  title: "Launch strategy",
  useCase: "strategy",
  schema: launchStrategySchema,
  prompt: (input) => {
    const budget = weeklyBudget(input.onboarding.weeklyHours);
    return pipelinePrompt(
      input,
      "Act as a launch strategist for bootstrapped founders with little time. Plan what one person can really do in their weekly hours, on the channels where their audience is.",
      `Today is ${input.today}. Weekly hours: ${budget.hours} (a budget of ${budget.pieces} pieces of content and ${budget.tasks} founder tasks a week). ` +
        `Timeline: ${input.onboarding.successTimeline ?? "not given"}; readiness: ${input.onboarding.productReadiness ?? "not given"}. ` +
        "Write the launch goal, a phased launch plan with real dates, the strategy per channel (cadences within the budget), the metrics with targets (fill-ins where the brief has none), a launch-day checklist, and what you left out in `skipped`.",
    );
  },
  offline: (input) => {
    const w = wordsFor(input.language);
    const f = factsOf(input.onboarding, input.decisions);
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
        ? f.timeline
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
          actions: [w.t("launch.warm1"), w.t("launch.warm2"), w.t("launch.warm3")].filter(Boolean),
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
  },
  toContent: (output, input) => {
    const w = wordsFor(input.language);
    return [
      {
        kind: "launch-plan",
        title: w.t("title.launch-plan"),
        body: `**${w.t("title.goal")}:** ${output.launchGoal}\n\n${output.launchPlan.map((phase) => `## ${phase.phase} (${phase.timing})\n\n${bullets(phase.actions)}`).join("\n\n")}`,
      },
      {
        kind: "channel-strategy",
        title: w.t("title.channel-strategy"),
        body: [
          ...output.channelStrategy.map(
            (entry) =>
              `## ${entry.channel}\n\n- ${w.t("title.role")}: ${entry.role}\n- ${w.t("title.cadence")}: ${entry.cadence}\n- ${w.t("title.firstMove")}: ${entry.firstMove}`,
          ),
          output.skipped.length
            ? `## ${w.t("title.skipped")}\n\n${bullets(output.skipped.map((entry) => `${entry.what}: ${entry.why}`))}`
            : "",
        ]
          .filter(Boolean)
          .join("\n\n"),
      },
      {
        kind: "metrics",
        title: w.t("title.metrics"),
        body: `| ${w.t("title.metric")} | ${w.t("title.target")} |\n|---|---|\n${output.metrics.map((metric) => `| ${metric.metric} | ${metric.target} |`).join("\n")}\n\n## ${w.t("title.checklist")}\n\n${output.launchDayChecklist.map((item) => `- [ ] ${item}`).join("\n")}`,
      },
    ];
  },
};
