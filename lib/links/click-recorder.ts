import "server-only";
import type { Database } from "@/lib/db";
import { describeError } from "@/lib/db/errors";
import { type Click, recordClicks } from "./record-clicks";

const flushAfterMs = 200;
const flushAtSize = 500;

interface Pending {
  clicks: Click[];
  timer: NodeJS.Timeout;
  written: Promise<void>;
  resolve: () => void;
}

const slot = Symbol.for("launchloop.links.recorder");
const state = globalThis as { [slot]?: Map<Database, Pending> };

/**
 * Clicks are written in batches: the redirect answers first and hands its click here; a
 * batch goes to the database 200 ms after its first click or at 500 clicks, whichever comes
 * first. The promise settles when the click's batch is written, so the platform's
 * `waitUntil` keeps a serverless instance alive until then. A batch that fails is tried once
 * more with the next one, then dropped with a log line (clicks are not worth a stuck queue).
 */
export function recordClick(db: Database, click: Click): Promise<void> {
  state[slot] ??= new Map();
  const batches = state[slot];
  let pending = batches.get(db);
  if (!pending) {
    const settled: { resolve?: () => void } = {};
    const written = new Promise<void>((done) => {
      settled.resolve = done;
    });
    const resolve = () => settled.resolve?.();
    const timer = setTimeout(() => void flush(db), flushAfterMs);
    timer.unref?.();
    pending = { clicks: [], timer, written, resolve };
    batches.set(db, pending);
  }
  pending.clicks.push(click);
  const { written } = pending;
  if (pending.clicks.length >= flushAtSize) void flush(db);
  return written;
}

/** Writes what is waiting now (tests, and a server about to stop). */
export async function flushClicks(db: Database): Promise<void> {
  await flush(db);
}

async function flush(db: Database, retry = true): Promise<void> {
  const batches = state[slot];
  const pending = batches?.get(db);
  if (!pending) return;
  batches!.delete(db);
  clearTimeout(pending.timer);
  try {
    await recordClicks(db, pending.clicks);
  } catch (error) {
    if (retry) {
      console.error(`[links] writing ${pending.clicks.length} clicks failed; trying once more:`, describeError(error));
      for (const click of pending.clicks) void recordClick(db, click);
      await flush(db, false);
    } else {
      console.error(`[links] writing ${pending.clicks.length} clicks failed again; they are dropped:`, describeError(error));
    }
  } finally {
    pending.resolve();
  }
}
