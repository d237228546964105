import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from "@/lib/db/schema";
import { GiveUp, RetryLater } from "@/lib/jobs/outcome";
import type { JobContext, JobHandler } from "@/lib/jobs/run";
import type { JobRecord } from "@/lib/jobs/store";
import { OutboundUrlError, sendOutbound } from "@/lib/security/outbound-url";
import { unseal } from "@/lib/security/secret";
import { disableFailingEndpoint } from "./disable-endpoint";
import { webhookSecretPurpose } from "./endpoints";
import { webhookMaxAnswerBytes, webhookRetryDelayMs, webhookTimeoutMs } from "./retry-schedule";
import type { WebhookEndpointRecord } from "./serialize";
import { publicEventId, signedHeaders } from "./signing";

/** The delivery a job sends, with its event and endpoint, of the job's own account only. */
async function loadDelivery(db: Database, job: JobRecord) {
  const [found] = await db
    .select({ delivery: webhookDeliveries, event: webhookEvents, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(
      and(
        eq(webhookDeliveries.id, job.subjectId),
        eq(webhookDeliveries.accountId, job.accountId),
        eq(webhookEvents.accountId, job.accountId),
        eq(webhookEndpoints.accountId, job.accountId),
      ),
    );
  return found ?? null;
}

/** The secrets a delivery is signed with now: the current one, and the previous one during a rotation's overlap. */
function secretsOf(endpoint: WebhookEndpointRecord, now: Date): string[] {
  const current = unseal(endpoint.sealedSecret, webhookSecretPurpose);
  const previous =
    endpoint.sealedPreviousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now
      ? unseal(endpoint.sealedPreviousSecret, webhookSecretPurpose)
      : null;
  return previous ? [current, previous] : [current];
}

/** One POST to the endpoint: its status, or why it failed in a few words (never a secret, never the answer's body). */
async function post(url: string, headers: Record<string, string>, body: string) {
  try {
    const answer = await sendOutbound(url, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body,
      timeoutMs: webhookTimeoutMs,
      maxBytes: webhookMaxAnswerBytes,
    });
    const ok = answer.status >= 200 && answer.status < 300;
    return { statusCode: answer.status, error: ok ? null : `The endpoint answered HTTP ${answer.status}.` };
  } catch (error) {
    if (!(error instanceof OutboundUrlError)) throw error;
    return { statusCode: null, error: `${error.message}.`.replace(/^./, (first) => first.toUpperCase()) };
  }
}

/**
 * Sends one delivery (a `webhook_delivery` job): signed per Standard Webhooks, through the
 * outbound guard (checked again now), 10 s at most, no redirect followed (a 3xx fails), at
 * most 64 KB of the answer read. Each attempt is recorded; a failure is retried on the
 * schedule, and an endpoint that failed every attempt for 5 days is turned off.
 */
async function sendDelivery(job: JobRecord, { db, now, signal }: JobContext) {
  const found = await loadDelivery(db, job);
  if (!found) return; // the endpoint (and its deliveries) was deleted
  const { delivery, event, endpoint } = found;
  const redelivery = job.payload.redelivery === true;
  if (!redelivery && delivery.status === "succeeded") return;
  if (!endpoint.enabled && !redelivery) throw new GiveUp("The endpoint is turned off.");
  const id = publicEventId(event.id);
  const body = JSON.stringify({ id, type: event.type, timestamp: event.createdAt.toISOString(), data: event.data });
  const headers = signedHeaders({ id, at: now, body, secrets: secretsOf(endpoint, now) });
  signal.throwIfAborted();
  const started = performance.now();
  const { statusCode, error } = await post(endpoint.url, headers, body);
  const durationMs = Math.round(performance.now() - started);
  await db.insert(webhookAttempts).values({
    accountId: job.accountId,
    deliveryId: delivery.id,
    at: now,
    statusCode,
    durationMs,
    error: error?.slice(0, 300) ?? null,
  });
  const retryIn = error && job.attempts < job.maxAttempts ? webhookRetryDelayMs(job.attempts) : null;
  await db
    .update(webhookDeliveries)
    .set({
      status: error === null ? "succeeded" : retryIn === null ? "failed" : "pending",
      nextAttemptAt: retryIn === null ? null : new Date(now.getTime() + retryIn),
      updatedAt: now,
    })
    .where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.accountId, job.accountId)));
  if (error === null) {
    await db
      .update(webhookEndpoints)
      .set({ failingSince: null })
      .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.accountId, job.accountId)));
    return;
  }
  await noteFailure(db, endpoint, error, now);
  if (retryIn === null) throw new GiveUp(error);
  throw new RetryLater(error, retryIn);
}

/** Starts (or continues) the endpoint's run of failures; past 5 days it is turned off. */
async function noteFailure(db: Database, endpoint: WebhookEndpointRecord, error: string, now: Date) {
  const [failing] = await db
    .update(webhookEndpoints)
    .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.accountId, endpoint.accountId)))
    .returning();
  if (failing) await disableFailingEndpoint(db, { endpoint: failing, error, now });
}

/** The delivery's last failure once no attempt is left (or its worker kept dying). */
async function giveUpDelivery(job: JobRecord, _reason: string, { db, now }: Pick<JobContext, "db" | "now">) {
  await db
    .update(webhookDeliveries)
    .set({ status: "failed", nextAttemptAt: null, updatedAt: now })
    .where(
      and(
        eq(webhookDeliveries.id, job.subjectId),
        eq(webhookDeliveries.accountId, job.accountId),
        sql`${webhookDeliveries.status} <> 'succeeded'`,
      ),
    );
}

export const webhookDeliveryJobHandler: JobHandler = { run: sendDelivery, giveUp: giveUpDelivery };
