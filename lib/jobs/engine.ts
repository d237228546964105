import "server-only";
import { Client, Receiver } from "@upstash/qstash";
import { config } from "@/lib/config";
import { getDatabase } from "@/lib/db";
import { describeError } from "@/lib/db/errors";
import { runDueJobs } from "./run";
import type { JobRecord } from "./store";

/**
 * What runs due jobs. Embedded: a ticker in the server process every SCHEDULER_TICK_S.
 * Production (QSTASH_TOKEN): QStash calls the signed route /api/jobs/run when each job is
 * due, and Vercel Cron calls /api/jobs/sweep as a sweeper for anything missed.
 */
export interface JobEngine {
  name: "ticker" | "qstash";
  /** Tells the engine a job was recorded for `job.runAt`. */
  announce(job: Pick<JobRecord, "id" | "runAt">): Promise<void>;
}

const tickerSlot = Symbol.for("launchloop.jobs.ticker");
/**
 * The process's ticker, on a global slot: Next bundles instrumentation and route handlers
 * apart, and only the copy that started the ticker has the job handlers registered, so an
 * announcement from a route kicks that copy's `tick` instead of running its own.
 */
const slots = globalThis as Record<symbol, { timer: NodeJS.Timeout; running: boolean; kick: () => void } | undefined>;

async function tick() {
  const state = slots[tickerSlot];
  if (!state || state.running) return;
  state.running = true;
  try {
    const db = await getDatabase();
    // Drain: a full batch means more may be due.
    for (let batch = 0; batch < 40; batch++) {
      const report = await runDueJobs(db, { limit: 25 });
      if (report.claimed < 25) break;
    }
  } catch (error) {
    console.error("[jobs] the ticker's run failed; the next tick retries:", describeError(error));
  } finally {
    state.running = false;
  }
}

/** Starts the embedded ticker (once per process; it never keeps the process alive on its own). */
export function startJobTicker(): void {
  if (slots[tickerSlot] || config().jobs.qstash) return;
  const timer = setInterval(() => void tick(), config().jobs.tickMs);
  timer.unref();
  slots[tickerSlot] = { timer, running: false, kick: () => setTimeout(() => void tick(), 0).unref() };
  console.log(`Jobs: the embedded ticker runs due jobs every ${config().jobs.tickMs / 1000} s (set QSTASH_TOKEN to use QStash).`);
  // Jobs left from before a restart (claimed by a dead process, or due meanwhile) run now.
  setTimeout(() => void tick(), 500).unref();
}

const tickerEngine: JobEngine = {
  name: "ticker",
  async announce(job) {
    // Due now ("Publish now"): run it without waiting for the next tick, where a ticker runs.
    if (job.runAt.getTime() <= Date.now() + 1000) slots[tickerSlot]?.kick();
  },
};

export const jobRunPath = "/api/jobs/run";

function qstashEngine(settings: NonNullable<ReturnType<typeof config>["jobs"]["qstash"]>): JobEngine {
  const client = new Client({ token: settings.token, ...(settings.baseUrl && { baseUrl: settings.baseUrl }) });
  return {
    name: "qstash",
    async announce(job) {
      const delaySeconds = Math.max(0, Math.ceil((job.runAt.getTime() - Date.now()) / 1000));
      await client.publishJSON({
        url: `${config().appUrl}${jobRunPath}`,
        body: { jobId: job.id },
        delay: delaySeconds,
        // The same job announced twice (rescheduled to the same second) is one message.
        deduplicationId: `${job.id}-${job.runAt.getTime()}`,
      });
    },
  };
}

let cachedEngine: JobEngine | undefined;

export function jobEngine(): JobEngine {
  const qstash = config().jobs.qstash;
  cachedEngine ??= qstash ? qstashEngine(qstash) : tickerEngine;
  return cachedEngine;
}

/** Announces a recorded job; a failed announcement is not lost work (the sweeper or ticker finds the row). */
export async function announceJob(job: Pick<JobRecord, "id" | "runAt">): Promise<void> {
  try {
    await jobEngine().announce(job);
  } catch (error) {
    console.error(`[jobs] announcing ${job.id} failed; the sweeper will run it:`, describeError(error));
  }
}

/** Whether a call to the job route carries QStash's valid signature for exactly this body and URL. Fails closed without signing keys. */
export async function verifyQStashCall(request: { signature: string | null; body: string; url: string }): Promise<boolean> {
  const qstash = config().jobs.qstash;
  if (!qstash?.currentSigningKey || !qstash.nextSigningKey || !request.signature) return false;
  const receiver = new Receiver({
    currentSigningKey: qstash.currentSigningKey,
    nextSigningKey: qstash.nextSigningKey,
    devMode: false,
  });
  try {
    return await receiver.verify({ signature: request.signature, body: request.body, url: request.url });
  } catch {
    return false;
  }
}
