import "server-only";
import { config } from "@/lib/config";
import { getDatabase } from "@/lib/db";
import { describeError } from "@/lib/db/errors";
import { JobPool } from "./run";
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
 * announcement from a route kicks that copy's pool instead of running its own.
 */
const slots = globalThis as Record<symbol, { timer: NodeJS.Timeout; pool: JobPool; kick: () => void } | undefined>;

/** Claims due jobs into the pool's free slots; jobs already running go on (nothing waits for a batch). */
function fill(pool: JobPool) {
  pool.fill().catch((error) => console.error("[jobs] the ticker's claim failed; the next tick retries:", describeError(error)));
}

/**
 * Starts the embedded ticker (once per process; it never keeps the process alive on its own):
 * a pool of JOBS_POOL_SIZE slots that claims due jobs every SCHEDULER_TICK_S, whenever a slot
 * frees, and at once when a job is announced due ("Publish now").
 */
export function startJobTicker(): void {
  if (slots[tickerSlot] || config().jobs.qstash) return;
  const pool = new JobPool(getDatabase);
  const timer = setInterval(() => fill(pool), config().jobs.tickMs);
  timer.unref();
  slots[tickerSlot] = { timer, pool, kick: () => fill(pool) };
  console.log(
    `Jobs: the embedded ticker runs due jobs every ${config().jobs.tickMs / 1000} s, ${config().jobs.poolSize} at once (set QSTASH_TOKEN to use QStash).`,
  );
  // Jobs left from before a restart (claimed by a dead process, or due meanwhile) run now.
  setTimeout(() => fill(pool), 500).unref();
}

/** Stops the embedded ticker: nothing more is claimed; settles when the jobs it runs are done. */
export async function stopJobTicker(): Promise<void> {
  const state = slots[tickerSlot];
  if (!state) return;
  clearInterval(state.timer);
  slots[tickerSlot] = undefined;
  await state.pool.stop();
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
  // The client loads with the first announcement, so a server without QStash never loads it.
  const client = import("@upstash/qstash").then(
    ({ Client }) => new Client({ token: settings.token, ...(settings.baseUrl && { baseUrl: settings.baseUrl }) }),
  );
  return {
    name: "qstash",
    async announce(job) {
      const delaySeconds = Math.max(0, Math.ceil((job.runAt.getTime() - Date.now()) / 1000));
      await (await client).publishJSON({
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
  const { Receiver } = await import("@upstash/qstash");
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
