import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ServiceContext } from "@/lib/core/context";
import { agentRuns, webhookEndpoints } from "@/lib/db/schema";
import { recordClaimedJob } from "@/lib/jobs/store";
import "@/lib/services/job-handlers";
import { captureConsole } from "../support/console-capture";
import { type FakeDiscord, startFakeDiscord } from "../support/fake-discord";
import { type FakeRequest, startFakeNetwork } from "../support/fake-network";
import { mailsTo } from "../support/mailbox";
import { appWithLaunchedProject } from "../support/pipeline";
import { connectWithForm, itemsWithTexts, later, minutes, ownerOf, publishingCalls } from "../support/publishing-items";
import type { TestApp } from "../support/test-app";

// Signed webhooks end to end: a post goes out on a fake Discord, and a receiver started here
// (a real HTTP server on loopback, which OUTBOUND_ALLOW_HTTP=loopback lets through while
// every other private address stays refused) hears of it. The job engine's clock is the
// test's: `tick(at)` runs what is due at `at`, so retries are driven without sleeping.

let app: TestApp;
let key: string;
let otherKey: string;
let projectId: string;
let owner: ServiceContext;
let discord: FakeDiscord;
let receiver: Awaited<ReturnType<typeof startFakeNetwork>>;
const responses: string[] = [];
let logged: string[] = [];
const secrets: string[] = [];

const { call, tick, publishNow } = publishingCalls<{ id: string }>(() => ({ app, key, projectId }), responses);

const texts = { first: ["Tidybooks 1.0 is out."], second: ["Receipts now match by amount."], third: ["A third post."] };
let items: Record<keyof typeof texts, string>;

const slowMs = 11_000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  discord = await startFakeDiscord();
  const webhook = discord.createWebhook("Launchloop announcements");
  receiver = await startFakeNetwork(async (request) => {
    if (request.path === "/redirect") return { status: 302, headers: { location: `${receiver.url}/landing` } };
    if (request.path === "/slow") await pause(slowMs);
    return { status: 200, json: { ok: true } };
  });
  ({ app, key, projectId } = await appWithLaunchedProject("pro"));
  Object.assign(process.env, { OUTBOUND_ALLOW_HTTP: "loopback", DISCORD_API_URL: discord.url });
  (await import("@/lib/config")).reloadConfig();
  logged = captureConsole();
  owner = await ownerOf(app);
  otherKey = (await app.signUpWithKey()).key;
  await call("POST", `/api/v1/projects/${projectId}/growth/start`);
  items = await itemsWithTexts(app, call, projectId, "discord", texts);
  const connected = await connectWithForm(owner, { projectId, network: "discord", fields: { webhookUrl: webhook.url } });
  expect(connected.status, connected.text).toBe(200);
}, 240_000);

afterAll(async () => {
  vi.restoreAllMocks();
  delete process.env.DISCORD_API_URL;
  process.env.OUTBOUND_ALLOW_HTTP = "";
  await discord?.close();
  await receiver?.close();
  await app?.close();
});

const received = (path: string) => receiver.requests.filter((request) => request.path === path);
const headersOf = (request: FakeRequest) => ({
  "webhook-id": String(request.headers["webhook-id"]),
  "webhook-timestamp": String(request.headers["webhook-timestamp"]),
  "webhook-signature": String(request.headers["webhook-signature"]),
});

async function addEndpoint(path: string, events: string[], as = key) {
  const created = await app.request("POST", "/api/v1/webhooks", { key: as, body: { url: `${receiver.url}${path}`, events } });
  responses.push(created.text);
  expect(created.status, created.text).toBe(201);
  secrets.push(created.json.secret);
  return created.json as { endpoint: { id: string }; secret: string };
}

const deliveriesOf = async (endpointId: string) =>
  (await call("GET", `/api/v1/webhooks/${endpointId}/deliveries`)).json.deliveries as {
    id: string;
    eventId: string;
    eventType: string;
    status: string;
    attempts: { statusCode: number | null; error: string | null; durationMs: number }[];
  }[];

let main: { endpoint: { id: string }; secret: string };

describe("webhook endpoints", () => {
  it("refuses an endpoint on a private address with a 400 at the field url, and saves nothing", async () => {
    for (const url of [
      "https://10.0.0.7/hooks",
      "https://192.168.1.20/hooks",
      "https://[fd00::1]/hooks",
      "https://169.254.169.254/",
    ]) {
      const refused = await call("POST", "/api/v1/webhooks", { url, events: ["item.published"] });
      expect([refused.status, refused.json.code], url).toEqual([400, "invalid_request"]);
      expect(refused.json.error).toMatch(/private network/);
      expect(refused.json.issues ?? refused.json.details?.issues ?? [{ path: "url" }]).toContainEqual(
        expect.objectContaining({ path: "url" }),
      );
    }
    expect((await call("GET", "/api/v1/webhooks")).json.endpoints).toEqual([]);
  });

  it("shows the whsec_ secret once, and never again", async () => {
    main = await addEndpoint("/hook", ["item.published"]);
    expect(main.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    const listed = await call("GET", "/api/v1/webhooks");
    const read = await call("GET", `/api/v1/webhooks/${main.endpoint.id}`);
    expect(listed.json.endpoints).toHaveLength(1);
    expect(read.json.endpoint).toMatchObject({ url: `${receiver.url}/hook`, events: ["item.published"], enabled: true });
    for (const answer of [listed.text, read.text]) expect(answer).not.toContain(main.secret.slice(6));
    const [row] = await app.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, main.endpoint.id));
    expect(row!.sealedSecret).not.toContain(main.secret.slice(6));
  });
});

describe("deliveries", () => {
  it("POSTs item.published, signed so the standardwebhooks library verifies it, with the item as the API shows it", async () => {
    await addEndpoint("/other", ["item.published", "item.approved"], otherKey);
    await publishNow(items.first);
    await tick(later(1000));
    const [delivery] = received("/hook");
    const payload = new Webhook(main.secret).verify(delivery!.body, headersOf(delivery!)) as { id: string; data: unknown };
    expect(payload).toMatchObject({ type: "item.published", id: delivery!.headers["webhook-id"] });
    expect(payload.id).toMatch(/^evt_[0-9a-f]{32}$/);
    expect(payload.data).toMatchObject({ id: items.first, status: "published", publication: { status: "published" } });
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 1).toString("base64")}`).verify(delivery!.body, headersOf(delivery!)),
    ).toThrow();
    const [listed] = await deliveriesOf(main.endpoint.id);
    expect(listed).toMatchObject({ eventId: payload.id, eventType: "item.published", status: "succeeded" });
    expect(listed!.attempts).toEqual([expect.objectContaining({ statusCode: 200, error: null })]);
  });

  it("retries after two 500s on the schedule (5 s, then 5 min) with the same webhook-id, and then succeeds", async () => {
    receiver.failNext("/hook", 500, 2);
    const before = received("/hook").length;
    await publishNow(items.second);
    await tick(later(1000));
    expect(received("/hook")).toHaveLength(before + 1);
    const [pending] = await deliveriesOf(main.endpoint.id);
    expect(pending).toMatchObject({ status: "pending", attempts: [expect.objectContaining({ statusCode: 500 })] });
    await tick(later(3000)); // not due yet
    expect(received("/hook")).toHaveLength(before + 1);
    await tick(later(7000));
    expect(received("/hook")).toHaveLength(before + 2);
    await tick(later(minutes(4)));
    expect(received("/hook")).toHaveLength(before + 2);
    await tick(later(minutes(6)));
    const sent = received("/hook").slice(before);
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((request) => request.headers["webhook-id"])).size).toBe(1);
    const [settled] = await deliveriesOf(main.endpoint.id);
    expect(settled!.status).toBe("succeeded");
    expect(settled!.attempts.map((attempt) => attempt.statusCode)).toEqual([200, 500, 500]);
    expect((await call("GET", `/api/v1/webhooks/${main.endpoint.id}`)).json.endpoint.failingSince).toBeNull();
  });

  it("never sends an account's events to another account's endpoint", () => {
    expect(received("/other")).toHaveLength(0);
  });

  it("redelivers on request, with the same webhook-id, signed with both secrets after a rotation", async () => {
    const [latest] = await deliveriesOf(main.endpoint.id);
    const rotated = await call("POST", `/api/v1/webhooks/${main.endpoint.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    secrets.push(rotated.json.secret);
    expect(rotated.json.secret).not.toBe(main.secret);
    const before = received("/hook").length;
    const again = await call("POST", `/api/v1/webhook-deliveries/${latest!.id}/redeliver`);
    expect([again.status, again.json.delivery?.status]).toEqual([202, "pending"]);
    await tick(later(1000));
    const resent = received("/hook").slice(before);
    expect(resent).toHaveLength(1);
    expect(resent[0]!.headers["webhook-id"]).toBe(latest!.eventId);
    expect(String(resent[0]!.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    for (const secret of [main.secret, rotated.json.secret])
      expect(() => new Webhook(secret).verify(resent[0]!.body, headersOf(resent[0]!))).not.toThrow();
    const [after] = await deliveriesOf(main.endpoint.id);
    expect(after!.attempts).toHaveLength(4);
    const elsewhere = await app.request("POST", `/api/v1/webhook-deliveries/${latest!.id}/redeliver`, { key: otherKey });
    expect(elsewhere.status).toBe(404);
  });

  it("does not follow a redirect (a 3xx is a failed attempt) and gives up on an endpoint slower than 10 s", async () => {
    const redirect = await addEndpoint("/redirect", ["item.approved"]);
    const slow = await addEndpoint("/slow", ["item.approved"]);
    const approved = await call("PATCH", `/api/v1/growth/items/${items.third}`, { status: "approved" });
    expect(approved.status, approved.text).toBe(200);
    const started = Date.now();
    await tick(later(1000));
    expect(Date.now() - started).toBeLessThan(slowMs + 5000);
    expect(received("/redirect")).toHaveLength(1);
    expect(received("/landing")).toHaveLength(0);
    const [redirected] = await deliveriesOf(redirect.endpoint.id);
    expect(redirected).toMatchObject({ eventType: "item.approved", status: "pending" });
    expect(redirected!.attempts[0]).toMatchObject({ statusCode: null, error: expect.stringMatching(/redirect/i) });
    const [timedOut] = await deliveriesOf(slow.endpoint.id);
    expect(timedOut!.attempts[0]).toMatchObject({ statusCode: null, error: expect.stringMatching(/no answer within 10000 ms/i) });
    expect(timedOut!.attempts[0]!.durationMs).toBeGreaterThanOrEqual(9_000);
    expect((await call("GET", `/api/v1/webhooks/${redirect.endpoint.id}`)).json.endpoint.failingSince).not.toBeNull();
    await call("DELETE", `/api/v1/webhooks/${slow.endpoint.id}`);
  }, 60_000);

  it("turns off an endpoint that failed every attempt for 5 days, and tells the founder by e-mail", async () => {
    const [endpoint] = (await call("GET", "/api/v1/webhooks")).json.endpoints.filter((candidate: { url: string }) =>
      candidate.url.endsWith("/redirect"),
    );
    await app.db
      .update(webhookEndpoints)
      .set({ failingSince: new Date(Date.now() - minutes(60 * 24 * 5)) })
      .where(eq(webhookEndpoints.id, endpoint.id));
    await tick(later(minutes(1)));
    const read = (await call("GET", `/api/v1/webhooks/${endpoint.id}`)).json.endpoint;
    expect(read).toMatchObject({ enabled: false, disabledReason: expect.stringMatching(/5 days/) });
    const mail = mailsTo(app.mailDir, owner.account.email).at(-1);
    expect(mail).toMatch(/turned off your webhook endpoint/);
    expect(mail).toContain("/settings/webhooks");
    await tick(later(minutes(10)));
    expect((await deliveriesOf(endpoint.id))[0]!.status).toBe("failed");
    expect(received("/redirect").length).toBe(2);
    const back = await call("PATCH", `/api/v1/webhooks/${endpoint.id}`, { enabled: true });
    expect(back.json.endpoint).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
  });

  it("never shows a secret in a later response, a log line or the account export", async () => {
    const exported = await call("GET", "/api/v1/account/export");
    const everything = [...responses.filter((text) => !text.includes('"secret"')), exported.text, ...logged].join("\n");
    for (const secret of secrets) expect(everything).not.toContain(secret.slice(6));
  });
});

describe("run.failed for a run whose worker died", () => {
  /** A pipeline run recorded as running an hour ago, with the `agent_run` job of a worker whose lease ran out. */
  async function abandonedRun() {
    const [approved] = await app.db.select().from(agentRuns).where(eq(agentRuns.projectId, projectId)).limit(1);
    const startedAt = new Date(Date.now() - minutes(60));
    const [run] = await app.db
      .insert(agentRuns)
      .values({ projectId, accountId: approved!.accountId, agentType: "launch-assets", status: "running", startedAt })
      .returning();
    await recordClaimedJob(app.db, {
      accountId: run!.accountId,
      projectId,
      kind: "agent_run",
      subjectId: run!.id,
      dedupeKey: `agent_run:${run!.id}`,
      now: startedAt,
      worker: "a-worker-that-died",
      leaseMs: minutes(1),
    });
    return run!;
  }
  const runEvents = (runId: string) =>
    received("/runs").filter(
      (request) => JSON.parse(request.body).data.id === runId && JSON.parse(request.body).type === "run.failed",
    );
  const runAlerts = async (runId: string) =>
    ((await call("GET", "/api/v1/alerts")).json.alerts as { kind: string; subject: { id: string } }[]).filter(
      (alert) => alert.kind === "run_failed" && alert.subject.id === runId,
    );

  it("is sent once, with an alert, when a read settles the run and the ticker then finds its lapsed job", async () => {
    await addEndpoint("/runs", ["run.failed"]);
    const run = await abandonedRun();
    for (let read = 0; read < 2; read++)
      expect(
        (await call("GET", `/api/v1/projects/${projectId}`)).json.runs.find((r: { id: string }) => r.id === run.id),
      ).toMatchObject({
        status: "failed",
      });
    await tick(later(1000));
    await tick(later(minutes(6)));
    const events = runEvents(run.id);
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0]!.body).data).toMatchObject({
      id: run.id,
      status: "failed",
      error: expect.stringMatching(/interrupted/),
    });
    expect(await runAlerts(run.id)).toHaveLength(1);
  });

  it("is sent once, with an alert, when the ticker settles it", async () => {
    const run = await abandonedRun();
    await tick(later(1000));
    await tick(later(2000));
    await call("GET", `/api/v1/projects/${projectId}`);
    await tick(later(minutes(6)));
    expect(runEvents(run.id)).toHaveLength(1);
    expect(await runAlerts(run.id)).toHaveLength(1);
  });
});
