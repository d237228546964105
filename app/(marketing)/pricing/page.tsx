import { planLines } from "@/components/plan-lines";
import { planName } from "@/components/plan-name";
import { Badge, ButtonLink, Card, CardBody } from "@/components/ui";
import { publicPlans } from "@/lib/limits/plans";

export const metadata = { title: "Pricing" };

/** Built from the same plan table as /api/v1/meta and every plan gate. */
export default function PricingPage() {
  return (
    <div className="space-y-10">
      <div className="max-w-2xl space-y-3">
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">Pricing</h1>
        <p className="text-lg text-muted">Every plan includes the five-agent launch pipeline and the Marketing Playbook.</p>
      </div>
      <div className="grid gap-4 md:grid-cols-3">
        {publicPlans().map((plan) => (
          <Card key={plan.plan} className={plan.plan === "pro" ? "ring-2 ring-accent" : undefined}>
            <CardBody className="flex h-full flex-col gap-5">
              <div className="space-y-1">
                <div className="flex items-center justify-between">
                  <h2 className="text-lg font-semibold">{planName(plan.plan)}</h2>
                  {plan.plan === "pro" && <Badge tone="accent">Most founders</Badge>}
                </div>
                <p>
                  <span className="text-3xl font-semibold tracking-tight">
                    {plan.priceUsd === 0 ? "Free" : `$${plan.priceUsd}`}
                  </span>
                  {plan.priceUsd > 0 && <span className="text-muted">/month</span>}
                </p>
              </div>
              <ul className="flex-1 space-y-2 text-[15px]">
                {planLines(plan.plan).map((line) => (
                  <li key={line.text} className={line.included ? undefined : "text-muted"}>
                    {line.text}
                  </li>
                ))}
              </ul>
              <ButtonLink
                href={plan.priceUsd === 0 ? "/signup" : "/settings/billing"}
                variant={plan.plan === "pro" ? "primary" : "secondary"}
              >
                {plan.priceUsd === 0 ? "Start free" : `Choose ${planName(plan.plan)}`}
              </ButtonLink>
            </CardBody>
          </Card>
        ))}
      </div>
      <p className="max-w-2xl text-[15px] text-muted">
        Accounts created through the API start unactivated until a paid plan is chosen. Upgrade in the dashboard, or with{" "}
        <code>POST /api/v1/billing/checkout</code> (see <a href="/docs/billing">billing</a>).
      </p>
    </div>
  );
}
