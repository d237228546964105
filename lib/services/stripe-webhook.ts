import "server-only";
import { and, eq, notInArray } from "drizzle-orm";
import type Stripe from "stripe";
import { stripeClient } from "@/lib/billing/stripe-client";
import { config } from "@/lib/config";
import type { Database } from "@/lib/db";
import { accounts, stripeEvents, subscriptions } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import type { PaidPlan } from "@/lib/limits";
import { uuid } from "@/lib/schemas/common";
import { activatePlan, endedSubscriptionStatuses, endPlan, finalSubscriptionStatuses } from "./billing";

const handledEvents = new Set([
  "checkout.session.completed",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.payment_failed",
]);

/** Verifies a webhook's signature on the raw body; a bad one is 400 `invalid_signature`. */
export async function verifyStripeEvent(rawBody: string, signature: string | null): Promise<Stripe.Event> {
  const stripe = await stripeClient();
  const secret = config().stripe?.webhookSecret;
  if (!stripe || !secret) throw new AppError("not_found", "Stripe webhooks are not configured here.");
  if (!signature) throw new AppError("invalid_signature");
  try {
    return stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    throw new AppError("invalid_signature");
  }
}

/**
 * Applies one Stripe event. Each event id is recorded in the same transaction as its
 * effect, so a replayed event changes nothing; events outside the allow-list are ignored.
 */
export async function handleStripeEvent(db: Database, event: Stripe.Event): Promise<{ handled: boolean; duplicate: boolean }> {
  if (!handledEvents.has(event.type)) return { handled: false, duplicate: false };
  // Asked before the transaction opens (Stripe may be slow): a checkout completed late, or
  // retried for days, activates what Stripe bills now, not what the session said back then.
  const current = event.type === "checkout.session.completed" ? await currentSubscription(event.data.object) : undefined;
  if (current && !finalSubscriptionStatuses.includes(current.status) && (await forDeletedAccount(db, event))) {
    // A checkout completed after its account was deleted (its page was still open): nobody to bill.
    await (await stripeClient())!.subscriptions.cancel(current.id).catch((error: unknown) => {
      throw new AppError("provider_unavailable", "Stripe did not cancel the subscription; deliver again.", { cause: error });
    });
  }
  return db.transaction(async (tx) => {
    const recorded = await tx.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning();
    if (recorded.length === 0) return { handled: true, duplicate: true };
    await applyEvent(tx, event, current);
    return { handled: true, duplicate: false };
  });
}

/** Whether a completed checkout is one of ours (its metadata says so) for an account that no longer exists. */
async function forDeletedAccount(db: Database, event: Stripe.Event): Promise<boolean> {
  const { metadata } = event.data.object as Stripe.Checkout.Session;
  const accountId = uuid.safeParse(metadata?.accountId);
  if (!accountId.success || (metadata?.plan !== "pro" && metadata?.plan !== "studio")) return false;
  const [account] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId.data));
  return !account;
}

/** The checkout's subscription as Stripe has it now; null when Stripe has none by that id. */
async function currentSubscription(session: Stripe.Checkout.Session): Promise<Stripe.Subscription | null | undefined> {
  const id = idOf(session.subscription);
  const stripe = await stripeClient();
  if (!id || !stripe) return undefined;
  try {
    return await stripe.subscriptions.retrieve(id);
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) return null;
    // Answered 503: Stripe delivers the event again later.
    throw new AppError("provider_unavailable", "Stripe did not answer about the subscription; deliver again.", { cause: error });
  }
}

async function applyEvent(db: Database, event: Stripe.Event, current: Stripe.Subscription | null | undefined) {
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      const accountId = session.client_reference_id ?? session.metadata?.accountId;
      const plan = session.metadata?.plan as PaidPlan | undefined;
      if (!accountId || (plan !== "pro" && plan !== "studio") || current === null) return;
      await activatePlan(db, {
        accountId,
        plan,
        provider: "stripe",
        stripeCustomerId: idOf(session.customer),
        stripeSubscriptionId: idOf(session.subscription),
        // An asynchronous payment still pending: the subscription's update activates it when paid.
        paymentPending: current ? current.status === "incomplete" : session.payment_status === "unpaid",
        ...(current && {
          status: current.status,
          currentPeriodEnd: periodEndOf(current),
          cancelAtPeriodEnd: current.cancel_at_period_end,
        }),
      });
      return;
    }
    case "customer.subscription.updated": {
      const subscription = event.data.object;
      const accountId = await accountOfSubscription(db, subscription);
      if (!accountId) return;
      if (endedSubscriptionStatuses.has(subscription.status))
        return endPlan(db, { accountId, stripeSubscriptionId: subscription.id, status: subscription.status });
      await activatePlan(db, {
        accountId,
        plan: planOfSubscription(subscription),
        provider: "stripe",
        status: subscription.status,
        stripeCustomerId: idOf(subscription.customer),
        stripeSubscriptionId: subscription.id,
        currentPeriodEnd: periodEndOf(subscription),
        cancelAtPeriodEnd: subscription.cancel_at_period_end,
        subscriptionUpdate: true,
      });
      return;
    }
    case "customer.subscription.deleted": {
      const subscription = event.data.object;
      const accountId = await accountOfSubscription(db, subscription);
      if (accountId) await endPlan(db, { accountId, stripeSubscriptionId: subscription.id, status: "canceled" });
      return;
    }
    case "invoice.payment_failed": {
      const invoice = event.data.object as Stripe.Invoice & { subscription?: string | { id: string } | null };
      const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription ?? invoice.subscription ?? null);
      if (subscriptionId) {
        // A subscription that no longer pays stays so: a late failure must not make it look alive again.
        await db
          .update(subscriptions)
          .set({ status: "past_due", updatedAt: new Date() })
          .where(
            and(
              eq(subscriptions.stripeSubscriptionId, subscriptionId),
              notInArray(subscriptions.status, [...endedSubscriptionStatuses]),
            ),
          );
      }
      return;
    }
  }
}

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

async function accountOfSubscription(db: Database, subscription: Stripe.Subscription): Promise<string | undefined> {
  if (subscription.metadata?.accountId) return subscription.metadata.accountId;
  const [known] = await db
    .select({ accountId: subscriptions.accountId })
    .from(subscriptions)
    .where(eq(subscriptions.stripeSubscriptionId, subscription.id));
  return known?.accountId;
}

function planOfSubscription(subscription: Stripe.Subscription): PaidPlan {
  const prices = config().stripe?.prices;
  const priceId = subscription.items?.data?.[0]?.price?.id;
  if (priceId && priceId === prices?.studio) return "studio";
  if (priceId && priceId === prices?.pro) return "pro";
  return subscription.metadata?.plan === "studio" ? "studio" : "pro";
}

function periodEndOf(subscription: Stripe.Subscription): Date | null {
  const legacy = (subscription as unknown as { current_period_end?: number }).current_period_end;
  const seconds = subscription.items?.data?.[0]?.current_period_end ?? legacy;
  return seconds ? new Date(seconds * 1000) : null;
}
