import ical from "node-ical";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authenticatedCall } from "../support/calls";
import { appWithLaunchedProject } from "../support/pipeline";
import type { TestApp } from "../support/test-app";

let app: TestApp;
let key: string;
let projectId: string;

beforeAll(async () => {
  ({ app, key, projectId } = await appWithLaunchedProject("pro"));
  await app.request("POST", `/api/v1/projects/${projectId}/growth/start`, { key });
});
afterAll(() => app.close());

const call = authenticatedCall(() => ({ app, key }));
const events = (text: string) =>
  Object.values(ical.sync.parseICS(text)).filter((entry) => entry?.type === "VEVENT") as ical.VEvent[];
const dateOf = (event: ical.VEvent) => new Date(event.start).toISOString().slice(0, 10);
const feedPath = (url: string) => new URL(url).pathname;

describe("the growth calendar feed", () => {
  it("is valid iCalendar before any week, with the key", async () => {
    const response = await call("GET", `/api/v1/projects/${projectId}/growth/calendar.ics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(response.text).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\n/);
    expect(response.text).toContain("\r\nEND:VCALENDAR");
    const parsed = events(response.text);
    expect(parsed).toHaveLength(1);
    expect(parsed[0]!.summary).toContain("no growth week planned yet");
  });

  it("puts a proposed week's items as tentative, then the approved items and tasks on their days", async () => {
    const planned = await call("POST", `/api/v1/projects/${projectId}/growth/cycles`);
    expect(planned.status, planned.text).toBe(200);
    const cycle = planned.json.cycle;
    const proposed = events((await call("GET", `/api/v1/projects/${projectId}/growth/calendar.ics`)).text);
    const proposedCount = cycle.plan.contentPlan.reduce(
      (sum: number, entry: { items: unknown[] }) => sum + entry.items.length,
      0,
    );
    expect(proposed).toHaveLength(proposedCount);
    expect(proposed.every((event) => event.status === "TENTATIVE")).toBe(true);

    const approved = (await call("POST", `/api/v1/growth/cycles/${cycle.id}/approve`)).json.cycle;
    const [first, second] = approved.items;
    await call("POST", `/api/v1/growth/items/${first.id}/generate`);
    await call("PATCH", `/api/v1/growth/items/${second.id}`, { status: "skipped" });
    await call("PATCH", `/api/v1/growth/tasks/${approved.tasks[0].id}`, { status: "done" });

    const text = (await call("GET", `/api/v1/projects/${projectId}/growth/calendar.ics`)).text;
    // RFC 5545 lines: CRLF, at most 75 octets, each event with UID, DTSTAMP and DTSTART.
    for (const line of text.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(approved.items.length + approved.tasks.length);
    expect(text.match(/\r\nDTSTAMP:\d{8}T\d{6}Z/g)).toHaveLength(approved.items.length + approved.tasks.length);
    const parsed = events(text);
    const byUid = new Map(parsed.map((event) => [event.uid, event]));
    const dayIndex = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
    for (const item of approved.items) {
      const event = byUid.get(`item-${item.id}@launchloop`)!;
      expect(event.summary).toContain(item.title);
      const offset = dayIndex.indexOf(item.suggestedDay.slice(0, 3));
      const expected = new Date(Date.parse(`${approved.weekStart}T00:00:00Z`) + Math.max(0, offset) * 86_400_000)
        .toISOString()
        .slice(0, 10);
      expect(dateOf(event), item.title).toBe(expected);
      expect(event.datetype).toBe("date");
    }
    expect(byUid.get(`item-${second.id}@launchloop`)!.status).toBe("CANCELLED");
    expect(byUid.get(`task-${approved.tasks[0].id}@launchloop`)!.summary).toMatch(/^✓ Task: /);
  });

  it("serves a secret subscription URL without a key until it is revoked or replaced", async () => {
    expect((await call("GET", `/api/v1/projects/${projectId}/growth/calendar-subscription`)).json).toEqual({
      subscription: null,
    });
    const created = await call("POST", `/api/v1/projects/${projectId}/growth/calendar-subscription`);
    expect(created.status).toBe(201);
    const url = created.json.subscription.url as string;
    expect(url).toMatch(/^http:\/\/launchloop\.test\/api\/v1\/calendar-feeds\/llcal_[\w-]+\/calendar\.ics$/);

    const open = await app.request("GET", feedPath(url));
    expect(open.status).toBe(200);
    expect(events(open.text).length).toBeGreaterThan(0);
    const state = (await call("GET", `/api/v1/projects/${projectId}/growth/calendar-subscription`)).json.subscription;
    expect(state).toMatchObject({ active: true, lastUsedAt: expect.any(String) });
    expect(state.url).toBeUndefined();

    // Replacing it: the old URL stops working at once.
    const replaced = (await call("POST", `/api/v1/projects/${projectId}/growth/calendar-subscription`)).json.subscription
      .url as string;
    expect((await app.request("GET", feedPath(url))).status).toBe(404);
    expect((await app.request("GET", feedPath(replaced))).status).toBe(200);

    const revoked = await call("DELETE", `/api/v1/projects/${projectId}/growth/calendar-subscription`);
    expect(revoked.json).toEqual({ revoked: true });
    const gone = await app.request("GET", feedPath(replaced));
    expect([gone.status, gone.json.code]).toEqual([404, "not_found"]);
    expect((await call("DELETE", `/api/v1/projects/${projectId}/growth/calendar-subscription`)).json).toEqual({ revoked: false });
  });

  it("answers guessed, malformed and foreign requests with 4xx, never 5xx", async () => {
    expect(
      (await app.request("GET", "/api/v1/calendar-feeds/llcal_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/calendar.ics")).status,
    ).toBe(404);
    expect((await app.request("GET", "/api/v1/calendar-feeds/%00%ff/calendar.ics")).status).toBe(400); // a malformed percent-escape is 400 before any route
    expect((await app.request("GET", `/api/v1/projects/${projectId}/growth/calendar.ics`)).status).toBe(401);
    const other = await app.signUpWithKey();
    expect((await app.request("GET", `/api/v1/projects/${projectId}/growth/calendar.ics`, { key: other.key })).status).toBe(404);
    expect(
      (await app.request("POST", `/api/v1/projects/${projectId}/growth/calendar-subscription`, { key: other.key })).status,
    ).toBe(404);
  });

  it("keeps one live URL under 20 concurrent creations", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () => call("POST", `/api/v1/projects/${projectId}/growth/calendar-subscription`)),
    );
    expect(
      results.every((result) => result.status === 201 || result.status === 429),
      results.map((result) => result.status).join(),
    ).toBe(true);
    const urls = results.filter((result) => result.status === 201).map((result) => result.json.subscription.url as string);
    const live = (await Promise.all(urls.map((url) => app.request("GET", feedPath(url))))).filter(
      (response) => response.status === 200,
    );
    expect(live).toHaveLength(1);
  });
});
