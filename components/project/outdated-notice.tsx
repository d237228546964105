"use client";

import { LocalTime } from "@/components/local-time";
import { UpgradeCard } from "@/components/project/upgrade-card";
import { Button, Notice, useToast } from "@/components/ui";
import { useOperationAction } from "@/components/use-operation-action";
import type { ActionResult } from "@/lib/actions/run-operation";
import type { AgentType } from "@/lib/schemas/project";
import { stepLabels } from "./labels";

/**
 * Says that drafts were made before the founder's last change of a decision, and offers to make
 * them again (each out-of-date step is drafted anew with the decisions as they are now).
 */
export function OutdatedNotice({
  what,
  changedAt,
  steps,
  refresh,
  startCheckout,
}: {
  /** "The launch pack" or "The playbook". */
  what: string;
  changedAt: string;
  steps: AgentType[];
  refresh: () => Promise<ActionResult<{ refreshed: AgentType[]; failed: string | null }>>;
  startCheckout: (plan: "pro" | "studio") => Promise<ActionResult<{ url: string }>>;
}) {
  const toast = useToast();
  const { pending, error, offer, run } = useOperationAction({ upgradeOffer: true });
  const names = steps.map((step) => stepLabels[step].title).join(", ");
  return (
    <div className="space-y-3" data-testid="outdated-notice">
      <Notice tone="warning" title={`${what} is out of date`}>
        <p>
          You changed a decision on <LocalTime iso={changedAt} />, after these drafts were made: {names}. Refreshing drafts them
          again with your decisions as they are now (one draft of your daily allowance each) and replaces the current ones, your
          edits to them included.
        </p>
        <Button
          size="sm"
          className="mt-3"
          disabled={pending}
          onClick={() =>
            run(refresh, ({ refreshed, failed }) =>
              failed
                ? toast(`${refreshed.length} refreshed; then ${failed}`, "danger")
                : toast(`Refreshed: ${refreshed.map((step) => stepLabels[step].title).join(", ")}.`),
            )
          }
        >
          {pending ? "Refreshing…" : `Refresh ${steps.length === 1 ? "this draft" : `these ${steps.length} drafts`}`}
        </Button>
      </Notice>
      {error && <Notice tone="danger">{error}</Notice>}
      {offer && <UpgradeCard body={offer} startCheckout={startCheckout} />}
    </div>
  );
}
