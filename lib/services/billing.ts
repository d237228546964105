import "server-only";
import { and, eq } from "drizzle-orm";
import { stripeClient } from "@/lib/billing/stripe-client";
import { config } from "@/lib/config";
import type { ServiceContext } from "@/lib/core/context";
import type { Database } from "@/lib/db";
import type { AccountRecord } from "@/lib/db/records";
import { accounts, checkoutSessions, subscriptions } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import type { PaidPlan } from "@/lib/limits";
import { isSafeReturnPath } from "@/lib/schemas/return-path";

type Provider = "stripe" | "local";

/** Who sells plans here; "unavailable" (a server database without Stripe or BILLING=local) sells none. */
export const billingProvider = () => config().billing;

/** The answer wherever a plan would be bought while no provider sells plans: nothing changes. */
export const billingUnavailable = () =>
  new AppError(
    "billing_unavailable",
    "No payment provider is configured on this server (STRIPE_SECRET_KEY), so no plan can be bought here; your plan is unchanged.",
  );

export async function getBilling(db: Database, account: AccountRecord) {
  const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.accountId, account.id));
  return billingOf(account, subscription);
}

/** An account's billing state from its subscription row (none for most accounts). */
export function billingOf(account: AccountRecord, subscription: typeof subscriptions.$inferSelect | null | undefined) {
  return {
    plan: account.plan,
    status: subscription?.status ?? "none",
    activated: account.activated,
    provider: subscription?.provider ?? (billingProvider() === "stripe" ? "stripe" : "local"),
    currentPeriodEnd: subscription?.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: subscription?.cancelAtPeriodEnd ?? false,
  };
}

/** The caller's plan and billing state. */
export async function getBillingState(ctx: ServiceContext) {
  return { billing: await getBilling(ctx.db, ctx.account) };
}

/** A hosted checkout link: a Stripe Checkout Session, or the local test-mode checkout page. */
export async function createCheckout(ctx: ServiceContext, input: { plan: PaidPlan; returnTo?: string }) {
  const { db, account } = ctx;
  const { plan } = input;
  // Where the upgrade started, to come back to once paid (a path of this site only: never another host).
  const returnTo = isSafeReturnPath(input.returnTo) ? input.returnTo : undefined;
  const back = returnTo ? `return=${encodeURIComponent(returnTo)}` : "";
  const { appUrl, stripe: settings } = config();
  if (billingProvider() === "unavailable") throw billingUnavailable();
  const recorded = await recordedSubscription(db, account.id);
  if (account.plan === plan && recorded && payingSubscriptionStatuses.has(recorded.status)) {
    // A second checkout would start a second subscription for the same plan, charged twice.
    const message = `This account already pays for ${plan}; change or cancel it from the billing settings.`;
    throw new AppError("invalid_request", message, { details: { issues: [{ path: "plan", message }] } });
  }
  const stripe = await stripeClient();
  if (!stripe || !settings) {
    const [session] = await db.insert(checkoutSessions).values({ accountId: account.id, plan }).returning();
    return { url: `${appUrl}/billing/checkout/${session!.id}${back && `?${back}`}`, plan };
  }
  const price = settings.prices[plan];
  if (!price)
    throw new AppError("provider_unavailable", `Checkout for ${plan} is not configured (STRIPE_PRICE_${plan.toUpperCase()}).`);
  const metadata = { accountId: account.id, plan };
  const session = await stripe.checkout.sessions
    .create({
      mode: "subscription",
      line_items: [{ price, quantity: 1 }],
      client_reference_id: account.id,
      // One Stripe customer an account: the portal then shows, and deletion cancels, every subscription it has.
      ...(recorded?.stripeCustomerId ? { customer: recorded.stripeCustomerId } : { customer_email: account.email }),
      metadata,
      subscription_data: { metadata },
      success_url: `${appUrl}/billing/done?plan=${plan}${back && `&${back}`}`,
      cancel_url: `${appUrl}${returnTo ?? "/pricing"}`,
    })
    .catch((error: unknown) => {
      throw new AppError("provider_unavailable", "The payment provider did not answer. Retry in a moment.", { cause: error });
    });
  if (!session.url) throw new AppError("provider_unavailable");
  return { url: session.url, plan };
}

/**
 * Cancels every Stripe subscription the account could still be charged for, as Stripe sees
 * them now: each of its customer's (an older plan kept beside an upgrade, an upgrade not paid
 * yet), and the recorded and pending ones wherever they are. A checkout completed after the
 * account is gone is cancelled by the webhook.
 */
export async function cancelStripeSubscriptions(db: Database, { accountId }: { accountId: string }): Promise<void> {
  const stripe = await stripeClient();
  const recorded = await recordedSubscription(db, accountId);
  if (!stripe || recorded?.provider !== "stripe") return;
  const statuses = new Map<string, string>();
  if (recorded.stripeCustomerId) {
    for await (const subscription of stripe.subscriptions.list({
      customer: recorded.stripeCustomerId,
      status: "all",
      limit: 100,
    }))
      statuses.set(subscription.id, subscription.status);
  }
  for (const id of [recorded.stripeSubscriptionId, recorded.pendingStripeSubscriptionId]) {
    if (id && !statuses.has(id)) statuses.set(id, (await stripe.subscriptions.retrieve(id)).status);
  }
  for (const [id, status] of statuses) if (!finalSubscriptionStatuses.includes(status)) await stripe.subscriptions.cancel(id);
}

interface Activation {
  accountId: string;
  plan: PaidPlan;
  provider: Provider;
  status?: string;
  stripeCustomerId?: string | null;
  stripeSubscriptionId?: string | null;
  currentPeriodEnd?: Date | null;
  cancelAtPeriodEnd?: boolean;
  /**
   * A checkout whose payment is still pending: the plan changes once it is paid (the
   * subscription's update). A founder already paying keeps that subscription meanwhile,
   * so an upgrade whose payment fails leaves them where they were.
   */
  paymentPending?: boolean;
  /**
   * An update of a Stripe subscription rather than a checkout: it applies to the account's
   * own subscription, or to a new one once the account's is over. An older subscription the
   * founder still pays for (a Pro kept after buying Studio) renewing changes nothing.
   */
  subscriptionUpdate?: boolean;
}

/** Subscription statuses Stripe never brings back: a late or retried event about such a subscription activates nothing. */
export const finalSubscriptionStatuses = ["canceled", "incomplete_expired"];
/** Statuses of a subscription that no longer pays for a plan. */
export const endedSubscriptionStatuses = new Set([...finalSubscriptionStatuses, "unpaid"]);
/** Statuses of a subscription that pays for its plan (past due: Stripe is still retrying). */
const payingSubscriptionStatuses = new Set(["active", "trialing", "past_due"]);

/** The account's row, locked: plan changes of one account commit one after another, never between. */
async function lockAccount(tx: Database, accountId: string) {
  const [locked] = await tx.select().from(accounts).where(eq(accounts.id, accountId)).for("update");
  return locked;
}

async function recordedSubscription(tx: Database, accountId: string) {
  const [recorded] = await tx.select().from(subscriptions).where(eq(subscriptions.accountId, accountId));
  return recorded;
}

type SubscriptionRecord = typeof subscriptions.$inferSelect;

/**
 * What a Stripe activation does to the account's recorded subscription: `take-over` (a
 * checkout, or the pending upgrade paid), `update` (the recorded one's own news),
 * `await-payment` (an upgrade not paid yet, beside a subscription that still pays) or
 * `ignore` (a subscription over for good, an unpaid upgrade's news, an older one renewing).
 */
function activationEffect(
  recorded: SubscriptionRecord | undefined,
  activation: Activation & { status: string },
): "take-over" | "update" | "await-payment" | "ignore" {
  const subscriptionId = activation.stripeSubscriptionId;
  const recordedEffect = activation.subscriptionUpdate ? "update" : "take-over";
  if (!subscriptionId || !recorded) return recordedEffect;
  const own = recorded.stripeSubscriptionId === subscriptionId;
  if (own && finalSubscriptionStatuses.includes(recorded.status)) return "ignore";
  // Another subscription already over (a checkout completed late) never replaces the account's.
  if (!own && finalSubscriptionStatuses.includes(activation.status)) return "ignore";
  if (recorded.pendingStripeSubscriptionId === subscriptionId)
    return payingSubscriptionStatuses.has(activation.status) ? "take-over" : "ignore";
  if (own || !recorded.stripeSubscriptionId) return recordedEffect;
  if (activation.paymentPending && payingSubscriptionStatuses.has(recorded.status)) return "await-payment";
  if (activation.subscriptionUpdate && !endedSubscriptionStatuses.has(recorded.status)) return "ignore";
  return recordedEffect;
}

const setPendingUpgrade = (tx: Database, accountId: string, stripeSubscriptionId: string | null) =>
  tx
    .update(subscriptions)
    .set({ pendingStripeSubscriptionId: stripeSubscriptionId, updatedAt: new Date() })
    .where(eq(subscriptions.accountId, accountId));

/**
 * Puts an account on a paid plan: the one code path for Stripe's webhook and the local
 * checkout. An account's plan follows one subscription, the one its latest checkout made.
 */
export async function activatePlan(db: Database, activation: Activation): Promise<void> {
  await db.transaction(async (tx) => {
    const { accountId, stripeSubscriptionId } = activation;
    if (!(await lockAccount(tx, accountId))) return;
    const status = activation.paymentPending ? "incomplete" : (activation.status ?? "active");
    const recorded = stripeSubscriptionId ? await recordedSubscription(tx, accountId) : undefined;
    const effect = activationEffect(recorded, { ...activation, status });
    if (effect === "ignore") return;
    if (effect === "await-payment") {
      await setPendingUpgrade(tx, accountId, stripeSubscriptionId!);
      return;
    }
    if (payingSubscriptionStatuses.has(status)) {
      await tx
        .update(accounts)
        .set({ plan: activation.plan, activated: true, updatedAt: new Date() })
        .where(eq(accounts.id, accountId));
    }
    const subscription = {
      provider: activation.provider,
      plan: activation.plan,
      status,
      stripeCustomerId: activation.stripeCustomerId ?? null,
      stripeSubscriptionId: stripeSubscriptionId ?? null,
      currentPeriodEnd: activation.currentPeriodEnd ?? null,
      cancelAtPeriodEnd: activation.cancelAtPeriodEnd ?? false,
      ...(effect === "take-over" && { pendingStripeSubscriptionId: null }),
      updatedAt: new Date(),
    };
    await tx
      .insert(subscriptions)
      .values({ accountId, ...subscription })
      .onConflictDoUpdate({ target: subscriptions.accountId, set: subscription });
  });
}

/**
 * Ends a paid plan: a browser signup falls back to the free tier, an API signup to
 * unactivated (zero entitlements), as it was before it paid. With a Stripe subscription
 * named, only when it is the account's own: the end of an older one, or of an upgrade
 * never paid for, changes nothing.
 */
export async function endPlan(
  db: Database,
  { accountId, stripeSubscriptionId, status = "canceled" }: { accountId: string; stripeSubscriptionId?: string; status?: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const account = await lockAccount(tx, accountId);
    if (!account) return;
    if (stripeSubscriptionId) {
      const recorded = await recordedSubscription(tx, accountId);
      if (recorded?.pendingStripeSubscriptionId === stripeSubscriptionId) {
        await setPendingUpgrade(tx, accountId, null);
        return;
      }
      if (recorded?.stripeSubscriptionId !== stripeSubscriptionId) return;
    }
    await tx
      .update(accounts)
      .set({ plan: "free", activated: account.signupDoor === "browser", updatedAt: new Date() })
      .where(eq(accounts.id, accountId));
    await tx
      .update(subscriptions)
      .set({ status, cancelAtPeriodEnd: false, updatedAt: new Date() })
      .where(eq(subscriptions.accountId, accountId));
  });
}

/** The operator's grant of the free tier (e.g. to an API signup that should not pay). */
export async function grantFreePlan(db: Database, { accountId }: { accountId: string }): Promise<void> {
  await db.update(accounts).set({ plan: "free", activated: true, updatedAt: new Date() }).where(eq(accounts.id, accountId));
}

/** Completes a local test-mode checkout session through the same activation as Stripe's webhook. */
export async function completeLocalCheckout(db: Database, { sessionId }: { sessionId: string }) {
  if (billingProvider() !== "local") throw billingUnavailable();
  return db.transaction(async (tx) => {
    // Completing is conditional on the session being open: two concurrent payments activate once.
    const [completed] = await tx
      .update(checkoutSessions)
      .set({ status: "completed", completedAt: new Date() })
      .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.status, "open")))
      .returning();
    if (completed) {
      await activatePlan(tx, { accountId: completed.accountId, plan: completed.plan, provider: "local" });
      return { status: "completed" as const, plan: completed.plan };
    }
    const [session] = await tx.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
    if (!session) throw new AppError("not_found", "This checkout session does not exist.");
    return { status: "completed" as const, plan: session.plan };
  });
}

export async function findLocalCheckout(db: Database, { sessionId }: { sessionId: string }) {
  const [found] = await db
    .select({ session: checkoutSessions, email: accounts.email })
    .from(checkoutSessions)
    .innerJoin(accounts, eq(accounts.id, checkoutSessions.accountId))
    .where(eq(checkoutSessions.id, sessionId));
  return found;
}
