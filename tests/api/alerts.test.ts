import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { growthCycles, growthItems } from "@/lib/db/schema";
import { operations } from "@/lib/operations";
import { executeOperation } from "@/lib/operations/execute";
import { alertUnplannedWeeks } from "@/lib/services/alerts";
import { sweepOnce } from "@/lib/services/housekeeping";
import "@/lib/services/job-handlers";
import { captureConsole } from "../support/console-capture";
import { type FakeButtondown, startFakeButtondown } from "../support/fake-buttondown";
import { mailsTo } from "../support/mailbox";
import { appWithLaunchedProject, launchReadyProject } from "../support/pipeline";
import { setPlan } from "../support/plans";
import { connectWithForm, itemsWithTexts, later, minutes, ownerOf, publishingCalls } from "../support/publishing-items";
import type { TestApp } from "../support/test-app";

// Alerts end to end: a scheduled post failing and an account the network disconnects (a fake
// Buttondown answering 401) become dashboard notices and one gathered e-mail per account,
// read from the mail files; the job engine's clock is the test's (`tick(at)`).

let app: TestApp;
let key: string;
let projectId: string;
let founder: string;
let buttondown: FakeButtondown;
let apiKey: string;
let other: { email: string; key: string };
const responses: string[] = [];

type Item = { id: string; status: string; publication: null | Record<string, unknown> };
type Alert = { id: string; kind: string; message: string; fixAt: string; subject: { type: string; id: string } };
const { call, tick, getItem } = publishingCalls<Item>(() => ({ app, key, projectId }), responses);
const owner = () => app.sessionContext(founder);
const alertsOf = async (asKey = key): Promise<Alert[]> => {
  const answer = await app.request("GET", "/api/v1/alerts", { key: asKey });
  expect(answer.status, answer.text).toBe(200);
  return answer.json.alerts;
};
const mails = () => mailsTo(app.mailDir, founder).filter((mail) => /^Subject: Launchloop: /m.test(mail));
/** Approves the item (once) and asks, with the API key, to publish it now. */
const publishNow = async (itemId: string) => {
  if ((await getItem(itemId)).status !== "approved")
    expect((await call("PATCH", `/api/v1/growth/items/${itemId}`, { status: "approved" })).status).toBe(200);
  const asked = await call("POST", `/api/v1/growth/items/${itemId}/publish`);
  expect(asked.status, asked.text).toBe(202);
};
/** Makes the item's draft longer than a newsletter may be: its post fails for good when it is due. */
const overLong = async (itemId: string) => {
  const [row] = await app.db.select().from(growthItems).where(eq(growthItems.id, itemId));
  const body = "Too long. ".repeat(2_100);
  await app.db
    .update(growthItems)
    .set({ draft: { ...row!.draft!, parts: [body], body }, publicationStatus: null })
    .where(eq(growthItems.id, itemId));
};
/** Gives the item a draft a newsletter takes: its post goes out when the account is connected. */
const fits = async (itemId: string) => {
  const [row] = await app.db.select().from(growthItems).where(eq(growthItems.id, itemId));
  const body = `A short issue, ${itemId.slice(0, 8)}.`;
  await app.db
    .update(growthItems)
    .set({ draft: { ...row!.draft!, parts: [body], body }, publicationStatus: null })
    .where(eq(growthItems.id, itemId));
};
const reconnect = async () => {
  apiKey = buttondown.issueKey();
  const connected = await connectWithForm(await owner(), { projectId, network: "buttondown", fields: { apiKey } });
  expect(connected.connection, connected.text).toMatchObject({ status: "connected" });
  return connected.connection!.id as string;
};
/** Runs what is due now, then the alert e-mail the gathering delay holds back. */
const settle = async () => {
  await tick(later(1000));
  await tick(later(minutes(6)));
};

// A week holds at most ten items of a channel: the later cases post the same items again (their earlier alerts dismissed).
/** The other founder's project and its one week (planned, never approved), from the week's test. */
const otherWeek = { project: "", cycle: "", weekStart: "" };

const slugs = Array.from({ length: 10 }, (_, index) => `burst${index}`);
let items: Record<string, string>;

beforeAll(async () => {
  buttondown = await startFakeButtondown();
  apiKey = buttondown.issueKey();
  ({ app, key, projectId } = await appWithLaunchedProject("pro"));
  Object.assign(process.env, { OUTBOUND_ALLOW_HTTP: "1", BUTTONDOWN_API_URL: buttondown.url });
  (await import("@/lib/config")).reloadConfig();
  captureConsole();
  founder = (await ownerOf(app)).account.email;
  other = await app.signUpWithKey();
  await call("POST", `/api/v1/projects/${projectId}/growth/start`);
  items = await itemsWithTexts(
    app,
    call,
    projectId,
    "newsletter",
    Object.fromEntries(slugs.map((slug) => [slug, [`An issue about ${slug}.`]])),
  );
  const connected = await connectWithForm(await owner(), { projectId, network: "buttondown", fields: { apiKey } });
  expect(connected.status, connected.text).toBe(200);
}, 240_000);

afterAll(async () => {
  vi.restoreAllMocks();
  delete process.env.BUTTONDOWN_API_URL;
  await buttondown?.close();
  await app?.close();
});

describe("alerts", () => {
  it("a connection the network disconnects (401) sends exactly one e-mail and shows a notice with where to reconnect", async () => {
    buttondown.revokeKey(apiKey);
    await publishNow(items.burst0!);
    await settle();
    const sent = mails();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain("Buttondown disconnected");
    expect(sent[0]).toContain(`/projects/${projectId}/settings`);
    // The post that met the refusal is on the same e-mail, not a second one.
    expect(sent[0]).toContain('"Post burst0" did not go out');

    const notices = await alertsOf();
    expect(notices.map((alert) => alert.kind).sort()).toEqual(["connection_disconnected", "post_failed"]);
    expect(notices.find((alert) => alert.kind === "connection_disconnected")).toMatchObject({
      fixAt: `/projects/${projectId}/settings`,
      subject: { type: "connection" },
    });
    // Later sweeps and ticks send nothing more.
    await sweepOnce(later(minutes(20)));
    await tick(later(minutes(30)));
    expect(mails()).toHaveLength(1);
  });

  it("keeps alerts to their account: another founder sees, dismisses and receives none of them", async () => {
    expect(await alertsOf(other.key)).toEqual([]);
    const [mine] = await alertsOf();
    const foreign = await app.request("POST", `/api/v1/alerts/${mine!.id}/dismiss`, { key: other.key });
    expect([foreign.status, foreign.json.code]).toEqual([404, "not_found"]);
    expect(mailsTo(app.mailDir, other.email).filter((mail) => mail.includes("need your attention"))).toEqual([]);
    // Its own dismiss takes the notice away; again is a no-op.
    expect((await call("POST", `/api/v1/alerts/${mine!.id}/dismiss`)).status).toBe(200);
    expect((await call("POST", `/api/v1/alerts/${mine!.id}/dismiss`)).status).toBe(200);
    expect((await alertsOf()).map((alert) => alert.id)).not.toContain(mine!.id);
    for (const alert of await alertsOf()) await call("POST", `/api/v1/alerts/${alert.id}/dismiss`);
  });

  it("ten posts failing for good at once are one e-mail listing all ten", async () => {
    apiKey = buttondown.issueKey();
    const reconnected = await connectWithForm(await owner(), { projectId, network: "buttondown", fields: { apiKey } });
    expect(reconnected.connection).toMatchObject({ status: "connected" });
    const before = mails().length;
    for (let index = 0; index < 10; index++) {
      await overLong(items[`burst${index}`]!);
      await publishNow(items[`burst${index}`]!);
    }
    await tick(later(1000));
    for (let index = 0; index < 10; index++)
      expect((await getItem(items[`burst${index}`]!)).publication).toMatchObject({ status: "failed" });
    await tick(later(minutes(6)));
    const sent = mails().slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain("10 things need your attention");
    for (let index = 0; index < 10; index++) expect(sent[0]).toContain(`"Post burst${index}" did not go out`);
    expect((await alertsOf()).filter((alert) => alert.kind === "post_failed")).toHaveLength(10);
  });

  it("a kind turned off sends nothing and shows nothing; the preferences read back", async () => {
    const off = await call("PATCH", "/api/v1/account/alert-preferences", { post_failed: false });
    expect(off.status, off.text).toBe(200);
    expect(off.json.preferences).toEqual({
      post_failed: false,
      connection_disconnected: true,
      run_failed: true,
      week_unplanned: true,
    });
    expect((await call("GET", "/api/v1/account/alert-preferences")).json.preferences.post_failed).toBe(false);
    expect((await call("PATCH", "/api/v1/account/alert-preferences", { nope: true })).status).toBe(400);
    const before = mails().length;
    await overLong(items.burst0!);
    await publishNow(items.burst0!);
    await settle();
    expect((await getItem(items.burst0!)).publication).toMatchObject({ status: "failed" });
    expect(mails()).toHaveLength(before);
    expect((await alertsOf()).some((alert) => alert.kind === "post_failed")).toBe(false);
    await call("PATCH", "/api/v1/account/alert-preferences", { post_failed: true });
  });

  it("never alerts what the founder did in the page: a failed Publish now there, or disconnecting the account themselves", async () => {
    for (const alert of await alertsOf()) await call("POST", `/api/v1/alerts/${alert.id}/dismiss`);
    const before = mails().length;
    await overLong(items.burst1!);
    await executeOperation(operations.publishItem, { params: { itemId: items.burst1! } }, await owner());
    await tick(later(1000));
    expect((await getItem(items.burst1!)).publication).toMatchObject({ status: "failed" });

    const [connection] = (await call("GET", `/api/v1/projects/${projectId}/connections`)).json.connections;
    await executeOperation(operations.deleteConnection, { params: { connectionId: connection.id } }, await owner());
    await tick(later(minutes(6)));
    await sweepOnce(later(minutes(20)));
    expect(mails()).toHaveLength(before);
    expect(await alertsOf()).toEqual([]);
  });

  it("notices resolve themselves once what they told of is fixed: the account reconnected, the post out", async () => {
    const before = mails().length;
    // Test 5 removed the account: its items go out on the new one.
    const connectionId = await reconnect();
    await fits(items.burst2!);
    expect((await call("PATCH", `/api/v1/growth/items/${items.burst2}`, { connectionId })).status).toBe(200);
    buttondown.revokeKey(apiKey);
    await publishNow(items.burst2!);
    await tick(later(1000));
    expect((await alertsOf()).map((alert) => alert.kind).sort()).toEqual(["connection_disconnected", "post_failed"]);

    // Reconnected before the e-mail went: the disconnection's notice goes, the post's stays.
    await reconnect();
    expect((await alertsOf()).map((alert) => alert.kind)).toEqual(["post_failed"]);
    // Posted again, it goes out: its notice goes too, and the gathered e-mail has nothing left to send.
    await publishNow(items.burst2!);
    await tick(later(2000));
    expect(await getItem(items.burst2!)).toMatchObject({ status: "published" });
    expect(await alertsOf()).toEqual([]);
    await tick(later(minutes(6)));
    expect(mails()).toHaveLength(before);

    // The same connection refused again is a new notice (a resolved one does not hold its place).
    await fits(items.burst3!);
    expect((await call("PATCH", `/api/v1/growth/items/${items.burst3}`, { connectionId })).status).toBe(200);
    buttondown.revokeKey(apiKey);
    await publishNow(items.burst3!);
    await tick(later(minutes(7)));
    expect((await alertsOf()).map((alert) => alert.kind).sort()).toEqual(["connection_disconnected", "post_failed"]);
    await tick(later(minutes(13)));
    expect(mails().slice(before)).toHaveLength(1);
    // Posted by hand and marked published: its failure notice goes too.
    const marked = await call("PATCH", `/api/v1/growth/items/${items.burst3}`, { status: "published" });
    expect(marked.status, marked.text).toBe(200);
    expect((await alertsOf()).map((alert) => alert.kind)).toEqual(["connection_disconnected"]);
    for (const alert of await alertsOf()) await call("POST", `/api/v1/alerts/${alert.id}/dismiss`);
  });

  it("a week that starts with its plan not approved is alerted once, by the housekeeping sweep", async () => {
    await setPlan(app.db, other.email, "pro");
    const project = await launchReadyProject(app, other.key);
    otherWeek.project = project;
    await app.request("POST", `/api/v1/projects/${project}/growth/start`, { key: other.key });
    const planned = await app.request("POST", `/api/v1/projects/${project}/growth/cycles`, { key: other.key });
    expect(planned.status, planned.text).toBe(200);
    const [cycle] = await app.db.select().from(growthCycles).where(eq(growthCycles.id, planned.json.cycle.id));
    Object.assign(otherWeek, { cycle: cycle!.id, weekStart: cycle!.weekStart });
    const monday = new Date(`${cycle!.weekStart}T12:00:00Z`);
    await sweepOnce(new Date(monday.getTime() - 86_400_000));
    expect(await alertsOf(other.key)).toEqual([]);
    await sweepOnce(monday);
    await sweepOnce(new Date(monday.getTime() + minutes(1)));
    const [notice] = await alertsOf(other.key);
    expect(notice).toMatchObject({ kind: "week_unplanned", fixAt: `/projects/${project}/growth` });
    await tick(new Date(monday.getTime() + minutes(6)));
    const sent = mailsTo(app.mailDir, other.email).filter((mail) => mail.includes("plan is not approved yet"));
    expect(sent).toHaveLength(1);
    // Dismissed, it is not raised again that week.
    await app.request("POST", `/api/v1/alerts/${notice!.id}/dismiss`, { key: other.key });
    await sweepOnce(new Date(monday.getTime() + minutes(10)));
    expect(await alertsOf(other.key)).toEqual([]);
    expect(await alertsOf()).toEqual([]);
  });

  it("a week that starts with no plan at all, after a week that had one, is alerted once; approving a plan resolves it", async () => {
    const day = 86_400_000;
    const { project, cycle, weekStart } = otherWeek;
    const followingMonday = new Date(Date.parse(`${weekStart}T12:00:00Z`) + 7 * day);
    // A project in its growth phase that never planned a week is not expected to have one.
    await setPlan(app.db, other.email, "studio");
    const fresh = await launchReadyProject(app, other.key);
    expect((await app.request("POST", `/api/v1/projects/${fresh}/growth/start`, { key: other.key })).status).toBe(200);

    await sweepOnce(new Date(followingMonday.getTime() - day));
    expect(await alertsOf(other.key)).toEqual([]);
    // Not while the account's plan has no growth loop, and not looked at once turned off (a
    // sweep would find it again and again).
    await setPlan(app.db, other.email, "free");
    await sweepOnce(followingMonday);
    expect(await alertsOf(other.key)).toEqual([]);
    await setPlan(app.db, other.email, "studio");
    const turn = (on: boolean) =>
      app.request("PATCH", "/api/v1/account/alert-preferences", { key: other.key, body: { week_unplanned: on } });
    expect((await turn(false)).status).toBe(200);
    expect(await alertUnplannedWeeks(app.db, { now: followingMonday })).toBe(0);
    expect((await turn(true)).status).toBe(200);

    await sweepOnce(followingMonday);
    await sweepOnce(new Date(followingMonday.getTime() + minutes(1)));
    const notices = await alertsOf(other.key);
    expect(notices).toEqual([
      expect.objectContaining({
        kind: "week_unplanned",
        subject: { type: "project", id: project },
        fixAt: `/projects/${project}/growth`,
      }),
    ]);
    expect(notices[0]!.message).toMatch(/has started with no plan/);
    await tick(new Date(followingMonday.getTime() + minutes(6)));
    expect(mailsTo(app.mailDir, other.email).filter((mail) => mail.includes("has started with no plan"))).toHaveLength(1);

    // The founder approves a plan: the notice goes, and is not raised again that week.
    const approved = await app.request("POST", `/api/v1/growth/cycles/${cycle}/approve`, { key: other.key });
    expect(approved.status, approved.text).toBe(200);
    expect(await alertsOf(other.key)).toEqual([]);
    await sweepOnce(new Date(followingMonday.getTime() + 3 * day));
    expect(await alertsOf(other.key)).toEqual([]);
    // The week the loop stopped was told once: a founder who paused is not told every Monday after.
    await sweepOnce(new Date(followingMonday.getTime() + 7 * day + minutes(1)));
    expect(await alertsOf(other.key)).toEqual([]);
  });
});
