import { billingResponse, checkoutRequest, checkoutResponse } from "@/lib/schemas/account";
import * as billing from "@/lib/services/billing";
import { defineOperation } from "./operation";

export const getBilling = defineOperation({
  id: "getBilling",
  rest: { method: "GET", path: "/api/v1/billing" },
  tag: "Billing",
  summary: "Current plan and billing state",
  description:
    "The plan, the subscription's status, whether the account is activated, the payment provider and the current period's end.",
  response: billingResponse,
  tool: {
    name: "billing_get",
    title: "Billing state",
    description: "Shows the current plan and subscription state.",
    readOnly: true,
    idempotent: true,
  },
  handler: (_input, ctx) => billing.getBillingState(ctx),
});

export const createCheckout = defineOperation({
  id: "createCheckout",
  rest: { method: "POST", path: "/api/v1/billing/checkout" },
  tag: "Billing",
  summary: "Get a hosted checkout link for an upgrade",
  // Buying a plan is billing management: the founder's own, never a connected app's.
  scope: "never",
  description:
    "Answers `{url, plan}`: open the url to pay; the plan is active as soon as the payment completes. " +
    "Without Stripe configured, the url is this service's test-mode checkout page (a POST to it completes the payment), " +
    "but only on the embedded database or with `BILLING=local`; otherwise the answer is 503 `billing_unavailable` and no plan changes.",
  body: checkoutRequest,
  response: checkoutResponse,
  errors: ["provider_unavailable", "billing_unavailable"],
  tool: {
    name: "billing_checkout",
    title: "Get an upgrade link",
    description:
      "Returns a checkout link for the pro or studio plan. Call it when a tool answered `upgrade_required` (its `upgrade.checkout.body` names the plan); give the url to the founder to pay. The plan is active as soon as payment completes.",
  },
  reaches: "the payment provider (Stripe), when configured: the checkout session is created there",
  handler: ({ body }, ctx) => billing.createCheckout(ctx, body),
});
