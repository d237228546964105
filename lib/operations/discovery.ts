import { publicPlans } from "@/lib/limits";
import { type AnyOperation, admits, type RestOperation } from "./operation";

/** How a caller authenticates: no one, an API key, or (browser-only operations) a session. */
function authOf(operation: AnyOperation): "none" | "key" | "session" {
  if (admits(operation, "none")) return "none";
  return admits(operation, "key") ? "key" : "session";
}

/** What an agent or a developer needs to start: product, pricing, how to authenticate, every endpoint. */
export function describeService(operations: readonly RestOperation[], appUrl: string) {
  return {
    product: {
      name: "Launchloop",
      description:
        "An AI marketing service for founders: onboarding answers become a reviewed launch pack through five agent runs " +
        "(market-strategist, brand-architect, launch-strategist, website-copy, launch-assets), followed by a weekly growth loop.",
    },
    apiVersion: "v1" as const,
    pricing: { plans: publicPlans(), pricingUrl: `${appUrl}/pricing` },
    auth: {
      type: "bearer" as const,
      header: "Authorization: Bearer <API_KEY>",
      steps: [
        "POST /api/v1/signup with {email, password, acceptTerms: true}: answers 202 and sends a confirmation e-mail.",
        "Take the token_hash from the e-mail's link and POST it as {tokenHash} to /api/v1/keys/bootstrap: answers your API key, once.",
        "API signups start unactivated: GET /api/v1/me shows activation.checkout, the request that returns a checkout link for a paid plan.",
        "Send the key as 'Authorization: Bearer <key>' on every other call, REST or MCP.",
      ],
    },
    endpoints: operations.map((operation) => ({
      method: operation.rest.method,
      path: operation.rest.path,
      auth: authOf(operation),
      summary: operation.summary,
    })),
    openapi: `${appUrl}/api/v1/openapi.json`,
    mcp: { url: `${appUrl}/api/mcp`, transport: "streamable-http" as const },
    docs: `${appUrl}/docs`,
  };
}
