import { sentenceCase } from "@/components/labels";
import { planLines } from "@/components/plan-lines";
import { planName } from "@/components/plan-name";
import { Badge, Card, CardBody, CardHeader, Notice } from "@/components/ui";
import { When } from "@/components/ui/when";
import { UsageMeter } from "@/components/usage-meter";
import { readOperation } from "@/lib/actions/run-operation";
import { planCatalog } from "@/lib/limits/plans";
import { getMe } from "@/lib/operations/account";
import { isSafeReturnPath } from "@/lib/schemas/return-path";
import { BillingPortalButton, UpgradeButton } from "./billing-forms";

export const metadata = { title: "Billing" };

const rank = { free: 0, pro: 1, studio: 2 } as const;

export default async function BillingPage({ searchParams }: { searchParams: Promise<{ return?: string }> }) {
  const { return: back } = await searchParams;
  const returnTo = isSafeReturnPath(back) ? back : undefined;
  const me = await readOperation(getMe);
  const { account, billing, limits, usage } = me;
  const offered = (["pro", "studio"] as const).filter((plan) => !account.activated || rank[plan] > rank[account.plan]);
  const statusTone = billing.status === "active" ? "success" : billing.status === "none" ? "neutral" : "warning";
  return (
    <>
      <Card aria-labelledby="plan-title">
        <CardHeader
          id="plan-title"
          title={account.activated ? `${planName(account.plan)} plan` : "Not activated"}
          description={
            account.activated ? undefined : "Accounts created through the API start without a plan: choose one to start projects."
          }
          actions={
            <Badge tone={statusTone}>{billing.status === "none" ? "No subscription" : sentenceCase(billing.status)}</Badge>
          }
        />
        <CardBody className="space-y-6">
          <div className="grid gap-6 sm:grid-cols-2">
            <UsageMeter
              label="Drafts today"
              used={usage.runsToday}
              limit={limits.dailyRuns}
              note={limits.dailyRunsScope === "project" ? "per project" : undefined}
            />
            <UsageMeter label="Projects" used={usage.projects} limit={limits.projects} />
          </div>
          <ul className="flex flex-wrap gap-2 text-sm">
            <li>
              <Badge tone={limits.canExport ? "success" : "neutral"}>
                {limits.canExport ? "Exports included" : "No exports"}
              </Badge>
            </li>
            <li>
              <Badge tone={limits.canGrow ? "success" : "neutral"}>
                {limits.canGrow ? "Growth loop included" : "No growth loop"}
              </Badge>
            </li>
          </ul>
          {billing.currentPeriodEnd && (
            <p className="text-sm text-muted">
              {billing.cancelAtPeriodEnd ? "Ends" : "Renews"} on <When at={billing.currentPeriodEnd} />.
            </p>
          )}
          {billing.provider === "stripe" && billing.status !== "none" && <BillingPortalButton />}
        </CardBody>
      </Card>

      {offered.length > 0 && (
        <Card aria-labelledby="upgrade-title">
          <CardHeader
            id="upgrade-title"
            title="Upgrade"
            description="The plan is active as soon as the payment completes; your API keys keep working."
          />
          <CardBody className="space-y-4">
            {billing.provider === "local" && (
              <Notice tone="warning">Test mode: no payment provider is configured, so checkout completes without a card.</Notice>
            )}
            <div className="grid gap-4 md:grid-cols-2">
              {offered.map((plan) => (
                <div key={plan} className="flex flex-col gap-4 rounded-xl border border-line p-5">
                  <div className="flex items-baseline justify-between">
                    <h3 className="text-lg font-semibold">{planName(plan)}</h3>
                    <p>
                      <span className="text-2xl font-semibold">${planCatalog[plan].priceUsd}</span>
                      <span className="text-muted">/month</span>
                    </p>
                  </div>
                  <ul className="flex-1 list-disc space-y-1 pl-5 text-[15px]">
                    {planLines(plan)
                      .filter((line) => line.included)
                      .map((line) => (
                        <li key={line.text}>{line.text}</li>
                      ))}
                  </ul>
                  <UpgradeButton
                    plan={plan}
                    label={`Upgrade to ${planName(plan)}`}
                    primary={plan === "pro"}
                    returnTo={returnTo}
                  />
                </div>
              ))}
            </div>
          </CardBody>
        </Card>
      )}
    </>
  );
}
