import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, connections } from "@/lib/db/schema";
import { runDueJobs } from "@/lib/jobs/run";
import { sealSecrets } from "@/lib/networks/secrets";
import "@/lib/services/job-handlers";
import { mailsTo } from "../support/mailbox";
import { launchReadyProject } from "../support/pipeline";
import { setPlan } from "../support/plans";
import { plannedWeekOf } from "../support/publishing-items";
import { createTestApp, type TestApp } from "../support/test-app";

// A queue for every channel: an approved item on a channel with no connected account gets a
// time like any other; at it (the clock is driven here) the founder is reminded once, by
// e-mail only when they chose it, and "I posted it" with the link marks it published.

let app: TestApp;
let key: string;
let email: string;
let projectId: string;
let items: { x: string; linkedin: string; race: string; sat: string; sun: string };

const call = (method: string, path: string, body?: unknown) => app.request(method, path, { key, body });
const tick = (at: Date) => runDueJobs(app.db, { now: () => at });
const item = async (id: string) =>
  (await call("GET", `/api/v1/projects/${projectId}/growth/cycles`)).json.cycles
    .flatMap((cycle: { items: { id: string }[] }) => cycle.items)
    .find((found: { id: string }) => found.id === id);
const remindersTo = () => mailsTo(app.mailDir, email).filter((mail) => /^Subject: Time to post/m.test(mail));

beforeAll(async () => {
  app = await createTestApp();
  const founder = await app.signUpWithKey();
  ({ key, email } = founder);
  await setPlan(app.db, email, "pro");
  projectId = await launchReadyProject(app, key);
  const week = await plannedWeekOf(call, projectId, {
    x: [
      ["tweet", "Wed"],
      ["race", "Thu"],
      ["sat", "Sat"],
      ["sun", "Sun"],
    ],
    linkedin: [["li", "Fri"]],
  });
  items = { x: week.tweet, linkedin: week.li, race: week.race, sat: week.sat, sun: week.sun };
  for (const id of Object.values(items)) {
    expect((await call("POST", `/api/v1/growth/items/${id}/generate`)).status).toBe(200);
    expect((await call("PATCH", `/api/v1/growth/items/${id}`, { status: "approved" })).status).toBe(200);
  }
}, 240_000);

afterAll(async () => {
  await app?.close();
});

describe("a queue for every channel", () => {
  it("gives an approved item on an unconnected channel its day at the channel's hour", async () => {
    const tweet = await item(items.x);
    expect(tweet.publication).toMatchObject({ status: "scheduled", connectionId: null });
    // X goes out at 9:00 in the founder's zone (UTC here) on its planned day.
    expect(new Date(tweet.publication.scheduledAt).getUTCHours()).toBe(9);
    const linkedin = await item(items.linkedin);
    expect(new Date(linkedin.publication.scheduledAt).getUTCHours()).toBe(8);
  });

  it("takes a time typed for it without an account, and refuses one for an item not approved", async () => {
    // After the week's other items, so their reminders come first.
    const at = new Date(Date.now() + 12 * 86_400_000);
    at.setUTCMinutes(30, 0, 0);
    const moved = await call("PATCH", `/api/v1/growth/items/${items.x}`, { scheduledAt: at.toISOString() });
    expect(moved.status).toBe(200);
    expect(moved.json.item.publication).toMatchObject({ status: "scheduled", scheduledAt: at.toISOString() });
  });

  it("reminds once at the time, with no e-mail unless the founder chose it", async () => {
    const before = remindersTo().length;
    const { scheduledAt } = (await item(items.linkedin)).publication;
    await tick(new Date(Date.parse(scheduledAt) - 60_000));
    expect((await item(items.linkedin)).publication.status).toBe("scheduled");
    await tick(new Date(Date.parse(scheduledAt) + 1000));
    await tick(new Date(Date.parse(scheduledAt) + 120_000));
    expect((await item(items.linkedin)).publication.status).toBe("due");
    expect(remindersTo()).toHaveLength(before);
  });

  it("reminds instead of publishing once the item's account is disconnected or removed, keeping its time", async () => {
    const [owner] = await app.db.select().from(accounts).where(eq(accounts.email, email));
    const [connection] = await app.db
      .insert(connections)
      .values({
        accountId: owner!.id,
        projectId,
        network: "x",
        status: "connected",
        serviceUrl: "https://api.x.com",
        handle: "@founder",
        externalAccountId: "42",
        sealedSecrets: sealSecrets({ accessToken: "not-used" }),
      })
      .returning();
    for (const id of [items.sat, items.sun]) {
      const attached = await call("PATCH", `/api/v1/growth/items/${id}`, { connectionId: connection!.id });
      expect(attached.json.item.publication).toMatchObject({ status: "scheduled", connectionId: connection!.id });
    }
    // X refused the token meanwhile: the account is disconnected; at its time the post is reminded, not failed.
    await app.db.update(connections).set({ status: "disconnected" }).where(eq(connections.id, connection!.id));
    const sat = (await item(items.sat)).publication.scheduledAt;
    await tick(new Date(Date.parse(sat) + 1000));
    expect((await item(items.sat)).publication).toMatchObject({ status: "due", error: null });

    // Removed: the other item keeps its time, without the account.
    const sun = (await item(items.sun)).publication.scheduledAt;
    expect((await call("DELETE", `/api/v1/connections/${connection!.id}`)).status).toBe(200);
    expect((await item(items.sun)).publication).toMatchObject({ status: "scheduled", scheduledAt: sun, connectionId: null });
    await tick(new Date(Date.parse(sun) + 1000));
    expect((await item(items.sun)).publication.status).toBe("due");
  });

  it("e-mails the reminder once, with the post and Open in X, when the founder chose e-mail", async () => {
    const settings = await call("PATCH", `/api/v1/projects/${projectId}/publishing`, { emailReminders: true });
    expect(settings.status).toBe(200);
    expect(settings.json).toMatchObject({ emailReminders: true, timeZone: "UTC" });
    expect((await call("GET", `/api/v1/projects/${projectId}/publishing`)).json.emailReminders).toBe(true);
    const tweet = await item(items.x);
    const at = Date.parse(tweet.publication.scheduledAt);
    await Promise.all([tick(new Date(at + 1000)), tick(new Date(at + 1000))]);
    await tick(new Date(at + 300_000));
    expect((await item(items.x)).publication.status).toBe("due");
    const mails = remindersTo();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`Subject: Time to post on X: ${tweet.title}`);
    expect(mails[0]).toContain("https://x.com/intent/post?text=");
    expect(mails[0]).toContain(tweet.draft.parts[0].split("\n")[0]);
    expect(mails[0]).not.toMatch(/sk-|llk_|password/i);
  });

  it('marks a reminded item published with the link from "I posted it", and refuses a link that is not https', async () => {
    const bad = await call("POST", `/api/v1/growth/items/${items.x}/publication/confirm`, {
      outcome: "posted",
      url: "http://x.com/founder/status/1",
    });
    expect(bad.status).toBe(400);
    const done = await call("POST", `/api/v1/growth/items/${items.x}/publication/confirm`, {
      outcome: "posted",
      url: "https://x.com/founder/status/1859",
    });
    expect(done.status).toBe(200);
    expect(done.json.item).toMatchObject({
      status: "published",
      publication: { status: "published", url: "https://x.com/founder/status/1859", externalId: "1859" },
    });
    const late = await call("PATCH", `/api/v1/growth/items/${items.x}`, { scheduledAt: new Date().toISOString() });
    expect(late.status).toBe(409);
  });

  it('applies one of two concurrent "I posted it" answers', async () => {
    const { scheduledAt } = (await item(items.race)).publication;
    await tick(new Date(Date.parse(scheduledAt) + 1000));
    expect((await item(items.race)).publication.status).toBe("due");
    const answers = await Promise.all(
      [1, 2].map((n) =>
        call("POST", `/api/v1/growth/items/${items.race}/publication/confirm`, {
          outcome: "posted",
          url: `https://x.com/founder/status/${n}`,
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const kept = answers.find((answer) => answer.status === 200)!.json.item.publication.url;
    expect((await item(items.race)).publication.url).toBe(kept);
  });

  it("puts a reminded item back in the queue when the founder gives it a new time", async () => {
    expect((await item(items.linkedin)).publication.status).toBe("due");
    const at = new Date(Date.now() + 20 * 86_400_000);
    const moved = await call("PATCH", `/api/v1/growth/items/${items.linkedin}`, { scheduledAt: at.toISOString() });
    expect(moved.status).toBe(200);
    expect(moved.json.item.publication).toMatchObject({ status: "scheduled" });
  });

  it("ends a reminder with the week: an item not posted by hand is recorded as skipped, no longer due", async () => {
    expect((await item(items.sun)).publication.status).toBe("due");
    const [cycle] = (await call("GET", `/api/v1/projects/${projectId}/growth/cycles`)).json.cycles;
    const closed = await call("POST", `/api/v1/growth/cycles/${cycle.id}/retro`, {
      overall: "",
      items: [{ itemId: items.sun, result: "published", grade: "great" }],
    });
    expect(closed.status).toBe(200);
    const sun = await item(items.sun);
    expect(sun).toMatchObject({ status: "skipped", result: "skipped", grade: null });
    expect(sun.publication?.status).not.toBe("due");
  });
});
