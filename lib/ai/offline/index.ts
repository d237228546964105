import { offlineBrandSystem } from "./brand-system";
import { offlineDraft } from "./channel-draft";
import { offlineLaunchAssets } from "./launch-assets";
import { offlineLaunchStrategy } from "./launch-strategy";
import { offlineMarketStrategy } from "./market-strategy";
import { offlineWebsiteCopy } from "./website-copy";
import { offlineWeeklyPlan } from "./weekly-plan";

/**
 * The offline drafting engine: a useful first draft of each task from the founder's own
 * answers, with no model, by the task's name. The offline model provider answers with it.
 */
export const offlineDrafts = {
  market_strategist: offlineMarketStrategy,
  brand_architect: offlineBrandSystem,
  launch_strategist: offlineLaunchStrategy,
  website_copy: offlineWebsiteCopy,
  launch_assets: offlineLaunchAssets,
  weekly_plan: offlineWeeklyPlan,
  channel_draft: offlineDraft,
} as const;
export type OfflineTaskName = keyof typeof offlineDrafts;

/** The engine's draft for a task by name, or undefined for a task it has no draft for. */
export function offlineAnswer(task: string, input: unknown): unknown {
  const draft = (offlineDrafts as Record<string, (input: never) => unknown>)[task];
  return draft?.(input as never);
}

// The parts of a post the agents shape a model's answer with too: one call to action, one script layout.
export { callToAction, scriptBody } from "./channel-drafts";
export { factsOf } from "./facts";
