import { publicPlans } from "@/lib/limits/plans";

export const metadata = { title: "Launchloop pricing" };

const describeRuns = (plan: ReturnType<typeof publicPlans>[number]) =>
  `${plan.dailyRuns} agent runs a day${plan.dailyRunsScope === "project" ? " per project" : ""}`;

/** Built from the same plan table as /api/v1/meta and every plan gate. */
export default function PricingPage() {
  return (
    <>
      <h1>Pricing</h1>
      <p className="muted">Every plan includes the five-agent launch pipeline and the Marketing Playbook.</p>
      <table>
        <thead>
          <tr><th>Plan</th><th>Price</th><th>Projects</th><th>Runs</th><th>Exports</th><th>Weekly growth loop</th></tr>
        </thead>
        <tbody>
          {publicPlans().map((plan) => (
            <tr key={plan.plan}>
              <td><strong>{plan.plan}</strong></td>
              <td>{plan.priceUsd === 0 ? "Free" : `$${plan.priceUsd}/month`}</td>
              <td>{plan.projects}</td>
              <td>{describeRuns(plan)}</td>
              <td>{plan.canExport ? "JSON, DOCX, PDF, XLSX" : "—"}</td>
              <td>{plan.canGrow ? "Included" : "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">
        Accounts created through the API start unactivated until a paid plan is chosen. Upgrade with{" "}
        <code>POST /api/v1/billing/checkout</code> (see <a href="/docs/billing">billing</a>).
      </p>
    </>
  );
}
