"use server";

import { runOperation } from "@/lib/actions/run-operation";
import { createCheckout } from "@/lib/operations/billing";
import { refreshOutdatedStep } from "@/lib/operations/dashboard";
import { type AgentType, agentTypes } from "@/lib/schemas/project";

/** Sends the 402's checkout request for the signed-in founder; the card then goes to the hosted page, which comes back to `returnTo`. */
export async function startCheckout(plan: "pro" | "studio", returnTo?: string) {
  return runOperation(createCheckout, { body: { plan, ...(returnTo && { returnTo }) } });
}

/**
 * Drafts every out-of-date step again, earliest first, one operation call each, until none is
 * left or one fails (its reason comes back) or a limit refuses (its error comes back as is).
 */
export async function refreshOutdatedDrafts(projectId: string) {
  const refreshed: AgentType[] = [];
  for (let turn = 0; turn < agentTypes.length; turn++) {
    const result = await runOperation(refreshOutdatedStep, { params: { id: projectId } });
    if (!result.ok) return refreshed.length ? { ok: true as const, data: { refreshed, failed: result.error.error } } : result;
    if (result.data.status === "failed") {
      return { ok: true as const, data: { refreshed, failed: result.data.error ?? "a run failed: try again." } };
    }
    if (result.data.refreshed) refreshed.push(result.data.refreshed);
    if (!result.data.refreshed || result.data.outdatedSteps.length === 0) break;
  }
  return { ok: true as const, data: { refreshed, failed: null } };
}
