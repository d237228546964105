export const metadata = { title: "Launchloop billing" };

export default function BillingDocsPage() {
  return (
    <article className="prose-ll">
      <h1>Plans and billing</h1>
      <p>
        Your plan decides how many projects you can have, how many agent runs and cycle plans you can start a day, and whether you
        can export and run the weekly growth loop. See <a href="/pricing">pricing</a>.
      </p>
      <h2>When a plan gate stops you</h2>
      <p>
        A call your plan does not include answers <code>402</code> with <code>code: &quot;upgrade_required&quot;</code>, the{" "}
        <code>feature</code> that is locked (<code>projects</code>, <code>runs</code>, <code>exports</code> or <code>growth</code>
        ) and an <code>upgrade</code> block: the plans that lift the lock and the exact request that gets you a checkout link.
      </p>
      <pre>{`{
  "error": "Exports are part of the Pro and Studio plans.",
  "code": "upgrade_required",
  "retryable": false,
  "feature": "exports",
  "upgrade": {
    "plans": ["pro", "studio"],
    "checkout": { "method": "POST", "path": "/api/v1/billing/checkout", "body": { "plan": "pro" } },
    "pricingUrl": ".../pricing",
    "docsUrl": ".../docs/billing"
  }
}`}</pre>
      <h2>Upgrading</h2>
      <ol>
        <li>
          Send the <code>upgrade.checkout</code> request with your API key. It answers <code>{`{url, plan}`}</code>.
        </li>
        <li>
          Open the <code>url</code> and pay. The plan is active as soon as the payment completes; your keys keep working.
        </li>
        <li>
          <code>GET /api/v1/billing</code> shows the plan and the subscription state.
        </li>
      </ol>
      <p>
        Where no payment provider is configured (a local or self-hosted install), the url is this service&apos;s own test-mode
        checkout page: submitting it (or any <code>POST</code> to the url) activates the plan without a charge.
      </p>
      <h2>Limits</h2>
      <ul>
        <li>
          The daily run cap counts agent runs and cycle plans, resets at midnight UTC, and answers <code>429</code>{" "}
          <code>daily_run_limit</code> with <code>Retry-After</code> until midnight. A run that fails through our fault or the
          model provider&apos;s is given back.
        </li>
        <li>
          Content edits, decision edits and item generations share an hourly write limit: <code>429</code>{" "}
          <code>write_limit</code>, <code>Retry-After: 3600</code>.
        </li>
        <li>
          Every key has a per-minute rate limit: <code>429</code> <code>rate_limited</code>.
        </li>
      </ul>
      <h2>Cancelling</h2>
      <p>
        When a subscription ends, an account created in the browser returns to the free plan, and an account created through the
        API returns to unactivated. Your projects and content stay.
      </p>
    </article>
  );
}
