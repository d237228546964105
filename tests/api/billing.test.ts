import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as stripeWebhook } from "@/app/api/webhooks/stripe/route";
import { GET as localCheckoutGet, POST as localCheckoutPost } from "@/app/billing/checkout/[sessionId]/route";
import { reloadConfig } from "@/lib/config";
import type { ServiceContext } from "@/lib/core/context";
import { subscriptions } from "@/lib/db/schema";
import { deleteAccount, openBillingPortal } from "@/lib/operations/account-admin";
import { executeOperation } from "@/lib/operations/execute";
import { accountOnPlan, reloadAccount } from "../support/accounts";
import { startFakeStripe } from "../support/fake-stripe";
import { createTestApp, type TestApp } from "../support/test-app";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

function useStripe(env: Record<string, string> | undefined) {
  for (const name of [
    "STRIPE_SECRET_KEY",
    "STRIPE_WEBHOOK_SECRET",
    "STRIPE_PRICE_PRO",
    "STRIPE_PRICE_STUDIO",
    "STRIPE_API_URL",
  ]) {
    delete process.env[name];
  }
  Object.assign(process.env, env ?? {});
  reloadConfig();
}

const checkoutContext = (url: string) => ({ params: Promise.resolve({ sessionId: new URL(url).pathname.split("/").at(-1)! }) });

describe("billing without Stripe: the local test-mode checkout", () => {
  beforeAll(() => useStripe(undefined));

  it("takes an unactivated API account from its activation pointer to a working pro plan", async () => {
    const { key } = await app.signUpWithKey();
    const before = await app.request("GET", "/api/v1/me", { key });
    const pointer = before.json.activation.checkout;

    const checkout = await app.request(pointer.method, pointer.path, { key, body: pointer.body });
    expect(checkout.status).toBe(200);
    expect(checkout.json).toEqual({
      url: expect.stringMatching(/^http:\/\/launchloop\.test\/billing\/checkout\/[0-9a-f-]{36}$/),
      plan: "pro",
    });

    const page = await localCheckoutGet(new Request(checkout.json.url), checkoutContext(checkout.json.url));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Test mode");
    expect(html).toContain('<form method="post">');

    const paid = await localCheckoutPost(new Request(checkout.json.url, { method: "POST" }), checkoutContext(checkout.json.url));
    expect(await paid.json()).toEqual({ status: "completed", plan: "pro" });

    const after = await app.request("GET", "/api/v1/me", { key });
    expect(after.json.account).toMatchObject({ plan: "pro", activated: true });
    expect(after.json.limits).toEqual({ projects: 1, dailyRuns: 40, dailyRunsScope: "account", canExport: true, canGrow: true });
    expect(after.json).not.toHaveProperty("activation");
    const billing = await app.request("GET", "/api/v1/billing", { key });
    expect(billing.json).toEqual({
      billing: {
        plan: "pro",
        status: "active",
        activated: true,
        provider: "local",
        currentPeriodEnd: null,
        cancelAtPeriodEnd: false,
      },
    });
  });

  it("completing a session twice changes nothing more; an unknown session is 404", async () => {
    const { key } = await app.signUpWithKey();
    const { json } = await app.request("POST", "/api/v1/billing/checkout", { key, body: { plan: "studio" } });
    const first = await localCheckoutPost(
      new Request(json.url, { method: "POST", headers: { accept: "text/html" } }),
      checkoutContext(json.url),
    );
    expect(await first.text()).toContain("You are on Studio");
    const again = await localCheckoutPost(new Request(json.url, { method: "POST" }), checkoutContext(json.url));
    expect(await again.json()).toEqual({ status: "completed", plan: "studio" });

    const unknown = "http://launchloop.test/billing/checkout/00000000-0000-4000-8000-000000000000";
    const missing = await localCheckoutPost(new Request(unknown, { method: "POST" }), checkoutContext(unknown));
    expect(missing.status).toBe(404);
    expect((await missing.json()).code).toBe("not_found");
  });

  it("comes back to where the upgrade started, once paid (a path of this site only)", async () => {
    const { key } = await app.signUpWithKey();
    const returnTo = "/projects/0b7f3c2e-1111-4222-8333-944445555666/growth";
    const { json } = await app.request("POST", "/api/v1/billing/checkout", { key, body: { plan: "pro", returnTo } });
    expect(json.url).toMatch(/\/billing\/checkout\/[0-9a-f-]{36}\?return=%2Fprojects%2F/);
    const paid = await localCheckoutPost(
      new Request(json.url, { method: "POST", headers: { accept: "text/html" } }),
      checkoutContext(json.url),
    );
    expect(await paid.text()).toContain(`<a href="${returnTo}" class="next">Continue where you left off</a>`);
    // A return address smuggled into the page's own address is not followed.
    const smuggled = `${json.url.split("?")[0]}?return=${encodeURIComponent("//evil.example")}`;
    const page = await localCheckoutGet(new Request(smuggled, { headers: { accept: "text/html" } }), checkoutContext(smuggled));
    expect(await page.text()).not.toContain("evil.example");
  });

  it.each([
    ["free", { plan: "free" }],
    ["a missing plan", {}],
    ["an unknown property", { plan: "pro", coupon: "FREE" }],
    ["another site to return to", { plan: "pro", returnTo: "//evil.example/pwn" }],
    ["an absolute address to return to", { plan: "pro", returnTo: "https://evil.example/" }],
  ])("checkout with %s is 400", async (_label, body) => {
    const { key } = await app.signUpWithKey();
    const response = await app.request("POST", "/api/v1/billing/checkout", { key, body });
    expect([response.status, response.json.code]).toEqual([400, "invalid_request"]);
  });

  it("GET /billing for an unactivated account", async () => {
    const { key } = await app.signUpWithKey();
    const response = await app.request("GET", "/api/v1/billing", { key });
    expect(response.json.billing).toEqual({
      plan: "free",
      status: "none",
      activated: false,
      provider: "local",
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
    });
  });
});

describe("billing with Stripe", () => {
  const webhookSecret = "whsec_test_secret";
  const stripe = new Stripe("sk_test_launchloop");
  let fakeStripe: Awaited<ReturnType<typeof startFakeStripe>>;

  beforeAll(async () => {
    fakeStripe = await startFakeStripe();
    useStripe({
      STRIPE_SECRET_KEY: "sk_test_launchloop",
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_PRICE_PRO: "price_pro",
      STRIPE_PRICE_STUDIO: "price_studio",
      STRIPE_API_URL: fakeStripe.url,
    });
  });
  afterAll(async () => {
    useStripe(undefined);
    await fakeStripe.close();
  });

  let eventCount = 0;
  function event(type: string, object: Record<string, unknown>, id = `evt_${++eventCount}_${Date.now()}`) {
    return { id, object: "event", type, api_version: "2025-10-29", created: Math.floor(Date.now() / 1000), data: { object } };
  }
  function deliver(payload: object, secret = webhookSecret) {
    // Stripe's own state follows what its events report: a completion's subscription exists, an update changes it.
    const object = (payload as { data?: { object?: Record<string, unknown> } }).data?.object ?? {};
    const paid = object.payment_status !== "unpaid";
    if (object.object === "checkout.session" && typeof object.subscription === "string") {
      const known = fakeStripe.subscriptions.get(object.subscription);
      if (!known) fakeStripe.subscribe(object.subscription, String(object.customer), paid ? "active" : "incomplete");
      else if (paid && known.status === "incomplete") known.status = "active";
    }
    if (object.object === "subscription" && typeof object.status === "string")
      fakeStripe.subscribe(String(object.id), String(object.customer), object.status);
    const body = JSON.stringify(payload);
    const signature = stripe.webhooks.generateTestHeaderString({ payload: body, secret });
    return stripeWebhook(
      new Request("http://launchloop.test/api/webhooks/stripe", {
        method: "POST",
        body,
        headers: { "stripe-signature": signature },
      }),
    );
  }
  const completed = (accountId: string, plan: string, subscription = `sub_${accountId.slice(0, 8)}`, extra = {}) =>
    event("checkout.session.completed", {
      id: "cs_test",
      object: "checkout.session",
      client_reference_id: accountId,
      metadata: { accountId, plan },
      customer: `cus_${accountId.slice(0, 8)}`,
      subscription,
      ...extra,
    });
  const subscriptionEvent = (type: string, id: string, accountId: string, status: string, price = "price_pro") =>
    event(type, {
      id,
      object: "subscription",
      status,
      customer: `cus_${accountId.slice(0, 8)}`,
      cancel_at_period_end: false,
      metadata: { accountId },
      items: { object: "list", data: [{ id: `si_${id}`, price: { id: price }, current_period_end: 1798761600 }] },
    });

  it("creates a real subscription Checkout Session with the price, account id and metadata", async () => {
    const { key } = await app.signUpWithKey();
    const me = await app.request("GET", "/api/v1/me", { key });
    const response = await app.request("POST", "/api/v1/billing/checkout", { key, body: { plan: "studio" } });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      url: expect.stringMatching(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/),
      plan: "studio",
    });
    const sent = fakeStripe.requests.at(-1)!;
    expect(sent.headers.authorization).toBe("Bearer sk_test_launchloop");
    expect(Object.fromEntries(sent.form)).toMatchObject({
      mode: "subscription",
      "line_items[0][price]": "price_studio",
      "line_items[0][quantity]": "1",
      client_reference_id: me.json.account.id,
      "metadata[accountId]": me.json.account.id,
      "metadata[plan]": "studio",
      "subscription_data[metadata][accountId]": me.json.account.id,
      success_url: "http://launchloop.test/billing/done?plan=studio",
    });
  });

  it("the local checkout does not exist while Stripe is configured", async () => {
    const url = "http://launchloop.test/billing/checkout/00000000-0000-4000-8000-000000000000";
    expect((await localCheckoutGet(new Request(url), checkoutContext(url))).status).toBe(404);
  });

  it("activates on checkout.session.completed, and a replayed event changes nothing", async () => {
    const account = await accountOnPlan(app.db, "unactivated");
    const activation = completed(account.id, "pro");
    const first = await deliver(activation);
    expect(await first.json()).toEqual({ received: true, handled: true, duplicate: false });
    expect(await reloadAccount(app.db, account.id)).toMatchObject({ plan: "pro", activated: true });

    const cancel = await deliver(
      event("customer.subscription.deleted", { id: `sub_${account.id.slice(0, 8)}`, object: "subscription", metadata: {} }),
    );
    expect(cancel.status).toBe(200);
    expect(await reloadAccount(app.db, account.id)).toMatchObject({ plan: "free", activated: false });

    const replay = await deliver(activation);
    expect(await replay.json()).toEqual({ received: true, handled: true, duplicate: true });
    expect(await reloadAccount(app.db, account.id)).toMatchObject({ plan: "free", activated: false });
  });

  it("a subscription that ended stays ended, whatever late or retried event arrives after; an unpaid checkout waits for payment", async () => {
    const account = await accountOnPlan(app.db, "unactivated");
    const subscriptionId = `sub_${account.id.slice(0, 8)}`;
    const unpaid = completed(account.id, "pro");
    await deliver({ ...unpaid, data: { object: { ...unpaid.data.object, payment_status: "unpaid" } } });
    expect(await reloadAccount(app.db, account.id)).toMatchObject({ activated: false });

    await deliver(completed(account.id, "pro"));
    expect(await reloadAccount(app.db, account.id)).toMatchObject({ plan: "pro", activated: true });
    await deliver(event("customer.subscription.deleted", { id: subscriptionId, object: "subscription", metadata: {} }));
    // Delivered late (Stripe keeps no order) or retried under a new id after the end:
    await deliver(completed(account.id, "pro"));
    await deliver(
      event("customer.subscription.updated", {
        id: subscriptionId,
        object: "subscription",
        status: "active",
        customer: "cus_1",
        cancel_at_period_end: false,
        metadata: { accountId: account.id },
        items: { object: "list", data: [{ id: "si_1", price: { id: "price_pro" }, current_period_end: 1798761600 }] },
      }),
    );
    expect(await reloadAccount(app.db, account.id)).toMatchObject({ plan: "free", activated: false });
  });

  it("follows subscription updates: plan by price, period end, past due, and ends", async () => {
    const account = await accountOnPlan(app.db, "free");
    await deliver(completed(account.id, "pro"));
    const subscription = (status: string, extra: Record<string, unknown> = {}) => ({
      id: `sub_${account.id.slice(0, 8)}`,
      object: "subscription",
      status,
      customer: "cus_1",
      cancel_at_period_end: true,
      metadata: { accountId: account.id },
      items: { object: "list", data: [{ id: "si_1", price: { id: "price_studio" }, current_period_end: 1798761600 }] },
      ...extra,
    });
    await deliver(event("customer.subscription.updated", subscription("active")));
    expect(await reloadAccount(app.db, account.id)).toMatchObject({ plan: "studio", activated: true });

    await deliver(
      event("invoice.payment_failed", {
        id: "in_1",
        object: "invoice",
        parent: { subscription_details: { subscription: `sub_${account.id.slice(0, 8)}` } },
      }),
    );
    const { key } = await bootstrapKeyFor(account.email);
    const billing = (await app.request("GET", "/api/v1/billing", { key })).json.billing;
    expect(billing).toEqual({
      plan: "studio",
      status: "past_due",
      activated: true,
      provider: "stripe",
      currentPeriodEnd: "2027-01-01T00:00:00.000Z",
      cancelAtPeriodEnd: true,
    });

    await deliver(event("customer.subscription.updated", subscription("canceled")));
    // A browser signup falls back to the free tier, still activated.
    expect(await reloadAccount(app.db, account.id)).toMatchObject({ plan: "free", activated: true });
  });

  it("the plan follows the latest checkout's subscription: an older one renewing or ending changes nothing", async () => {
    const account = await accountOnPlan(app.db, "free");
    const [pro, studio] = [`sub_pro_${account.id.slice(0, 8)}`, `sub_studio_${account.id.slice(0, 8)}`];
    await deliver(completed(account.id, "pro", pro));
    await deliver(completed(account.id, "studio", studio));
    expect(await reloadAccount(app.db, account.id)).toMatchObject({ plan: "studio", activated: true });

    // The founder still pays for Pro until they cancel it in the portal.
    await deliver(subscriptionEvent("customer.subscription.updated", pro, account.id, "active"));
    await deliver(subscriptionEvent("customer.subscription.deleted", pro, account.id, "canceled"));
    await deliver(subscriptionEvent("customer.subscription.updated", pro, account.id, "unpaid"));
    expect(await reloadAccount(app.db, account.id)).toMatchObject({ plan: "studio", activated: true });
    const { key } = await bootstrapKeyFor(account.email);
    expect((await app.request("GET", "/api/v1/billing", { key })).json.billing).toMatchObject({
      plan: "studio",
      status: "active",
    });

    await deliver(subscriptionEvent("customer.subscription.deleted", studio, account.id, "canceled"));
    expect(await reloadAccount(app.db, account.id)).toMatchObject({ plan: "free", activated: true });
  });

  it("an upgrade paid later keeps the plan until it is paid, then follows the new subscription", async () => {
    const account = await accountOnPlan(app.db, "free");
    const [pro, studio] = [`sub_pro_${account.id.slice(0, 8)}`, `sub_studio_${account.id.slice(0, 8)}`];
    await deliver(completed(account.id, "pro", pro));
    await deliver(completed(account.id, "studio", studio, { payment_status: "unpaid" }));
    expect(await reloadAccount(app.db, account.id)).toMatchObject({ plan: "pro", activated: true });
    const { key } = await bootstrapKeyFor(account.email);
    expect((await app.request("GET", "/api/v1/billing", { key })).json.billing).toMatchObject({ plan: "pro", status: "active" });

    await deliver(subscriptionEvent("customer.subscription.updated", pro, account.id, "active"));
    await deliver(subscriptionEvent("customer.subscription.updated", studio, account.id, "incomplete", "price_studio"));
    expect(await reloadAccount(app.db, account.id)).toMatchObject({ plan: "pro" });
    await deliver(subscriptionEvent("customer.subscription.updated", studio, account.id, "active", "price_studio"));
    expect(await reloadAccount(app.db, account.id)).toMatchObject({ plan: "studio", activated: true });
    await deliver(subscriptionEvent("customer.subscription.deleted", pro, account.id, "canceled"));
    expect(await reloadAccount(app.db, account.id)).toMatchObject({ plan: "studio", activated: true });
  });

  it("an upgrade whose payment fails leaves the founder on the plan they pay for; one whose old plan ended meanwhile still takes over when paid", async () => {
    const account = await accountOnPlan(app.db, "free");
    const [pro, studio, proAgain, studioAgain] = ["pro", "studio", "pro_again", "studio_again"].map(
      (name) => `sub_${name}_${account.id.slice(0, 8)}`,
    ) as [string, string, string, string];
    await deliver(completed(account.id, "pro", pro));
    await deliver(completed(account.id, "studio", studio, { payment_status: "unpaid" }));
    await deliver(subscriptionEvent("customer.subscription.updated", studio, account.id, "incomplete_expired", "price_studio"));
    await deliver(subscriptionEvent("customer.subscription.updated", pro, account.id, "active"));
    expect(await reloadAccount(app.db, account.id)).toMatchObject({ plan: "pro", activated: true });
    const { key } = await bootstrapKeyFor(account.email);
    expect((await app.request("GET", "/api/v1/billing", { key })).json.billing).toMatchObject({ plan: "pro", status: "active" });
    await deliver(subscriptionEvent("customer.subscription.deleted", pro, account.id, "canceled"));
    expect(await reloadAccount(app.db, account.id)).toMatchObject({ plan: "free" });

    await deliver(completed(account.id, "pro", proAgain));
    await deliver(completed(account.id, "studio", studioAgain, { payment_status: "unpaid" }));
    await deliver(subscriptionEvent("customer.subscription.deleted", proAgain, account.id, "canceled"));
    expect(await reloadAccount(app.db, account.id)).toMatchObject({ plan: "free" });
    await deliver(subscriptionEvent("customer.subscription.updated", studioAgain, account.id, "active", "price_studio"));
    expect(await reloadAccount(app.db, account.id)).toMatchObject({ plan: "studio", activated: true });
  });

  it("rejects a wrongly signed or unsigned event with 400 invalid_signature", async () => {
    const account = await accountOnPlan(app.db, "unactivated");
    const forged = await deliver(completed(account.id, "studio"), "whsec_wrong");
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ code: "invalid_signature", retryable: false });
    const unsigned = await stripeWebhook(
      new Request("http://launchloop.test/api/webhooks/stripe", {
        method: "POST",
        body: JSON.stringify(completed(account.id, "studio")),
      }),
    );
    expect(unsigned.status).toBe(400);
    expect(await reloadAccount(app.db, account.id)).toMatchObject({ activated: false });
  });

  it("opens Stripe's customer portal for a paying account, back to the billing page", async () => {
    const account = await accountOnPlan(app.db, "free");
    const session = (principal: ServiceContext["principal"]): ServiceContext => ({
      requestId: crypto.randomUUID(),
      db: app.db,
      now: new Date(),
      clientIp: "203.0.113.7",
      account,
      principal,
    });
    const browser = session({ kind: "session", sessionId: crypto.randomUUID() });
    // No Stripe subscription yet: nothing to manage.
    await expect(executeOperation(openBillingPortal, {}, browser)).rejects.toMatchObject({ code: "not_found" });

    await deliver(completed(account.id, "pro"));
    const { url } = await executeOperation(openBillingPortal, {}, browser);
    expect(url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_test_/);
    const sent = fakeStripe.requests.at(-1)!;
    expect(sent.path).toBe("/v1/billing_portal/sessions");
    expect(Object.fromEntries(sent.form)).toEqual({
      customer: `cus_${account.id.slice(0, 8)}`,
      return_url: "http://launchloop.test/settings/billing",
    });

    // A browser action only: an API key is refused.
    await expect(
      executeOperation(openBillingPortal, {}, session({ kind: "key", apiKeyId: crypto.randomUUID() })),
    ).rejects.toMatchObject({ code: "forbidden" });
  });

  const browserOf = (account: Awaited<ReturnType<typeof accountOnPlan>>): ServiceContext => ({
    requestId: crypto.randomUUID(),
    db: app.db,
    now: new Date(),
    clientIp: "203.0.113.7",
    account,
    principal: { kind: "session", sessionId: crypto.randomUUID() },
  });

  it("checks out an upgrade for the account's own Stripe customer, and refuses a second checkout of the plan it pays for", async () => {
    const account = await accountOnPlan(app.db, "free");
    await deliver(completed(account.id, "pro"));
    const { key } = await bootstrapKeyFor(account.email);
    const upgrade = await app.request("POST", "/api/v1/billing/checkout", { key, body: { plan: "studio" } });
    expect(upgrade.status).toBe(200);
    const sent = Object.fromEntries(fakeStripe.requests.at(-1)!.form);
    expect(sent.customer).toBe(`cus_${account.id.slice(0, 8)}`);
    expect(sent.customer_email).toBeUndefined();

    const sentBefore = fakeStripe.requests.length;
    const again = await app.request("POST", "/api/v1/billing/checkout", { key, body: { plan: "pro" } });
    expect([again.status, again.json.code, again.json.issues]).toEqual([
      400,
      "invalid_request",
      [{ path: "plan", message: expect.stringContaining("already pays for pro") }],
    ]);
    expect(fakeStripe.requests.length).toBe(sentBefore);
  });

  it("deleting the account cancels every subscription Stripe could still charge it for, and nothing twice", async () => {
    const account = await accountOnPlan(app.db, "free");
    const customer = `cus_${account.id.slice(0, 8)}`;
    const [pro, studio, ended, pending] = ["pro", "studio", "ended", "pending"].map(
      (name) => `sub_${name}_${account.id.slice(0, 8)}`,
    );
    await deliver(completed(account.id, "pro", pro));
    await deliver(completed(account.id, "studio", studio));
    // The Pro kept beside Studio, an old subscription already over, and Studio itself.
    fakeStripe.subscribe(pro, customer);
    fakeStripe.subscribe(studio, customer);
    fakeStripe.subscribe(ended, customer, "canceled");
    // An upgrade started before the customer was shared, on a customer of its own.
    await app.db
      .update(subscriptions)
      .set({ pendingStripeSubscriptionId: pending })
      .where(eq(subscriptions.accountId, account.id));
    fakeStripe.subscribe(pending, "cus_elsewhere", "incomplete");

    const sentBefore = fakeStripe.requests.length;
    await executeOperation(deleteAccount, { body: { confirmEmail: account.email } }, browserOf(account));
    const cancelled = fakeStripe.requests
      .slice(sentBefore)
      .filter((request) => request.method === "DELETE")
      .map((request) => request.path)
      .sort();
    expect(cancelled).toEqual([pending, pro, studio].map((id) => `/v1/subscriptions/${id}`).sort());
    expect(await reloadAccount(app.db, account.id)).toBeUndefined();
  });

  it("activates nothing for a checkout completed late, after Stripe ended its subscription, and keeps an ended one ended", async () => {
    const account = await accountOnPlan(app.db, "free");
    const subscriptionId = `sub_late_${account.id.slice(0, 8)}`;
    // The completion's delivery failed; meanwhile the subscription was cancelled and its deletion arrived first.
    fakeStripe.subscribe(subscriptionId, `cus_${account.id.slice(0, 8)}`, "canceled");
    await deliver(subscriptionEvent("customer.subscription.deleted", subscriptionId, account.id, "canceled"));
    await deliver(completed(account.id, "pro", subscriptionId));
    expect(await reloadAccount(app.db, account.id)).toMatchObject({ plan: "free" });
    // A late payment failure and a stale update of it change nothing either.
    await deliver(
      event("invoice.payment_failed", { id: "in_late", object: "invoice", subscription: subscriptionId, customer: "cus_1" }),
    );
    await deliver(subscriptionEvent("customer.subscription.updated", subscriptionId, account.id, "active"));
    expect(await reloadAccount(app.db, account.id)).toMatchObject({ plan: "free" });
  });

  it("asks Stripe about a completed checkout's subscription: none there activates nothing, no answer is a 503 to deliver again", async () => {
    const account = await accountOnPlan(app.db, "free");
    const signed = (payload: object) => {
      const body = JSON.stringify(payload);
      const signature = stripe.webhooks.generateTestHeaderString({ payload: body, secret: webhookSecret });
      return stripeWebhook(
        new Request("http://launchloop.test/api/webhooks/stripe", {
          method: "POST",
          body,
          headers: { "stripe-signature": signature },
        }),
      );
    };
    expect((await signed(completed(account.id, "pro", "sub_never_made"))).status).toBe(200);
    expect(await reloadAccount(app.db, account.id)).toMatchObject({ plan: "free" });

    const later = completed(account.id, "pro", `sub_slow_${account.id.slice(0, 8)}`);
    fakeStripe.subscribe(`sub_slow_${account.id.slice(0, 8)}`, `cus_${account.id.slice(0, 8)}`);
    fakeStripe.failNext(500, 3); // the client's first try and its two retries
    const refused = await signed(later);
    expect([refused.status, (await refused.json()).code]).toEqual([503, "provider_unavailable"]);
    expect(await reloadAccount(app.db, account.id)).toMatchObject({ plan: "free" });
    expect((await signed(later)).status).toBe(200);
    expect(await reloadAccount(app.db, account.id)).toMatchObject({ plan: "pro" });
  });

  it("an upgrade paid before its checkout's completion arrived takes over when it does", async () => {
    const account = await accountOnPlan(app.db, "free");
    const [pro, studio] = ["pro", "studio"].map((name) => `sub_${name}_paid_${account.id.slice(0, 8)}`) as [string, string];
    await deliver(completed(account.id, "pro", pro));
    // Studio was paid (Stripe says active) before the late completion, which still says the payment was pending.
    await deliver(subscriptionEvent("customer.subscription.updated", studio, account.id, "active", "price_studio"));
    await deliver(completed(account.id, "studio", studio, { payment_status: "unpaid" }));
    expect(await reloadAccount(app.db, account.id)).toMatchObject({ plan: "studio", activated: true });
  });

  it("cancels the subscription of a checkout completed after its account was deleted; a late payment failure leaves an unpaid one unpaid", async () => {
    const account = await accountOnPlan(app.db, "free");
    const subscriptionId = `sub_orphan_${account.id.slice(0, 8)}`;
    await executeOperation(deleteAccount, { body: { confirmEmail: account.email } }, browserOf(account));
    const answered = await deliver(completed(account.id, "pro", subscriptionId));
    expect(answered.status).toBe(200);
    expect(fakeStripe.subscriptions.get(subscriptionId)?.status).toBe("canceled");

    const other = await accountOnPlan(app.db, "free");
    const unpaid = `sub_unpaid_${other.id.slice(0, 8)}`;
    await deliver(completed(other.id, "pro", unpaid));
    await deliver(subscriptionEvent("customer.subscription.updated", unpaid, other.id, "unpaid"));
    await deliver(
      event("invoice.payment_failed", { id: "in_unpaid", object: "invoice", subscription: unpaid, customer: "cus_1" }),
    );
    const [row] = await app.db.select().from(subscriptions).where(eq(subscriptions.accountId, other.id));
    expect(row?.status).toBe("unpaid");
  });

  it("ignores events outside its list", async () => {
    const response = await deliver(event("customer.created", { id: "cus_1", object: "customer" }));
    expect(await response.json()).toEqual({ received: true, handled: false, duplicate: false });
  });
});

async function bootstrapKeyFor(email: string) {
  await app.request("POST", "/api/v1/signup", { body: { email, password: "correct horse battery", acceptTerms: true } });
  const { latestTokenHash } = await import("../support/mailbox");
  const response = await app.request("POST", "/api/v1/keys/bootstrap", {
    body: { tokenHash: latestTokenHash(app.mailDir, email) },
  });
  return { key: response.json.key as string };
}
