import { eq } from "drizzle-orm";
import { stripeClient } from "@/lib/billing/stripe-client";
import { config } from "@/lib/config";
import type { ServiceContext } from "@/lib/core/context";
import { subscriptions } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";

/** Stripe's customer portal (change card, switch plan, cancel) for an account that pays through Stripe. */
export async function openBillingPortal(ctx: ServiceContext) {
  const stripe = await stripeClient();
  const [subscription] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.accountId, ctx.account.id));
  if (!stripe || !subscription?.stripeCustomerId) {
    throw new AppError("not_found", "There is no Stripe subscription to manage for this account.");
  }
  const session = await stripe.billingPortal.sessions
    .create({ customer: subscription.stripeCustomerId, return_url: `${config().appUrl}/settings/billing` })
    .catch((error: unknown) => {
      throw new AppError("provider_unavailable", "The payment provider did not answer. Retry in a moment.", { cause: error });
    });
  return { url: session.url };
}
