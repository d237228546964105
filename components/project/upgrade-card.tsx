"use client";

import { planName } from "@/components/plan-name";
import { Button, Card, CardBody, CardHeader, Notice } from "@/components/ui";
import type { UpgradeBody } from "@/components/upgrade-offer";
import { useOperationAction } from "@/components/use-operation-action";
import type { ActionResult } from "@/lib/actions/run-operation";

const featureSentence = {
  exports: "Exports (DOCX, PDF, XLSX, JSON) and downloads of the whole pack come with a paid plan.",
  growth: "The weekly growth loop comes with a paid plan.",
  projects: "Your plan's projects are all in use.",
  runs: "Your plan has no drafts left for today.",
} as const;

/**
 * A friendly upgrade card built from a 402 body: its own plans and its checkout request,
 * which `startCheckout` sends for the signed-in founder before going to the hosted page.
 */
export function UpgradeCard({
  body,
  startCheckout,
}: {
  body: UpgradeBody;
  startCheckout: (plan: "pro" | "studio", returnTo?: string) => Promise<ActionResult<{ url: string }>>;
}) {
  const { pending, error: failure, run } = useOperationAction();
  const plans = body.upgrade?.plans ?? ["pro", "studio"];
  const choose = (plan: "pro" | "studio") =>
    run(
      // Back to this very page once paid, where the upgrade started.
      () => startCheckout(plan, `${window.location.pathname}${window.location.search}${window.location.hash}`),
      (data) => window.location.assign(data.url),
      { refresh: false },
    );
  return (
    <Card aria-labelledby="upgrade-title" className="border-accent/30" data-testid="upgrade-card">
      <CardHeader
        id="upgrade-title"
        title="Upgrade to continue"
        description={body.feature ? featureSentence[body.feature] : undefined}
      />
      <CardBody className="space-y-4">
        <p className="text-[15px]">{body.error}</p>
        <div className="flex flex-wrap gap-2">
          {plans.map((plan, index) => (
            <Button key={plan} variant={index === 0 ? "primary" : "secondary"} disabled={pending} onClick={() => choose(plan)}>
              Upgrade to {planName(plan)}
            </Button>
          ))}
          {body.upgrade?.pricingUrl && (
            <a href={body.upgrade.pricingUrl} className="inline-flex h-10 items-center px-2 text-[15px]">
              Compare plans
            </a>
          )}
        </div>
        {failure && <Notice tone="danger">{failure}</Notice>}
      </CardBody>
    </Card>
  );
}

/** Whether a failed action's envelope is a 402 with its upgrade block. */

export { isUpgrade, type UpgradeBody } from "@/components/upgrade-offer";
