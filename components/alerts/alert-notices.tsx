"use client";

import { Button, Notice } from "@/components/ui";
import { When } from "@/components/ui/when";
import { useOperationAction } from "@/components/use-operation-action";
import type { ActionResult } from "@/lib/actions/run-operation";
import type { AlertKind } from "@/lib/schemas/alert-kinds";
import { alertKindLabel } from "./labels";

export interface AlertNotice {
  id: string;
  kind: AlertKind;
  message: string;
  fixAt: string;
  createdAt: string;
}

/**
 * The founder's open alerts, each in plain words with a link to where it is fixed and a
 * button that dismisses it. Nothing shows when there is none.
 */
export function AlertNotices({
  alerts,
  dismiss,
}: {
  alerts: AlertNotice[];
  dismiss: (alertId: string) => Promise<ActionResult<unknown>>;
}) {
  const { pending, error, run } = useOperationAction();
  if (alerts.length === 0) return null;
  return (
    <section aria-labelledby="alerts-title" className="space-y-3">
      <h2 id="alerts-title" className="text-sm font-semibold text-muted">
        {alerts.length === 1 ? "1 thing needs your attention" : `${alerts.length} things need your attention`}
      </h2>
      {error && <Notice tone="danger">{error}</Notice>}
      <ul className="space-y-2">
        {alerts.map((alert) => (
          <li key={alert.id}>
            <Notice tone="warning" title={alertKindLabel[alert.kind].title}>
              <div className="flex flex-wrap items-start gap-3">
                <p className="min-w-0 flex-1 break-words">
                  {alert.message}{" "}
                  <span className="text-muted">
                    (<When at={alert.createdAt} relative />)
                  </span>
                </p>
                <div className="flex shrink-0 gap-2">
                  <a href={alert.fixAt} className="font-medium">
                    {alertKindLabel[alert.kind].fix}
                  </a>
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={pending}
                    aria-label={`Dismiss: ${alertKindLabel[alert.kind].title}`}
                    onClick={() => void run(() => dismiss(alert.id))}
                  >
                    Dismiss
                  </Button>
                </div>
              </div>
            </Notice>
          </li>
        ))}
      </ul>
    </section>
  );
}
