import type Stripe from "stripe";
import { config } from "@/lib/config";

let client: { key: string; stripe: Stripe } | undefined;

/**
 * The Stripe client when Stripe is configured (STRIPE_API_URL points it at stripe-mock or a
 * proxy); the library loads with the first billing call, not with every request.
 */
export async function stripeClient(): Promise<Stripe | undefined> {
  const settings = config().stripe;
  if (!settings) return undefined;
  if (client?.key !== settings.secretKey + settings.apiUrl) {
    const { default: Stripe } = await import("stripe");
    const api = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
    client = {
      key: settings.secretKey + settings.apiUrl,
      stripe: new Stripe(settings.secretKey, {
        maxNetworkRetries: 2,
        timeout: 20_000,
        telemetry: false,
        ...(api && {
          host: api.hostname,
          port: api.port || (api.protocol === "https:" ? 443 : 80),
          protocol: api.protocol.replace(":", "") as "http" | "https",
        }),
      }),
    };
  }
  return client.stripe;
}
