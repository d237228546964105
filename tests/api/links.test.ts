import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as cardImage } from "@/app/r/[code]/card.png/route";
import { GET as redirect, HEAD as redirectHead } from "@/app/r/[code]/route";
import { reloadConfig } from "@/lib/config";
import { flushClicks } from "@/lib/links/click-recorder";
import { resultsCsv } from "@/lib/links/results-csv";
import { resultsGroupings } from "@/lib/schemas/links";
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
let cycleId: string;
let item: { id: string; channel: string; angle: string; draft: { body: string; parts: string[] } };
let link: { id: string; code: string; shortUrl: string; targetUrl: string; destination: string };
const drafted: { id: string; channel: string; draft: { body: string; parts: string[] } }[] = [];

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

/** A meta tag's content in the unfurl page, unescaped. */
const ogOf = (page: string, property: string) =>
  (new RegExp(`property="${property}" content="([^"]*)"`).exec(page)?.[1] ?? "").replaceAll("&amp;", "&");

const clicksOf = async (linkId: string) =>
  (
    (await call("GET", `/api/v1/projects/${projectId}/links`)).json.links as { id: string; clicks: number; conversions: number }[]
  ).find((entry) => entry.id === linkId)!;

beforeAll(async () => {
  ({ app, key, projectId } = await appWithLaunchedProject("pro"));
  await call("POST", `/api/v1/projects/${projectId}/growth/start`);
  const { cycle } = (await call("POST", `/api/v1/projects/${projectId}/growth/cycles`)).json;
  cycleId = cycle.id;
  const approved = (await call("POST", `/api/v1/growth/cycles/${cycle.id}/approve`)).json.cycle;
  for (const planned of approved.items) {
    const generated = await call("POST", `/api/v1/growth/items/${planned.id}/generate`);
    expect(generated.status, generated.text).toBe(200);
    drafted.push(generated.json.item);
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

// A title a spreadsheet would run as a formula, were it not escaped.
const formulaTitle = '=HYPERLINK("https://evil.example","Win")';

/** Where a short link sends a reader, read with HEAD (which records nothing). */
async function destinationOf(code: string) {
  return new URL((await click(code, {}, "HEAD")).headers.get("location")!);
}

describe("a post that links to a page of the founder's site", () => {
  it("gets its own tracked link to that page, written with www., over http or https", async () => {
    const csv = [
      "channel,day,title,text,link",
      `bluesky,Wed,"${formulaTitle.replaceAll('"', '""')}",Plans for freelancers start at $9.,https://www.tidybooks.example/pricing?plan=pro`,
      "mastodon,Thu,Start here,Setting up takes five minutes: http://tidybooks.example/docs/start.,",
    ].join("\n");
    const imported = await call("POST", `/api/v1/growth/cycles/${cycleId}/items/import`, { csv });
    expect(imported.json.imported, imported.text).toBe(2);
    const links = (await call("GET", `/api/v1/projects/${projectId}/links`)).json.links as {
      growthItemId: string | null;
      code: string;
      shortUrl: string;
      destination: string;
    }[];
    for (const [title, destination] of [
      [formulaTitle, "https://www.tidybooks.example/pricing?plan=pro"],
      ["Start here", "http://tidybooks.example/docs/start"],
    ] as const) {
      const post = imported.json.items.find((entry: { title: string }) => entry.title === title);
      const own = links.find((entry) => entry.growthItemId === post.id)!;
      expect(own, title).toBeDefined();
      expect(own.destination).toBe(destination);
      expect(post.draft.body).toContain(own.shortUrl);
      expect(post.draft.body).not.toContain("tidybooks.example");
      const target = await destinationOf(own.code);
      expect(target.origin + target.pathname).toBe(destination.split("?")[0]);
      expect(target.searchParams.get("utm_source")).toBe(post.channel);
    }
    const mastodon = imported.json.items.find((entry: { title: string }) => entry.title === "Start here");
    expect(mastodon.draft.body).toMatch(/five minutes: http:\/\/launchloop\.test\/r\/[0-9A-Za-z]{8}\.$/);
  });

  it("typed by the founder into a post that has its link, points that link at the page; a new draft leaves it there", async () => {
    const other = drafted.find((entry) => entry.id !== item.id && entry.draft.body.includes("/r/"))!;
    const linkOf = async () =>
      (
        (await call("GET", `/api/v1/projects/${projectId}/links`)).json.links as {
          growthItemId: string;
          code: string;
          shortUrl: string;
          destination: string;
        }[]
      ).find((entry) => entry.growthItemId === other.id)!;
    const before = await linkOf();
    expect(before.destination).toBe("https://tidybooks.example");
    const edited = await call("PATCH", `/api/v1/growth/items/${other.id}/draft`, {
      body: "Pricing is simple, see https://tidybooks.example/pricing#plans",
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json.item.draft.body).toBe(`Pricing is simple, see ${before.shortUrl}`);
    expect(await linkOf()).toMatchObject({ code: before.code, destination: "https://tidybooks.example/pricing#plans" });
    expect((await destinationOf(before.code)).pathname).toBe("/pricing");
    // The writer's next draft links to the site's front page: the founder's page stays the destination.
    const regenerated = await call("POST", `/api/v1/growth/items/${other.id}/generate`);
    expect(regenerated.status, regenerated.text).toBe(200);
    expect(regenerated.json.item.draft.body).toContain(before.shortUrl);
    expect((await linkOf()).destination).toBe("https://tidybooks.example/pricing#plans");
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
      // An unfurler reads the project's card page (below); its address carries no click id either.
      const answer = await click(link.code, { "user-agent": userAgent });
      expect(answer.status).toBe(200);
      expect(new URL(ogOf(await answer.text(), "og:url")).searchParams.get("ll_click")).toBeNull();
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

  it("shows an unfurler the project's brand card as the link's preview, the destination as its address", async () => {
    const answer = await click(link.code, { "user-agent": "Twitterbot/1.0" });
    expect(answer.headers.get("content-type")).toMatch(/text\/html/);
    const page = await answer.text();
    expect(ogOf(page, "og:image")).toBe(`http://launchloop.test/r/${link.code}/card.png`);
    expect(ogOf(page, "og:image:alt").length).toBeGreaterThan(10);
    expect(ogOf(page, "og:url")).toMatch(/^https:\/\/tidybooks\.example\/\?utm_/);
    expect(page).not.toContain("<script");
    const image = await cardImage(new Request(`http://launchloop.test/r/${link.code}/card.png`), {
      params: Promise.resolve({ code: link.code }),
    });
    expect([image.status, image.headers.get("content-type")]).toEqual([200, "image/png"]);
    expect(
      Buffer.from(await image.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe("PNG");
    const unknown = await cardImage(new Request("http://launchloop.test/r/ZZZZZZZZ/card.png"), {
      params: Promise.resolve({ code: "ZZZZZZZZ" }),
    });
    expect(unknown.status).toBe(404);
    // A person is still sent straight on.
    expect((await click(link.code, {}, "GET", "6")).status).toBe(302);
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
    // A week is the post's plan week (its Monday), not the calendar week of the click.
    const planWeek = (await call("GET", `/api/v1/projects/${projectId}/growth/cycles`)).json.cycles.find(
      (cycle: { id: string }) => cycle.id === cycleId,
    );
    const week = await results("week");
    expect(week.rows).toEqual([
      { key: planWeek.weekStart, label: "Week 1", channel: null, clicks: 3, signups: 1, conversions: 1, conversionRate: 0.3333 },
    ]);
    expect(week.totals).toMatchObject({ signups: 1, conversions: 1, clicks: 3 });
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

describe("the results CSV", () => {
  it("is well-formed and formula-safe for every grouping", async () => {
    const links = (await call("GET", `/api/v1/projects/${projectId}/links`)).json.links as {
      code: string;
      growthItemId: string;
    }[];
    const items = (await call("GET", `/api/v1/projects/${projectId}/growth/cycles`)).json.cycles.flatMap(
      (cycle: { items: { id: string; title: string }[] }) => cycle.items,
    );
    const formulaItem = items.find((entry: { title: string }) => entry.title === formulaTitle);
    const formulaLink = links.find((entry) => entry.growthItemId === formulaItem.id)!;
    const answer = await click(formulaLink.code, {}, "GET", "csv");
    const clickId = new URL(answer.headers.get("location")!).searchParams.get("ll_click")!;
    await call("POST", `/api/v1/projects/${projectId}/conversions`, { clickId, event: "signup", externalId: "csv-reader" });

    for (const groupBy of resultsGroupings) {
      const { results } = (await call("GET", `/api/v1/projects/${projectId}/results?groupBy=${groupBy}`)).json;
      const csv = resultsCsv(results);
      expect(csv.endsWith("\r\n"), groupBy).toBe(true);
      const records: string[][] = parse(csv);
      expect(records[0]).toEqual(["group", "label", "channel", "clicks", "signups", "conversions", "conversion_rate"]);
      expect(records).toHaveLength(results.rows.length + 3);
      for (const record of records) {
        expect(record, groupBy).toHaveLength(7);
        for (const cell of record) expect(cell, `${groupBy}: ${cell}`).not.toMatch(/^[=+\-@\t\r]/);
      }
      for (const [index, row] of results.rows.entries()) {
        const record = records[index + 1]!;
        expect(record[0]).toBe(row.key);
        expect(record.slice(3).map((cell) => (cell === "" ? null : Number(cell)))).toEqual([
          row.clicks,
          row.signups,
          row.conversions,
          row.conversionRate,
        ]);
      }
      expect(records.at(-2)!.slice(0, 5)).toEqual([
        "total",
        "All tracked links",
        "",
        String(results.totals.clicks),
        String(results.totals.signups),
      ]);
      expect(records.at(-1)!.slice(0, 1)).toEqual(["unattributed"]);
      if (groupBy === "angle") expect(records.find((entry) => entry[0] === "(no angle)")?.[1]).toBe("Posts without an angle");
      if (groupBy === "item") {
        const record = records.find((entry) => entry[0] === formulaItem.id)!;
        expect(record[1]).toBe(`'${formulaTitle}`);
        expect(record.slice(3, 5)).toEqual(["1", "1"]);
      }
    }
  });
});

describe("tracked links outside the weekly plan", () => {
  let other: { id: string; code: string };
  beforeAll(async () => {
    const made = await call("POST", `/api/v1/projects/${projectId}/links`, {
      destination: "https://tidybooks.example/changelog",
    });
    expect(made.status, made.text).toBe(201);
    other = made.json.link;
  });

  it("send readers on without a click id when LINK_CLICK_ID=off, and still count them", async () => {
    process.env.LINK_CLICK_ID = "off";
    reloadConfig();
    try {
      const answer = await click(other.code, {}, "GET", "no-click-id");
      expect(answer.status).toBe(302);
      const location = new URL(answer.headers.get("location")!);
      expect(location.pathname).toBe("/changelog");
      expect(location.searchParams.get("utm_source")).toBeTruthy();
      expect(location.searchParams.has("ll_click")).toBe(false);
    } finally {
      delete process.env.LINK_CLICK_ID;
      reloadConfig();
    }
    expect((await clicksOf(other.id)).clicks).toBe(1);
    const again = await click(other.code, {}, "GET", "with-click-id");
    expect(new URL(again.headers.get("location")!).searchParams.get("ll_click")).toMatch(/^[0-9a-f-]{36}$/);
    expect((await clicksOf(other.id)).clicks).toBe(2);
  });

  it("attribute a conversion only to a click within the attribution window before it", async () => {
    const now = Date.now();
    /** A reader's click some days ago: its click id. */
    const clickDaysAgo = async (days: number, visitor: string) => {
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(now - days * 86_400_000);
      try {
        const answer = await click(other.code, {}, "GET", visitor);
        return new URL(answer.headers.get("location")!).searchParams.get("ll_click")!;
      } finally {
        vi.useRealTimers();
      }
    };
    const report = async (clickId: string, externalId: string) =>
      (await call("POST", `/api/v1/projects/${projectId}/conversions`, { clickId, event: "signup", externalId })).json.conversion;
    const monthOld = await clickDaysAgo(31, "month-old");
    const tenDaysOld = await clickDaysAgo(10, "ten-days-old");
    expect((await call("GET", `/api/v1/projects/${projectId}/link-settings`)).json.settings.attributionWindowDays).toBe(30);
    expect(await report(monthOld, "after-a-month")).toMatchObject({ attributed: false, linkId: null });
    expect(await report(tenDaysOld, "after-ten-days")).toMatchObject({ attributed: true, linkId: other.id });

    const narrowed = await call("PATCH", `/api/v1/projects/${projectId}/link-settings`, { attributionWindowDays: 7 });
    expect(narrowed.status, narrowed.text).toBe(200);
    expect(await report(tenDaysOld, "after-ten-days-in-a-week-window")).toMatchObject({ attributed: false });
    // Reading the results (which attributes conversions that raced their click) leaves them unattributed.
    const week = (await call("GET", `/api/v1/projects/${projectId}/results?groupBy=week`)).json.results;
    const listed = (await call("GET", `/api/v1/projects/${projectId}/conversions`)).json.conversions as {
      externalId: string;
      attributed: boolean;
    }[];
    const attributed = (externalId: string) => listed.find((entry) => entry.externalId === externalId)!.attributed;
    expect([attributed("after-a-month"), attributed("after-ten-days"), attributed("after-ten-days-in-a-week-window")]).toEqual([
      false,
      true,
      false,
    ]);
    // A link outside the weekly plan has a week row of its own, after the plan's weeks.
    expect(week.rows.at(-1)).toMatchObject({ key: "outside-plan", label: "Outside the weekly plan", clicks: 4, signups: 1 });
    await call("PATCH", `/api/v1/projects/${projectId}/link-settings`, { attributionWindowDays: 30 });
  });
});
