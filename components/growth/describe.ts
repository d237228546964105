import { describeError } from "@/lib/actions/form-state";
import type { ErrorEnvelope } from "@/lib/errors";

export interface Failure {
  error: ErrorEnvelope;
  retryAfterSeconds?: number;
}

/** A growth action's failure as one plain sentence that ends with what to do next. */
export function growthErrorSentence({ error, retryAfterSeconds }: Failure): string {
  switch (error.code) {
    case "cycle_open":
      return "A week is already open for this project. Finish it with its retro (or approve it) before planning another.";
    case "cycle_state":
    case "invalid_transition":
      return `${error.error} Reload the page to see it as it is now.`;
    case "pipeline_incomplete":
      return "Approve all five launch steps first: they are on the project's Launch tab.";
    case "growth_not_started":
      return "Start the growth phase first, then plan your week.";
    case "provider_unavailable":
      return `${error.error} Nothing was counted; try again in a minute.`;
    case "not_found":
      return "This is no longer there (it may have been deleted). Reload the page.";
    case "invalid_request": {
      const issues = Array.isArray(error.issues) ? (error.issues as Array<{ path: string; message: string }>) : [];
      return issues.length ? `Some fields need another look: ${issues.map((issue) => `${issue.path || "form"}: ${issue.message}`).join("; ")}.` : "Some fields need another look.";
    }
    default:
      return describeError(error, retryAfterSeconds);
  }
}
