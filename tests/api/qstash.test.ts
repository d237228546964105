import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as runJobsRoute } from "@/app/api/jobs/run/route";
import { GET as sweepRoute } from "@/app/api/jobs/sweep/route";
import { reloadConfig } from "@/lib/config";
import type { ServiceContext } from "@/lib/core/context";
import { accounts, jobs } from "@/lib/db/schema";
import { operations } from "@/lib/operations";
import { executeOperation } from "@/lib/operations/execute";
import { authenticatedJson } from "../support/calls";
import { type FakeBluesky, startFakeBluesky } from "../support/fake-bluesky";
import { startFakeQStash } from "../support/fake-qstash";
import { appWithLaunchedProject } from "../support/pipeline";
import type { TestApp } from "../support/test-app";

// With QSTASH_TOKEN set, jobs are announced to QStash (here a fake the SDK is pointed at)
// with the delay until they are due, and the callback route runs only QStash's signed calls.

const signingKey = "sig_current_0123456789abcdef";
let app: TestApp;
let key: string;
let projectId: string;
let pds: FakeBluesky;
let qstash: Awaited<ReturnType<typeof startFakeQStash>>;
let itemId: string;

beforeAll(async () => {
  pds = await startFakeBluesky();
  qstash = await startFakeQStash(signingKey);
  ({ app, key, projectId } = await appWithLaunchedProject("pro"));
  Object.assign(process.env, {
    OUTBOUND_ALLOW_HTTP: "1",
    QSTASH_TOKEN: "qstash-test-token",
    QSTASH_URL: qstash.url,
    QSTASH_CURRENT_SIGNING_KEY: signingKey,
    QSTASH_NEXT_SIGNING_KEY: "sig_next_0123456789abcdef",
    CRON_SECRET: "cron-secret-0123456789",
  });
  reloadConfig();
  const call = authenticatedJson({ app, key });
  await call("POST", `/api/v1/projects/${projectId}/growth/start`);
  const planned = (await call("POST", `/api/v1/projects/${projectId}/growth/cycles`)).cycle;
  const item = { slug: "hello", title: "Hello Bluesky", angle: "Why", keyMessage: "We built Tidybooks", suggestedDay: "Sun" };
  const approved = (
    await call("POST", `/api/v1/growth/cycles/${planned.id}/approve`, {
      plan: { ...planned.plan, contentPlan: [{ channel: "bluesky", count: 1, items: [item] }] },
    })
  ).cycle;
  itemId = approved.items[0].id;
  await call("POST", `/api/v1/growth/items/${itemId}/generate`);
  pds.addAccount("founder.bsky.test", "app-pass-1234");
  const [account] = await app.db.select().from(accounts).limit(1);
  const owner: ServiceContext = await app.sessionContext(account!.email);
  await executeOperation(
    operations.connectBluesky,
    { body: { projectId, handle: "founder.bsky.test", appPassword: "app-pass-1234", serviceUrl: pds.url } },
    owner,
  );
}, 240_000);

afterAll(async () => {
  for (const name of ["QSTASH_TOKEN", "QSTASH_URL", "QSTASH_CURRENT_SIGNING_KEY", "QSTASH_NEXT_SIGNING_KEY", "CRON_SECRET"])
    delete process.env[name];
  await pds?.close();
  await qstash?.close();
  await app?.close();
});

describe("QStash as the job engine", () => {
  it("announces each job with the delay until it is due, to the signed route", async () => {
    const at = new Date(Date.now() + 90_000);
    await app.request("PATCH", `/api/v1/growth/items/${itemId}`, { key, body: { status: "approved" } });
    const moved = await app.request("PATCH", `/api/v1/growth/items/${itemId}`, { key, body: { scheduledAt: at.toISOString() } });
    expect(moved.json.item.publication).toMatchObject({ status: "scheduled", scheduledAt: at.toISOString() });
    const last = qstash.messages.at(-1)!;
    expect(last.destination).toBe("http://launchloop.test/api/jobs/run");
    expect(last.authorization).toBe("Bearer qstash-test-token");
    expect(last.delaySeconds).toBeGreaterThanOrEqual(88);
    expect(last.delaySeconds).toBeLessThanOrEqual(91);
    const [job] = await app.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.subjectId, itemId), eq(jobs.kind, "publish")));
    expect(JSON.parse(last.body)).toEqual({ jobId: job!.id });
    // The approval's default time was announced first, with its own (longer or zero) delay.
    expect(qstash.messages.length).toBe(2);
  });

  it("refuses unsigned, wrongly signed and tampered calls, and runs due jobs for a signed one", async () => {
    const message = qstash.messages.at(-1)!;
    const unsigned = await runJobsRoute(new Request(message.destination, { method: "POST", body: message.body }));
    expect([unsigned.status, (await unsigned.json()).code]).toEqual([400, "invalid_signature"]);
    const wrongKey = await runJobsRoute(qstash.delivery(message, "sig_attacker_key_0000000000"));
    expect(wrongKey.status).toBe(400);
    const signed = qstash.delivery(message);
    const tampered = await runJobsRoute(
      new Request(message.destination, {
        method: "POST",
        headers: signed.headers,
        body: JSON.stringify({ jobId: "00000000-0000-4000-8000-000000000000" }),
      }),
    );
    expect(tampered.status).toBe(400);
    expect(pds.posts()).toHaveLength(0);

    // Delivered early (not due yet): runs nothing. Publish now: a message without delay, delivered, posts once.
    expect((await (await runJobsRoute(qstash.delivery(message))).json()).claimed).toBe(0);
    const now = await app.request("POST", `/api/v1/growth/items/${itemId}/publish`, { key });
    expect(now.status).toBe(202);
    const immediate = qstash.messages.at(-1)!;
    expect(immediate.delaySeconds).toBe(0);
    const ran = await runJobsRoute(qstash.delivery(immediate));
    expect(await ran.json()).toMatchObject({ claimed: 1, succeeded: 1 });
    expect(pds.posts()).toHaveLength(1);
    // QStash retries a delivery: nothing is posted twice.
    await runJobsRoute(qstash.delivery(immediate));
    expect(pds.posts()).toHaveLength(1);
  });

  it("lets only Vercel Cron's secret run the sweeper", async () => {
    expect((await sweepRoute(new Request("http://launchloop.test/api/jobs/sweep"))).status).toBe(401);
    expect(
      (await sweepRoute(new Request("http://launchloop.test/api/jobs/sweep", { headers: { authorization: "Bearer wrong" } })))
        .status,
    ).toBe(401);
    const secret = "cron-secret-0123456789";
    const refused = [
      secret, // the secret without its scheme
      `Basic ${secret}`,
      `Bearer ${"é".repeat(secret.length)}`, // the right length in characters, more in bytes
      `Bearer ${"\u00ff".repeat(secret.length * 2)}`,
      `Bearer ${secret}x`,
      "Bearer ",
    ];
    for (const authorization of refused) {
      const answer = await sweepRoute(new Request("http://launchloop.test/api/jobs/sweep", { headers: { authorization } }));
      expect(answer.status, authorization).toBe(401);
      expect(await answer.json()).toMatchObject({ code: "unauthorized" });
    }
    const swept = await sweepRoute(
      new Request("http://launchloop.test/api/jobs/sweep", { headers: { authorization: `Bearer ${secret}` } }),
    );
    expect(swept.status).toBe(200);
  });
});
