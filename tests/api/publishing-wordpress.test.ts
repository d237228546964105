import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ServiceContext } from "@/lib/core/context";
import { jobs } from "@/lib/db/schema";
import "@/lib/services/job-handlers";
import { captureConsole } from "../support/console-capture";
import { type FakeWordPress, startFakeWordPress } from "../support/fake-wordpress";
import { appWithLaunchedProject } from "../support/pipeline";
import { connectWithForm, itemsWithTexts, later, minutes, ownerOf, publishingCalls } from "../support/publishing-items";
import type { TestApp } from "../support/test-app";

// A WordPress site with an application password, against a fake site started here (the
// outbound guard lets http and 127.0.0.1 through only because OUTBOUND_ALLOW_HTTP=1).

const password = "abcd EFGH 1234 ijkl MNOP 5678";
let app: TestApp;
let key: string;
let projectId: string;
let owner: ServiceContext;
let site: FakeWordPress;
const responses: string[] = [];
let logged: string[] = [];

const { call, tick, getItem, publishNow, connectionOf } = publishingCalls<Item>(() => ({ app, key, projectId }), responses);
const connect = async (fields: Record<string, unknown>) => {
  const answer = await connectWithForm(owner, { projectId, network: "wordpress", fields });
  responses.push(answer.text);
  return answer;
};

type Item = { id: string; status: string; publication: null | Record<string, unknown>; metrics: unknown };
const wordpressConnection = () => connectionOf("wordpress");

const texts = {
  launch: ["## Why we built Tidybooks\n\nFreelancers lose a **weekend** a quarter to bookkeeping.\n\n<script>alert(1)</script>"],
  draft: ["A post the founder wants to read once more on WordPress."],
  lost: ["A post whose answer gets lost on the way back."],
  flaky: ["A post that meets a 503 first."],
  huge: ["A post that meets a site answering 2 MB."],
  revoked: ["A post that meets a revoked application password."],
};
let items: Record<keyof typeof texts, string>;

beforeAll(async () => {
  site = await startFakeWordPress({ username: "ada", applicationPassword: password });
  ({ app, key, projectId } = await appWithLaunchedProject("pro"));
  process.env.OUTBOUND_ALLOW_HTTP = "1";
  (await import("@/lib/config")).reloadConfig();
  logged = captureConsole();
  owner = await ownerOf(app);
  await call("POST", `/api/v1/projects/${projectId}/growth/start`);
  items = await itemsWithTexts(app, call, projectId, "blog", texts, { launch: "Why we built Tidybooks: 5 lessons" });
}, 240_000);

afterAll(async () => {
  vi.restoreAllMocks();
  await site?.close();
  await app?.close();
});

describe("connecting a WordPress site", () => {
  it("refuses an address the outbound guard refuses, and a wrong application password, each with a 400", async () => {
    process.env.OUTBOUND_ALLOW_HTTP = "";
    (await import("@/lib/config")).reloadConfig();
    try {
      for (const siteUrl of [site.url, "https://127.0.0.1/", "https://localhost/blog", "not a url"]) {
        const refused = await connect({ siteUrl, username: "ada", applicationPassword: password });
        expect([refused.status, refused.code], siteUrl).toEqual([400, "invalid_request"]);
        // Said at the field, in words ("That address is not public: …", "Use an https:// address.").
        expect(
          refused.issues?.map((issue) => issue.path),
          siteUrl,
        ).toEqual(["fields.siteUrl"]);
      }
    } finally {
      process.env.OUTBOUND_ALLOW_HTTP = "1";
      (await import("@/lib/config")).reloadConfig();
    }
    expect(site.requests).toHaveLength(0);
    const wrong = await connect({ siteUrl: site.url, username: "ada", applicationPassword: "wrong password here" });
    expect([wrong.status, wrong.code, wrong.issues]).toEqual([
      400,
      "connection_refused",
      [{ path: "fields.applicationPassword", message: "Wrong username or application password." }],
    ]);
  });

  it("connects as the user WordPress names (users/me), from the site's address or a page of its admin", async () => {
    const connected = await connect({
      siteUrl: `${site.url}/wp-admin/profile.php`,
      username: "ada",
      applicationPassword: password,
    });
    expect(connected.status, connected.text).toBe(200);
    expect(connected.connection).toMatchObject({
      network: "wordpress",
      status: "connected",
      handle: "Ada Founder",
      serviceUrl: site.url,
    });
    expect(connected.text).not.toContain(password);
    const signIn = site.requests.filter((request) => request.path === "/wp-json/wp/v2/users/me").at(-1)!;
    expect(signIn.query.get("context")).toBe("edit");
    expect(signIn.headers.authorization).toBe(`Basic ${Buffer.from(`ada:${password}`).toString("base64")}`);
    expect((await wordpressConnection()).sealedSecrets).not.toContain(password);
  });
});

describe("publishing to WordPress", () => {
  it("publishes the post at its time with its title, a slug chosen before the call, and the Markdown as safe HTML", async () => {
    await publishNow(items.launch);
    await tick(later(1000));
    const [post] = site.posts();
    expect(post).toMatchObject({ status: "publish", title: "Why we built Tidybooks: 5 lessons" });
    expect(post!.slug).toMatch(/^why-we-built-tidybooks-5-lessons-[0-9a-z]{8}$/);
    expect(post!.content).toContain("<h2>Why we built Tidybooks</h2>");
    expect(post!.content).toContain("<strong>weekend</strong>");
    expect(post!.content).not.toContain("<script>");
    expect((await getItem(items.launch)).publication).toMatchObject({
      status: "published",
      externalId: String(post!.id),
      url: post!.link,
    });
    const pulls = await app.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.subjectId, items.launch), eq(jobs.kind, "metrics")));
    expect(pulls).toHaveLength(0);
  });

  it("saves a draft with the founder's own title when the item says so; a status WordPress would not take is a 400", async () => {
    const refused = await call("PATCH", `/api/v1/growth/items/${items.draft}`, { publishOptions: { status: "future" } });
    expect([refused.status, refused.json.code]).toEqual([400, "invalid_request"]);
    expect(refused.json.error).toMatch(/publishOptions\.status/);
    await publishNow(items.draft, { status: "draft", title: "Read me once more" });
    await tick(later(1000));
    expect(site.posts().at(-1)).toMatchObject({ status: "draft", title: "Read me once more" });
    expect((await getItem(items.draft)).publication?.status).toBe("published");
  });

  it("after a lost answer, the retry finds the post by its slug and does not post again", async () => {
    site.dropAnswerNext("/wp-json/wp/v2/posts");
    await publishNow(items.lost);
    await tick(later(1000));
    expect((await getItem(items.lost)).publication?.status).not.toBe("published");
    for (let round = 1; round < 4 && (await getItem(items.lost)).status !== "published"; round++)
      await tick(later(minutes(10 * round)));
    expect(site.posts().filter((post) => post.content.includes("answer gets lost"))).toHaveLength(1);
    expect((await getItem(items.lost)).status).toBe("published");
    const lookUp = site.requests.find((request) => request.method === "GET" && request.query.get("status") === "any")!;
    expect(lookUp.query.get("slug")).toMatch(/^post-lost-[0-9a-z]{8}$/);
  });

  it("retries a 503 and a 2 MB answer without disconnecting", async () => {
    site.failNext("/wp-json/wp/v2/posts", 503);
    await publishNow(items.flaky);
    await tick(later(1000));
    expect((await wordpressConnection()).status).toBe("connected");
    for (let round = 1; round < 4 && (await getItem(items.flaky)).status !== "published"; round++)
      await tick(later(minutes(10 * round)));
    expect((await getItem(items.flaky)).status).toBe("published");

    site.answerHugeNext(1);
    await publishNow(items.huge);
    const started = Date.now();
    await tick(later(1000));
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await wordpressConnection()).status).toBe("connected");
    expect((await getItem(items.huge)).publication?.status).not.toBe("failed");
  });

  it("disconnects when the application password is revoked, and fails the post with the reason", async () => {
    site.revokePasswords();
    await publishNow(items.revoked);
    await tick(later(1000));
    expect(await wordpressConnection()).toMatchObject({
      status: "disconnected",
      statusReason: expect.stringContaining("invalid application password"),
    });
    expect((await getItem(items.revoked)).publication).toMatchObject({ status: "failed" });
  });

  it("never shows the application password in a response, a log line or an export", async () => {
    const exported = await call("GET", "/api/v1/account/export");
    const everything = [...responses, exported.text, ...logged].join("\n");
    expect(everything).not.toContain(password);
    expect(everything).not.toContain(Buffer.from(`ada:${password}`).toString("base64"));
  });
});
