import { planName } from "@/lib/limits/plan-name";
import { planCatalog } from "@/lib/limits/plans";
import { escapeHtml } from "@/lib/mail/html";

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>
*,*::before,*::after{box-sizing:border-box}
body{overflow-wrap:anywhere;font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f8f8fb;color:#17181c;margin:0;line-height:1.6}
header{background:#fff;border-bottom:1px solid #e3e5ea}header div{max-width:520px;margin:0 auto;padding:18px 20px;font-weight:600;font-size:17px}
main{max-width:520px;margin:40px auto;padding:0 20px}.card{background:#fff;border:1px solid #e3e5ea;border-radius:14px;padding:24px 28px;box-shadow:0 1px 2px rgb(23 24 28 / .04)}
h1{font-size:1.5rem;letter-spacing:-.01em;margin:0 0 8px}a{color:#4b3fe0}
.test{background:#fff4d6;border:1px solid rgb(138 90 0 / .3);border-radius:8px;padding:10px 14px;font-size:.9rem;margin:0 0 16px}
button{background:#4b3fe0;color:#fff;border:0;border-radius:8px;padding:12px 20px;font-size:1rem;font-weight:500;cursor:pointer}
button:hover{background:#3a2fc4}a.next{display:inline-block;background:#4b3fe0;color:#fff;border-radius:8px;padding:10px 18px;font-weight:500;text-decoration:none}:focus-visible{outline:2px solid #4b3fe0;outline-offset:2px}
</style></head><body><header><div>Launchloop</div></header><main>${body}</main></body></html>`;
}

/** The local checkout page: clearly a test-mode stand-in for Stripe Checkout. */
export function checkoutPage(options: {
  plan: "pro" | "studio";
  email: string;
  completed: boolean;
  /** Where the upgrade started (a checked path of this site): the way back once paid. */
  returnTo?: string;
}): string {
  const price = planCatalog[options.plan].priceUsd;
  const banner = `<p class="test">Test mode: no payment provider is configured, so no card is charged.</p>`;
  if (options.completed) {
    return page(
      "Plan activated",
      `${banner}<div class="card"><h1>You are on ${planName(options.plan)}</h1>
<p>${escapeHtml(options.email)} now has the ${planName(options.plan)} plan. Your API keys work with it right away.</p>
${options.returnTo ? `<p><a href="${escapeHtml(options.returnTo)}" class="next">Continue where you left off</a></p>` : ""}
<p><a href="/settings/billing">Back to billing</a> · <a href="/docs">API reference</a></p></div>`,
    );
  }
  return page(
    `Checkout: ${planName(options.plan)}`,
    `${banner}<div class="card"><h1>Launchloop ${planName(options.plan)}</h1>
<p>$${price} per month for ${escapeHtml(options.email)}.</p>
<form method="post"><button type="submit">Complete test payment</button></form></div>`,
  );
}

export function checkoutNotFoundPage(): string {
  return page(
    "Checkout not found",
    `<div class="card"><h1>Checkout not found</h1><p>This checkout link is unknown or no longer valid.</p></div>`,
  );
}

/**
 * Shown while the service cannot reach its database (or fails unexpectedly), or where no
 * payment provider is configured at all: nothing was charged or changed.
 */
export function checkoutUnavailablePage(status: number, noProvider = false): string {
  if (noProvider) {
    return page(
      "Checkout unavailable",
      `<div class="card"><h1>Checkout unavailable</h1><p>No payment provider is configured on this server, so no plan can be bought here. Nothing was charged and your plan is unchanged.</p></div>`,
    );
  }
  const what = status === 503 ? "The service is temporarily unavailable." : "Something went wrong on our side.";
  return page(
    "Checkout unavailable",
    `<div class="card"><h1>Checkout unavailable</h1><p>${what} Nothing was charged and your plan is unchanged.</p>
<p>Reload this page in a moment to try again.</p></div>`,
  );
}
