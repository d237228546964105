"use client";

import { UpgradeCard } from "@/components/project/upgrade-card";
import { Button, Dialog, Notice, useToast } from "@/components/ui";
import { When } from "@/components/ui/when";
import { useOperationAction } from "@/components/use-operation-action";
import type { ActionResult } from "@/lib/actions/run-operation";
import type { AgentType } from "@/lib/schemas/project";
import { stepLabels } from "./labels";

/**
 * One line saying that drafts were made before the founder changed a decision they read, with
 * a button that makes them again (each out-of-date step drafted anew with the decisions as
 * they are now). Refreshing replaces those steps' items: when the founder edited some, it
 * lists them and asks first.
 */
export function OutdatedNotice({
  what,
  changedAt,
  steps,
  edited = [],
  refresh,
  startCheckout,
}: {
  /** "The launch pack" or "The playbook". */
  what: string;
  changedAt: string;
  steps: AgentType[];
  /** The items of those steps the founder edited ("Brand system › Taglines"): a refresh replaces them. */
  edited?: string[];
  refresh: () => Promise<ActionResult<{ refreshed: AgentType[]; failed: string | null }>>;
  startCheckout: (plan: "pro" | "studio", returnTo?: string) => Promise<ActionResult<{ url: string }>>;
}) {
  const toast = useToast();
  const { pending, error, offer, run } = useOperationAction({ upgradeOffer: true });
  const names = steps.map((step) => stepLabels[step].title).join(", ");
  const label = pending ? "Refreshing…" : `Refresh ${steps.length === 1 ? "this draft" : `these ${steps.length} drafts`}`;
  const start = () =>
    run(refresh, ({ refreshed, failed }) =>
      failed
        ? toast(`${refreshed.length} refreshed; then ${failed}`, "danger")
        : toast(`Refreshed: ${refreshed.map((step) => stepLabels[step].title).join(", ")}.`),
    );
  return (
    <div className="space-y-3" data-testid="outdated-notice">
      <div
        role="status"
        className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-warning/30 bg-warning-soft px-4 py-2 text-sm"
      >
        <p className="mr-auto min-w-0 flex-1 basis-64">
          <span className="font-semibold">{what} is out of date.</span> You changed a decision on <When at={changedAt} /> that
          these drafts follow: {names}. A refresh drafts them again (one draft of your daily allowance each).
        </p>
        {edited.length === 0 ? (
          <Button size="sm" disabled={pending} onClick={start}>
            {label}
          </Button>
        ) : pending ? (
          <Button size="sm" disabled>
            {label}
          </Button>
        ) : (
          <Dialog
            trigger={{ label, size: "sm", variant: "primary" }}
            title="A refresh replaces your edits"
            description={`You edited ${edited.length === 1 ? "this part" : `these ${edited.length} parts`} of the drafts it makes again. The new drafts replace them and your edits are lost: copy what you want to keep first.`}
          >
            {(close) => (
              <div className="space-y-4">
                <ul className="list-disc space-y-1 pl-5 text-sm" data-testid="edits-lost">
                  {edited.map((where) => (
                    <li key={where}>{where}</li>
                  ))}
                </ul>
                <div className="flex flex-wrap justify-end gap-2">
                  <Button variant="ghost" onClick={close}>
                    Keep my edits
                  </Button>
                  <Button
                    variant="danger"
                    onClick={() => {
                      close();
                      start();
                    }}
                  >
                    Refresh anyway
                  </Button>
                </div>
              </div>
            )}
          </Dialog>
        )}
      </div>
      {error && <Notice tone="danger">{error}</Notice>}
      {offer && <UpgradeCard body={offer} startCheckout={startCheckout} />}
    </div>
  );
}
