import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as redirect, HEAD as redirectHead } from "@/app/r/[code]/route";
import { reloadConfig } from "@/lib/config";
import { flushClicks } from "@/lib/links/click-recorder";
import { authenticatedCall } from "../support/calls";
import { fakeModelEnv } from "../support/fake-model";
import { promptText, startFakeOpenAI } from "../support/fake-openai";
import { appWithLaunchedProject, launchReadyProject } from "../support/pipeline";
import { setPlan } from "../support/plans";
import type { TestApp } from "../support/test-app";

// Tracked links end to end, in-process: a drafted post carries its short link, the redirect
// counts people (not bots, prefetches or the same visitor twice within the hour), and a
// conversion with the click id lands on the post, its channel, its angle and its week.

let app: TestApp;
let key: string;
let projectId: string;
let item: { id: string; channel: string; angle: string; draft: { body: string; parts: string[] } };
let link: { id: string; code: string; shortUrl: string; targetUrl: string; destination: string };

const call = authenticatedCall(() => ({ app, key }));
const browser =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";

/** A click; in-process every request comes from one address, so a visitor is told apart by its browser. */
async function click(code: string, headers: Record<string, string> = {}, method: "GET" | "HEAD" = "GET", visitor = "1") {
  const request = new Request(`http://launchloop.test/r/${code}`, {
    method,
    headers: { "user-agent": `${browser} visitor/${visitor}`, ...headers },
  });
  const handler = method === "GET" ? redirect : redirectHead;
  const response = await handler(request, { params: Promise.resolve({ code }) });
  await flushClicks(app.db);
  return response;
}

const clicksOf = async (linkId: string) =>
  (
    (await call("GET", `/api/v1/projects/${projectId}/links`)).json.links as { id: string; clicks: number; conversions: number }[]
  ).find((entry) => entry.id === linkId)!;

beforeAll(async () => {
  ({ app, key, projectId } = await appWithLaunchedProject("pro"));
  await call("POST", `/api/v1/projects/${projectId}/growth/start`);
  const { cycle } = (await call("POST", `/api/v1/projects/${projectId}/growth/cycles`)).json;
  const approved = (await call("POST", `/api/v1/growth/cycles/${cycle.id}/approve`)).json.cycle;
  for (const planned of approved.items) {
    const generated = await call("POST", `/api/v1/growth/items/${planned.id}/generate`);
    expect(generated.status, generated.text).toBe(200);
    if (!item && generated.json.item.draft.body.includes("/r/")) item = generated.json.item;
  }
  expect(item, "a drafted post that links to the founder's site").toBeDefined();
  link = (await call("GET", `/api/v1/projects/${projectId}/links`)).json.links.find(
    (entry: { growthItemId: string }) => entry.growthItemId === item.id,
  );
}, 240_000);
afterAll(() => app.close());

describe("a drafted post", () => {
  it("carries its own tracked link in place of the founder's site, once per thread", () => {
    expect(link.shortUrl).toMatch(/^http:\/\/launchloop\.test\/r\/[0-9A-Za-z]{8}$/);
    expect(item.draft.body).toContain(link.shortUrl);
    expect(item.draft.parts.filter((part) => part.includes(link.shortUrl))).toHaveLength(1);
    expect(link.destination).toBe("https://tidybooks.example");
    const target = new URL(link.targetUrl);
    expect(Object.fromEntries(target.searchParams)).toMatchObject({
      utm_source: item.channel,
      utm_campaign: "week-1",
    });
    expect(target.searchParams.get("utm_medium")).toBeTruthy();
    expect(target.searchParams.get("utm_content")).toBeTruthy();
  });
});

describe("the redirect", () => {
  it("sends a reader on with the UTM parameters and a click id, and counts one visitor once an hour", async () => {
    const first = await click(link.code);
    expect(first.status).toBe(302);
    const location = new URL(first.headers.get("location")!);
    expect(location.origin + location.pathname).toBe("https://tidybooks.example/");
    expect(location.searchParams.get("utm_source")).toBe(item.channel);
    expect(location.searchParams.get("ll_click")).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.headers.get("set-cookie")).toBeNull();
    expect((await clicksOf(link.id)).clicks).toBe(1);
    await click(link.code);
    expect((await clicksOf(link.id)).clicks).toBe(1);
    await click(link.code, {}, "GET", "2");
    expect((await clicksOf(link.id)).clicks).toBe(2);
  });

  it("records bots, unfurlers and prefetches as such and never counts them", async () => {
    const before = (await clicksOf(link.id)).clicks;
    for (const userAgent of [
      "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
      "Twitterbot/1.0",
      "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
      "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)",
      "Mozilla/5.0 (compatible; Bluesky Cardyb/1.1; +mailto:support@bsky.app)",
      "Mastodon/4.3.0 (http.rb/5.2.0; +https://mastodon.social/) Bot",
      "",
    ]) {
      const answer = await click(link.code, { "user-agent": userAgent });
      expect(answer.status).toBe(302);
      expect(new URL(answer.headers.get("location")!).searchParams.get("ll_click")).toBeNull();
    }
    await click(link.code, { "sec-purpose": "prefetch" }, "GET", "3");
    await click(link.code, { purpose: "prefetch" }, "GET", "4");
    await click(link.code, {}, "HEAD", "5");
    expect((await clicksOf(link.id)).clicks).toBe(before);
    const rows = await app.db.execute(`select kind, count(*)::int as n from link_clicks group by kind order by kind`);
    const kinds = Object.fromEntries(
      ((rows as { rows?: unknown[] }).rows ?? (rows as unknown[])).map((row) => [
        (row as { kind: string }).kind,
        (row as { n: number }).n,
      ]),
    );
    expect(kinds.bot).toBe(7);
    expect(kinds.prefetch).toBe(2);
  });

  it("answers an unknown or malformed code with a plain 404 page and records nothing", async () => {
    for (const code of ["ZZZZZZZZ", "short", "../../etc", "a".repeat(200)]) {
      const answer = await redirect(new Request(`http://launchloop.test/r/x`), { params: Promise.resolve({ code }) });
      expect(answer.status).toBe(404);
      expect(answer.headers.get("content-type")).toMatch(/text\/html/);
    }
  });
});

describe("conversions", () => {
  let clickId: string;
  beforeAll(async () => {
    const answer = await click(link.code, {}, "GET", "6");
    clickId = new URL(answer.headers.get("location")!).searchParams.get("ll_click")!;
  });

  it("are attributed through the click id to the post, its channel, its angle and its week", async () => {
    const reported = await call("POST", `/api/v1/projects/${projectId}/conversions`, {
      clickId,
      event: "signup",
      externalId: "user-1",
    });
    expect(reported.status, reported.text).toBe(202);
    expect(reported.json).toMatchObject({
      duplicate: false,
      conversion: { attributed: true, linkId: link.id, growthItemId: item.id, channel: item.channel, event: "signup" },
    });
    const results = async (groupBy: string) =>
      (await call("GET", `/api/v1/projects/${projectId}/results?groupBy=${groupBy}`)).json.results;
    expect((await results("item")).rows.find((row: { key: string }) => row.key === item.id)).toMatchObject({ signups: 1 });
    expect((await results("channel")).rows.find((row: { key: string }) => row.key === item.channel)).toMatchObject({
      signups: 1,
    });
    expect((await results("angle")).rows.find((row: { key: string }) => row.key === item.angle)).toMatchObject({ signups: 1 });
    const byLink = (await results("link")).rows.find((row: { key: string }) => row.key === link.id);
    expect(byLink).toMatchObject({ signups: 1, label: `${link.shortUrl} → https://tidybooks.example` });
    const week = await results("week");
    expect(week.totals).toMatchObject({ signups: 1, conversions: 1 });
    expect(week.totals.clicks).toBe(3);
    expect((await clicksOf(link.id)).conversions).toBe(1);
  });

  it("count the same externalId once, even sent twenty times at once", async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call("POST", `/api/v1/projects/${projectId}/conversions`, {
          event: "purchase",
          externalId: "order-9",
          value: 24.5,
          currency: "USD",
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(202));
    expect(answers.filter((answer) => answer.json.duplicate === false)).toHaveLength(1);
    const listed = (await call("GET", `/api/v1/projects/${projectId}/conversions`)).json.conversions;
    expect(listed.filter((conversion: { externalId: string }) => conversion.externalId === "order-9")).toEqual([
      expect.objectContaining({ value: 24.5, currency: "USD", attributed: false }),
    ]);
  });

  it("keep a conversion whose click id is unknown, malformed or another project's as unattributed", async () => {
    const other = await app.signUpWithKey();
    await setPlan(app.db, other.email, "pro");
    const otherProject = await launchReadyProject(app, other.key);
    const stranger = await app.request("POST", `/api/v1/projects/${otherProject}/conversions`, {
      key: other.key,
      body: { clickId, event: "signup", externalId: "stranger-1" },
    });
    expect(stranger.json.conversion).toMatchObject({ attributed: false, linkId: null, clickId: null });
    for (const [index, foreign] of [crypto.randomUUID(), "not-a-uuid", ""].entries()) {
      const answer = await call("POST", `/api/v1/projects/${projectId}/conversions`, {
        ...(foreign && { clickId: foreign }),
        event: "signup",
        externalId: `loose-${index}`,
      });
      expect(answer.json.conversion.attributed).toBe(false);
    }
    const results = (await call("GET", `/api/v1/projects/${projectId}/results`)).json.results;
    expect(results.unattributed.signups).toBe(3);
    // Another account cannot report into this project.
    const refused = await app.request("POST", `/api/v1/projects/${projectId}/conversions`, {
      key: other.key,
      body: { event: "signup", externalId: "x" },
    });
    expect(refused.status).toBe(404);
  });

  it("reach their click when they arrive before its batch is written", async () => {
    const request = new Request(`http://launchloop.test/r/${link.code}`, {
      headers: { "user-agent": `${browser} visitor/7` },
    });
    const answer = await redirect(request, { params: Promise.resolve({ code: link.code }) });
    const early = new URL(answer.headers.get("location")!).searchParams.get("ll_click")!;
    const reported = await call("POST", `/api/v1/projects/${projectId}/conversions`, {
      clickId: early,
      event: "signup",
      externalId: "early-bird",
    });
    expect(reported.json.conversion.attributed).toBe(false);
    await flushClicks(app.db);
    const listed = (await call("GET", `/api/v1/projects/${projectId}/conversions`)).json.conversions;
    expect(listed.find((conversion: { externalId: string }) => conversion.externalId === "early-bird")).toMatchObject({
      attributed: true,
      growthItemId: item.id,
    });
  });
});

describe("destinations", () => {
  it("are http or https only, never javascript:, data: or another scheme", async () => {
    for (const destination of [
      "javascript:alert(1)",
      "data:text/html,hi",
      "ftp://example.com",
      "https://user:pw@example.com",
      "example.com",
      "//evil.example",
    ]) {
      const created = await call("POST", `/api/v1/projects/${projectId}/links`, { destination });
      expect(created.status, destination).toBe(400);
      const changed = await call("PATCH", `/api/v1/links/${link.id}`, { destination });
      expect(changed.status, destination).toBe(400);
      const settings = await call("PATCH", `/api/v1/projects/${projectId}/link-settings`, { siteUrl: destination });
      expect(settings.status, destination).toBe(400);
    }
  });

  it("change where the short link sends readers, and turning a link off puts the site back in its post", async () => {
    const moved = await call("PATCH", `/api/v1/links/${link.id}`, { destination: "https://tidybooks.example/pricing?ref=ph" });
    expect(moved.status, moved.text).toBe(200);
    const answer = await click(link.code, {}, "GET", "8");
    const location = new URL(answer.headers.get("location")!);
    expect(location.pathname).toBe("/pricing");
    expect(location.searchParams.get("ref")).toBe("ph");
    const off = await call("PATCH", `/api/v1/links/${link.id}`, { enabled: false });
    expect(off.json.link.enabled).toBe(false);
    const cycles = (await call("GET", `/api/v1/projects/${projectId}/growth/cycles`)).json.cycles;
    const after = cycles[0].items.find((entry: { id: string }) => entry.id === item.id);
    expect(after.draft.body).not.toContain(link.shortUrl);
    expect(after.draft.body).toContain("https://tidybooks.example/pricing?ref=ph");
    expect(after.tracking).toMatchObject({ shortUrl: link.shortUrl, enabled: false, clicks: 5, signups: 2, conversions: 2 });
    // On again: the post carries its short link again, in place of the destination.
    await call("PATCH", `/api/v1/links/${link.id}`, { enabled: true });
    const again = (await call("GET", `/api/v1/projects/${projectId}/growth/cycles`)).json.cycles[0].items.find(
      (entry: { id: string }) => entry.id === item.id,
    );
    expect(again.draft.body).toContain(link.shortUrl);
    expect(again.draft.body).not.toContain("https://tidybooks.example/pricing?ref=ph");
    expect(again.tracking).toMatchObject({
      linkId: link.id,
      enabled: true,
      destination: "https://tidybooks.example/pricing?ref=ph",
    });
  });

  it("belong to their account: another founder's change answers 404", async () => {
    const other = await app.signUpWithKey();
    const answer = await call("PATCH", `/api/v1/links/${link.id}`, { enabled: true }, other.key);
    expect(answer.status).toBe(404);
  });
});

describe("a secret conversion key", () => {
  it("reports its own project's conversions and nothing else", async () => {
    const made = await call("POST", `/api/v1/projects/${projectId}/ingest-keys`, { kind: "secret", name: "Backend" });
    expect(made.status, made.text).toBe(201);
    const secret = made.json.key as string;
    expect(secret).toMatch(/^llw_/);
    const reported = await app.request("POST", `/api/v1/projects/${projectId}/conversions`, {
      key: secret,
      body: { event: "purchase", externalId: "order-from-backend", value: 89, currency: "USD" },
    });
    expect(reported.status, reported.text).toBe(202);
    expect(reported.json.conversion).toMatchObject({ source: "server", externalId: "order-from-backend" });
    // Nothing else: not a read, not another project, not MCP.
    expect((await app.request("GET", `/api/v1/projects/${projectId}/conversions`, { key: secret })).status).toBe(401);
    expect((await app.request("GET", "/api/v1/me", { key: secret })).status).toBe(401);
    const other = await app.signUpWithKey();
    await setPlan(app.db, other.email, "pro");
    const otherProject = (
      await app.request("POST", "/api/v1/projects", {
        key: other.key,
        body: { name: "Other", onboarding: { businessName: "O", productDescription: "x", problemSolved: "y" } },
      })
    ).json.project.id;
    const elsewhere = await app.request("POST", `/api/v1/projects/${otherProject}/conversions`, {
      key: secret,
      body: { event: "signup", externalId: "x" },
    });
    expect(elsewhere.status).toBe(404);
    await call("DELETE", `/api/v1/projects/${projectId}/ingest-keys/${made.json.ingestKey.id}`);
    const revoked = await app.request("POST", `/api/v1/projects/${projectId}/conversions`, {
      key: secret,
      body: { event: "signup", externalId: "after-revoke" },
    });
    expect(revoked.status).toBe(401);
  });
});

describe("the founder's site", () => {
  it("reports conversions with a publishable key from any origin, which can add and read nothing else", async () => {
    const created = await call("POST", `/api/v1/projects/${projectId}/ingest-keys`, { kind: "publishable" });
    expect(created.status, created.text).toBe(201);
    const publishable = created.json.key as string;
    expect(publishable).toMatch(/^llp_/);
    const listed = (await call("GET", `/api/v1/projects/${projectId}/ingest-keys`)).json.keys;
    expect(JSON.stringify(listed)).not.toContain(publishable);

    const preflight = await app.request("OPTIONS", "/api/v1/track", { headers: { origin: "https://tidybooks.example" } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-methods")).toContain("POST");

    const answer = await click(link.code, {}, "GET", "site");
    const clickId = new URL(answer.headers.get("location")!).searchParams.get("ll_click")!;
    const tracked = await app.request("POST", "/api/v1/track", {
      headers: { origin: "https://tidybooks.example" },
      body: { key: publishable, event: "signup", externalId: "site-user-1", clickId },
    });
    expect(tracked.status, tracked.text).toBe(202);
    expect(tracked.json).toEqual({ accepted: true, duplicate: false });
    expect(tracked.headers.get("access-control-allow-origin")).toBe("*");
    const conversions = (await call("GET", `/api/v1/projects/${projectId}/conversions`)).json.conversions;
    expect(conversions.find((row: { externalId: string }) => row.externalId === "site-user-1")).toMatchObject({
      source: "site",
      attributed: true,
      growthItemId: item.id,
    });

    // The publishable key is no API key, and an API key is no publishable key.
    expect((await app.request("GET", `/api/v1/projects/${projectId}/conversions`, { key: publishable })).status).toBe(401);
    const withApiKey = await app.request("POST", "/api/v1/track", { body: { key, event: "signup", externalId: "x" } });
    expect(withApiKey.status).toBe(401);

    const revoked = await call("DELETE", `/api/v1/projects/${projectId}/ingest-keys/${created.json.ingestKey.id}`);
    expect(revoked.status, revoked.text).toBe(200);
    const afterRevoke = await app.request("POST", "/api/v1/track", {
      body: { key: publishable, event: "signup", externalId: "site-user-2" },
    });
    expect(afterRevoke.status).toBe(401);
  });

  it("serves the script that keeps the click id in the site's own storage and sets no cookie", async () => {
    const { GET: script } = await import("@/app/launchloop.js/route");
    const answer = script();
    expect(answer.headers.get("content-type")).toMatch(/javascript/);
    expect(answer.headers.get("set-cookie")).toBeNull();
    const source = await answer.text();
    expect(source.length).toBeLessThan(4096);
    expect(source).toContain("localStorage");
    expect(source).toContain("/api/v1/track");
    expect(source).toContain('credentials: "omit"');
  });
});

describe("the loop", () => {
  it("gives the next plan's model the sign-ups, and the offline plan follows them", async () => {
    const cycles = (await call("GET", `/api/v1/projects/${projectId}/growth/cycles`)).json.cycles;
    const week = cycles[0];
    const retro = await call("POST", `/api/v1/growth/cycles/${week.id}/retro`, {
      overall: "The pricing post worked.",
      items: week.items.map((entry: { id: string }) => ({
        itemId: entry.id,
        result: entry.id === item.id ? "published" : "skipped",
      })),
    });
    expect(retro.status, retro.text).toBe(200);
    const signups = (await call("GET", `/api/v1/projects/${projectId}/results?groupBy=item`)).json.results.rows.find(
      (row: { key: string }) => row.key === item.id,
    ).signups;
    expect(signups).toBeGreaterThan(0);

    const fake = await startFakeOpenAI();
    Object.assign(process.env, fakeModelEnv(fake));
    reloadConfig();
    try {
      fake.answer({ kind: "error", status: 500 });
      await call("POST", `/api/v1/projects/${projectId}/growth/cycles`);
      const prompt = promptText(fake.requests[0]!.body);
      expect(prompt).toContain(`${signups} sign-ups from`);
      expect(prompt).toContain("Sign-ups by channel");
    } finally {
      for (const name of Object.keys(fakeModelEnv(fake))) delete process.env[name];
      reloadConfig();
      await fake.close();
    }
    const planned = await call("POST", `/api/v1/projects/${projectId}/growth/cycles`);
    expect(planned.status, planned.text).toBe(200);
    expect(planned.json.cycle.plan.rationale).toMatch(/sign-ups? from \d+ clicks last week/);
    const channels = planned.json.cycle.plan.contentPlan.map((entry: { channel: string }) => entry.channel);
    expect(channels[0]).toBe(item.channel);
  });
});

describe("raw clicks", () => {
  it("are kept 90 days; their counts stay in the daily rollup", async () => {
    const { purgeOldClicks } = await import("@/lib/links/record-clicks");
    const before = (await clicksOf(link.id)).clicks;
    await purgeOldClicks(app.db, { now: new Date(Date.now() + 91 * 86_400_000) });
    const rows = await app.db.execute("select count(*)::int as n from link_clicks");
    const left = ((rows as { rows?: { n: number }[] }).rows ?? (rows as unknown as { n: number }[]))[0]!.n;
    expect(left).toBe(0);
    expect((await clicksOf(link.id)).clicks).toBe(before);
  });
});

describe("the launch pack", () => {
  it("gives each post that links to the founder's site its own tracked link", async () => {
    const items = (await call("GET", `/api/v1/projects/${projectId}/content`)).json.items as {
      id: string;
      kind: string;
      body: string;
    }[];
    const posts = items.filter((entry) => entry.kind.startsWith("post-") && entry.body.includes("/r/"));
    expect(posts.length).toBeGreaterThan(0);
    const links = (await call("GET", `/api/v1/projects/${projectId}/links`)).json.links as {
      contentItemId: string | null;
      shortUrl: string;
      targetUrl: string;
    }[];
    for (const post of posts) {
      const own = links.find((entry) => entry.contentItemId === post.id)!;
      expect(post.body).toContain(own.shortUrl);
      expect(new URL(own.targetUrl).searchParams.get("utm_campaign")).toBe("launch");
    }
    expect(items.some((entry) => entry.body.includes("https://tidybooks.example") && entry.kind.startsWith("post-"))).toBe(false);
  });
});
