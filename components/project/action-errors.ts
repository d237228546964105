import { describeError } from "@/lib/actions/form-state";
import type { ErrorEnvelope } from "@/lib/errors";

/** "in 5 h 12 min": a wait as a founder reads it. */
export function waitOf(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** A failed pipeline action as plain sentences with the next step. */
export function runErrorSentence(error: ErrorEnvelope, retryAfterSeconds?: number): string {
  switch (error.code) {
    case "agent_running":
      return "An agent is already running for this project, perhaps from another tab. Its progress shows here; review it when it finishes.";
    case "review_pending":
      return "This step already has a draft waiting for your review (it may have been started in another tab). Reload to read it, then approve or reject it.";
    case "step_mismatch":
      return `${error.error} Reload to see where the pipeline is now.`;
    case "not_confirmed":
      return "Confirm the project's answers first, then run its first step.";
    case "daily_run_limit": {
      const reset = retryAfterSeconds ? ` It resets at midnight UTC, in ${waitOf(retryAfterSeconds)}.` : " It resets at midnight UTC.";
      return `You have used all of today's agent runs on your plan.${reset} Upgrade for more runs a day.`;
    }
    case "run_not_reviewable":
      return `${error.error} Reload to see the run's current state.`;
    case "write_limit":
      return `You have reached the hourly limit for edits.${retryAfterSeconds ? ` Try again in ${waitOf(retryAfterSeconds)}.` : ""} Nothing you typed is lost: keep this page open.`;
    default:
      return describeError(error, retryAfterSeconds);
  }
}
