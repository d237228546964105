import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

const user = (text: string) => ({ messages: [{ role: "user" as const, content: { type: "text" as const, text } }] });

/** Prompts that walk an assistant through onboarding and the weekly loop. */
export function registerPrompts(server: McpServer) {
  server.registerPrompt(
    "launch_a_project",
    {
      title: "Launch a project with Launchloop",
      description: "Interview the founder, create the project, and take it through the five-step launch pipeline.",
      argsSchema: { businessName: z.string().optional().describe("The founder's business, if already known") },
    },
    ({ businessName }) =>
      user(
        [
          `Help me launch ${businessName ?? "my business"} with Launchloop.`,
          "1. Interview me, one question at a time: business name, what the product does, the problem it solves (all three required), then up to four key features, who the audience is and where they spend time, which channels I want to use, tone words to use and avoid, the one action I want people to take, my founder story, why people should choose us, and how many hours a week I have for marketing.",
          "2. Call account_get to check my plan. If a tool answers upgrade_required, offer me the link from billing_checkout.",
          "3. Create the project with projects_create using my answers, then projects_confirm.",
          "4. For each step (market-strategist, brand-architect, launch-strategist, website-copy, launch-assets), call pipeline_run_agent, summarize the output for me, and ask whether to approve or what to change. Call pipeline_review_run with approve (and my decisions: positioning, value proposition, brand name, tagline, palette) or reject with my feedback and run the step again.",
          "5. When the project is launch_ready, show me the launch pack (content_list) and the playbook (playbook_get).",
        ].join("\n\n"),
      ),
  );

  server.registerPrompt(
    "run_my_week",
    {
      title: "Run this week's growth loop",
      description: "Plan the week, approve it with the founder, draft every item, and close last week with a retro.",
      argsSchema: { projectId: z.string().describe("The project's id (projects_list shows it)") },
    },
    ({ projectId }) =>
      user(
        [
          `Run this week's Launchloop growth loop for project ${projectId}.`,
          "1. Call growth_list_cycles. If a cycle is approved, first ask me how each item did (published or skipped; great, ok or quiet; a note) and submit growth_submit_retro with my overall note.",
          "2. If the project is not in growth yet, call growth_start.",
          "3. Call growth_plan_cycle, show me the theme, rationale, content plan, founder tasks and what was skipped, and let me change it. Approve with growth_approve_cycle (pass my edited plan if I changed it).",
          "4. For each item, call growth_generate_item and show me the draft. Regenerate with my feedback until I like it, then growth_review_item to approved (and published once I post it).",
          "5. Remind me of my founder tasks; mark them with growth_update_task as I do them.",
        ].join("\n\n"),
      ),
  );
}
