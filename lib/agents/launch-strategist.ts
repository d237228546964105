import { weeklyBudget } from "@/lib/growth/budget";
import { wordsFor } from "@/lib/i18n/phrasebook";
import { bullets } from "@/lib/i18n/text";
import { type LaunchStrategy, launchStrategySchema } from "@/lib/schemas/agent-outputs";
import { pipelinePrompt } from "./prompt";
import type { Agent } from "./types";

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
  toContent: (output, input) => {
    const w = wordsFor(input.language);
    return [
      {
        kind: "launch-plan",
        title: w.t("title.launch-plan"),
        body: `**${w.label(w.t("title.goal"))}** ${output.launchGoal}\n\n${output.launchPlan.map((phase) => `## ${phase.phase} (${phase.timing})\n\n${bullets(phase.actions)}`).join("\n\n")}`,
      },
      {
        kind: "channel-strategy",
        title: w.t("title.channel-strategy"),
        body: [
          ...output.channelStrategy.map(
            (entry) =>
              `## ${entry.channel}\n\n- ${w.label(w.t("title.role"))} ${entry.role}\n- ${w.label(w.t("title.cadence"))} ${entry.cadence}\n- ${w.label(w.t("title.firstMove"))} ${entry.firstMove}`,
          ),
          output.skipped.length
            ? `## ${w.t("title.skipped")}\n\n${bullets(output.skipped.map((entry) => w.labelled(entry.what, entry.why)))}`
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
