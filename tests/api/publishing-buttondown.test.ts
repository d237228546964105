import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ServiceContext } from "@/lib/core/context";
import { jobs } from "@/lib/db/schema";
import "@/lib/services/job-handlers";
import { captureConsole } from "../support/console-capture";
import { type FakeButtondown, startFakeButtondown } from "../support/fake-buttondown";
import { appWithLaunchedProject } from "../support/pipeline";
import { connectWithForm, itemsWithTexts, later, minutes, ownerOf, publishingCalls } from "../support/publishing-items";
import type { TestApp } from "../support/test-app";

// A Buttondown newsletter with an API key, against a fake Buttondown API started here; the
// job engine's clock is the test's: `tick(at)` runs what is due at `at`.

let app: TestApp;
let key: string;
let projectId: string;
let owner: ServiceContext;
let buttondown: FakeButtondown;
let apiKey: string;
const responses: string[] = [];
let logged: string[] = [];

const { call, tick, getItem, publishNow, connectionOf } = publishingCalls<Item>(() => ({ app, key, projectId }), responses);
const connect = async (fields: Record<string, unknown>) => {
  const answer = await connectWithForm(owner, { projectId, network: "buttondown", fields });
  responses.push(answer.text);
  return answer;
};

type Item = { id: string; status: string; publication: null | Record<string, unknown>; metrics: null | Record<string, unknown> };
const buttondownConnection = () => connectionOf("buttondown");

const texts = {
  issue: ["# Launch week\n\nTidybooks 1.0 is out. [Try it](https://tidybooks.example)."],
  draft: ["An issue left as a draft in Buttondown."],
  lost: ["An issue whose answer gets lost on the way back."],
  flaky: ["An issue that meets a 503 first."],
  revoked: ["An issue that meets a regenerated key."],
};
let items: Record<keyof typeof texts, string>;

beforeAll(async () => {
  buttondown = await startFakeButtondown();
  apiKey = buttondown.issueKey();
  ({ app, key, projectId } = await appWithLaunchedProject("pro"));
  Object.assign(process.env, { OUTBOUND_ALLOW_HTTP: "1", BUTTONDOWN_API_URL: buttondown.url });
  (await import("@/lib/config")).reloadConfig();
  logged = captureConsole();
  owner = await ownerOf(app);
  await call("POST", `/api/v1/projects/${projectId}/growth/start`);
  items = await itemsWithTexts(app, call, projectId, "newsletter", texts, { issue: "Tidybooks 1.0: launch week" });
}, 240_000);

afterAll(async () => {
  vi.restoreAllMocks();
  delete process.env.BUTTONDOWN_API_URL;
  await buttondown?.close();
  await app?.close();
});

describe("connecting Buttondown", () => {
  it("refuses a key Buttondown does not know with a 400, and connects with one it does", async () => {
    const wrong = await connect({ apiKey: "bd-not-a-key-at-all" });
    expect([wrong.status, wrong.code]).toEqual([400, "connection_refused"]);
    const connected = await connect({ apiKey });
    expect(connected.status, connected.text).toBe(200);
    expect(connected.connection).toMatchObject({ network: "buttondown", status: "connected", handle: "tidybooks" });
    expect(connected.text).not.toContain(apiKey);
    const me = buttondown.requests.filter((request) => request.path === "/v1/accounts/me").at(-1)!;
    expect(me.headers.authorization).toBe(`Token ${apiKey}`);
    expect((await buttondownConnection()).sealedSecrets).not.toContain(apiKey);
  });
});

describe("publishing to Buttondown", () => {
  it("sends the e-mail at the item's time with its subject, the key in its metadata, and reads opens and clicks back", async () => {
    await publishNow(items.issue);
    await tick(later(1000));
    const [email] = buttondown.emails();
    expect(email).toMatchObject({
      subject: "Tidybooks 1.0: launch week",
      status: "sent",
      metadata: { launchloop_key: expect.any(String) },
    });
    expect(email!.body).toContain("# Launch week");
    const sent = buttondown.requests.find((request) => request.method === "POST" && request.path === "/v1/emails")!;
    expect(sent.json).toMatchObject({ status: "about_to_send" });
    expect(sent.headers["x-buttondown-live-dangerously"]).toBe("true");
    expect(sent.headers["x-api-version"]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await getItem(items.issue)).publication).toMatchObject({
      status: "published",
      externalId: email!.id,
      url: email!.absolute_url,
    });

    const pulls = await app.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.subjectId, items.issue), eq(jobs.kind, "metrics")));
    expect(pulls).toHaveLength(3);
    buttondown.setAnalytics(email!.id, { opens: 120, clicks: 31, replies: 4, comments: 1 });
    const pulled = await call("POST", `/api/v1/growth/items/${items.issue}/metrics`);
    expect(pulled.status, pulled.text).toBe(200);
    expect(pulled.json.item.metrics).toMatchObject({ opens: 120, clicks: 31, replies: 5, likes: 0, reposts: 0, quotes: null });
  });

  it("leaves a draft in Buttondown when the item says so, with the founder's subject", async () => {
    await publishNow(items.draft, { status: "draft", subject: "Draft: read me first" });
    await tick(later(1000));
    const email = buttondown.emails().at(-1)!;
    expect(email).toMatchObject({ status: "draft", subject: "Draft: read me first" });
    expect((await getItem(items.draft)).publication).toMatchObject({
      status: "published",
      url: `https://buttondown.com/emails/${email.id}`,
    });
  });

  it("after a lost answer, the retry finds the e-mail by subject, time and key, and does not send again", async () => {
    buttondown.dropAnswerNext("/v1/emails");
    await publishNow(items.lost);
    await tick(later(1000));
    for (let round = 1; round < 4 && (await getItem(items.lost)).status !== "published"; round++)
      await tick(later(minutes(10 * round)));
    expect(buttondown.emails().filter((email) => email.subject === "Post lost")).toHaveLength(1);
    expect((await getItem(items.lost)).status).toBe("published");
    const lookUp = buttondown.requests.find((request) => request.method === "GET" && request.path === "/v1/emails")!;
    expect(lookUp.query.get("subject")).toBe("Post lost");
  });

  it("retries a 503 without disconnecting; a regenerated key disconnects and fails the e-mail with the reason", async () => {
    buttondown.failNext("/v1/emails", 503);
    await publishNow(items.flaky);
    await tick(later(1000));
    expect((await buttondownConnection()).status).toBe("connected");
    for (let round = 1; round < 4 && (await getItem(items.flaky)).status !== "published"; round++)
      await tick(later(minutes(10 * round)));
    expect((await getItem(items.flaky)).status).toBe("published");

    buttondown.revokeKey(apiKey);
    await publishNow(items.revoked);
    await tick(later(1000));
    expect(await buttondownConnection()).toMatchObject({
      status: "disconnected",
      statusReason: expect.stringContaining("Invalid token"),
    });
    expect((await getItem(items.revoked)).publication).toMatchObject({ status: "failed" });
  });

  it("never shows the API key in a response, a log line or an export", async () => {
    const exported = await call("GET", "/api/v1/account/export");
    expect([...responses, exported.text, ...logged].join("\n")).not.toContain(apiKey);
  });
});
