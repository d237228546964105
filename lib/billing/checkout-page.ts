import { planCatalog } from "@/lib/limits/plans";

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title><style>
body{font-family:system-ui,sans-serif;background:#fbfbfd;color:#17181c;margin:0}
main{max-width:520px;margin:48px auto;padding:0 20px}.card{background:#fff;border:1px solid #e3e5ea;border-radius:12px;padding:24px}
.test{background:#fff4d6;border:1px solid #f0c36d;border-radius:8px;padding:10px 12px;font-weight:600}
button{background:#4b3fe0;color:#fff;border:0;border-radius:8px;padding:12px 18px;font-size:1rem;cursor:pointer}
</style></head><body><main>${body}</main></body></html>`;
}

/** The local checkout page: clearly a test-mode stand-in for Stripe Checkout. */
export function checkoutPage(options: { plan: "pro" | "studio"; email: string; completed: boolean }): string {
  const price = planCatalog[options.plan].priceUsd;
  const banner = `<p class="test">Test mode: no payment provider is configured, so no card is charged.</p>`;
  if (options.completed) {
    return page("Plan activated", `${banner}<div class="card"><h1>You are on ${options.plan}</h1>
<p>${escape(options.email)} now has the ${options.plan} plan. Your API keys work with it right away.</p>
<p><a href="/docs">Back to the API reference</a></p></div>`);
  }
  return page(`Checkout: ${options.plan}`, `${banner}<div class="card"><h1>Launchloop ${options.plan}</h1>
<p>$${price} per month for ${escape(options.email)}.</p>
<form method="post"><button type="submit">Complete test payment</button></form></div>`);
}

export function checkoutNotFoundPage(): string {
  return page("Checkout not found", `<div class="card"><h1>Checkout not found</h1><p>This checkout link is unknown or no longer valid.</p></div>`);
}
