import { z } from "zod";
import { channelRules, projectChannels } from "@/lib/channels";
import type { Agent } from "./types";
import { answersOr, audienceOf, bullets, clause, clean, primaryAction, sentence } from "./words";

export const launchStrategySchema = z.object({
  launchGoal: z.string().describe("One measurable goal for the launch"),
  launchPlan: z
    .array(z.object({ phase: z.string(), timing: z.string(), actions: z.array(z.string()) }))
    .describe("Phases from pre-launch to the weeks after launch"),
  channelStrategy: z
    .array(z.object({ channel: z.string(), role: z.string(), cadence: z.string(), firstMove: z.string() }))
    .describe("One entry per channel the founder will use"),
  metrics: z.array(z.object({ metric: z.string(), target: z.string() })),
  launchDayChecklist: z.array(z.string()),
});
export type LaunchStrategy = z.infer<typeof launchStrategySchema>;

const roleOf: Record<string, string> = {
  "short-post": "Build in public: daily progress, quick wins, conversations with peers",
  post: "Credibility: lessons learned and results, for professional buyers",
  visual: "Show the product and the outcome visually",
  video: "Demos and before/after stories in under a minute",
  community: "Be useful where the audience already asks for help; launch posts only where allowed",
  "long-form": "Depth: teach the problem space, capture search traffic and subscribers",
};
const cadenceOf: Record<string, string> = {
  "short-post": "1 post a day, plus replies",
  post: "2 to 3 posts a week",
  visual: "3 posts a week",
  video: "2 to 3 videos a week",
  community: "Answer 3 questions a week; 1 launch post",
  "long-form": "1 piece a week",
};

export const launchStrategist: Agent<LaunchStrategy> = {
  type: "launch-strategist",
  title: "Launch strategy",
  schema: launchStrategySchema,
  instructions:
    "You are a launch strategist for bootstrapped founders with little time. Plan what one person can really do in their " +
    "weekly hours, on the channels where their audience is, building on the approved market and brand work.",
  task: () => "Write the launch goal, a phased launch plan, the strategy per channel, the metrics with targets, and a launch-day checklist.",
  offline: ({ onboarding: o, decisions }) => {
    const audience = audienceOf(o);
    const channels = projectChannels(o);
    const action = clause(primaryAction(o));
    const success = answersOr(o.successDefinition, [`the first 100 ${audience} who ${action}`]);
    const hours = clean(o.weeklyHours) || "a few hours";
    const brand = clean(decisions.brandName) || clean(o.businessName);
    return {
      launchGoal: sentence(`${success[0]}${o.successTimeline ? `, within ${clause(o.successTimeline)}` : ", in the first 30 days after launch"}`),
      launchPlan: [
        {
          phase: "Prepare",
          timing: "Two weeks before launch",
          actions: [
            `Publish the new homepage and make "${action}" the main button.`,
            `Tell ${audience} you are building ${brand}: share the problem, not the product.`,
            "Collect emails of everyone who shows interest; write to each one personally.",
            o.existingAssets?.length ? `Refresh what you have: ${o.existingAssets.join(", ")}.` : "Record a two-minute demo of the main workflow.",
          ],
        },
        {
          phase: "Warm up",
          timing: "Launch week, days 1 to 4",
          actions: [
            "Share one behind-the-scenes story a day on your main channel.",
            "Line up five friendly users to share their first results on launch day.",
            "Prepare the launch posts, the announcement email and the Product Hunt listing.",
          ],
        },
        {
          phase: "Launch",
          timing: "Launch day",
          actions: ["Go live on every channel in the plan before 9:00 in your audience's time zone.", "Reply to every comment within the hour.", `Send the announcement email with one call to action: ${action}.`],
        },
        {
          phase: "Follow through",
          timing: "The two weeks after launch",
          actions: ["Turn the best questions from launch day into posts and an FAQ entry.", "Thank and interview the first users.", "Start the weekly growth loop with what worked."],
        },
      ],
      channelStrategy: channels.map((channel) => {
        const rule = channelRules[channel];
        return {
          channel: rule.label,
          role: roleOf[rule.format]!,
          cadence: cadenceOf[rule.format]!,
          firstMove: sentence(`Publish the launch ${rule.format === "long-form" ? "story" : "post"} from the launch pack, then ${rule.format === "community" ? "stay to answer questions" : "reply to everyone who engages"}`),
        };
      }),
      metrics: [
        { metric: `Main action taken (${clean(primaryAction(o))})`, target: success[0]! },
        { metric: "Launch-day visitors", target: "Track it; aim for a 5% conversion to the main action" },
        { metric: "Replies and conversations", target: "20 real conversations with the audience in the launch week" },
      ],
      launchDayChecklist: [
        "Homepage live, checked on a phone",
        "Sign-up or purchase flow tested end to end",
        "Launch posts scheduled or ready to paste",
        "Announcement email ready to send",
        "Product Hunt listing drafted with images",
        `Time blocked for replies (${hours} this week)`,
      ],
    };
  },
  toContent: (output) => [
    {
      kind: "launch-plan",
      title: "Launch plan",
      body: `**Goal:** ${output.launchGoal}\n\n${output.launchPlan.map((phase) => `## ${phase.phase} (${phase.timing})\n\n${bullets(phase.actions)}`).join("\n\n")}`,
    },
    {
      kind: "channel-strategy",
      title: "Channel strategy",
      body: output.channelStrategy.map((entry) => `## ${entry.channel}\n\n- Role: ${entry.role}\n- Cadence: ${entry.cadence}\n- First move: ${entry.firstMove}`).join("\n\n"),
    },
    {
      kind: "metrics",
      title: "Success metrics and launch-day checklist",
      body: `| Metric | Target |\n|---|---|\n${output.metrics.map((metric) => `| ${metric.metric} | ${metric.target} |`).join("\n")}\n\n## Launch-day checklist\n\n${output.launchDayChecklist.map((item) => `- [ ] ${item}`).join("\n")}`,
    },
  ],
};
