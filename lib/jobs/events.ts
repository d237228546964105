import "server-only";
import { EventEmitter } from "node:events";
import { type Database, databaseListener } from "@/lib/db";
import { describeError } from "@/lib/db/errors";

/** A job row that changed (recorded, claimed, progressed, settled, cancelled). */
export interface JobChange {
  jobId: string;
  accountId: string;
  projectId: string;
  kind: string;
  status: string;
  /** The process that wrote it: a process hears its own changes in memory, not again from Postgres. */
  origin: string;
}

/** The Postgres channel the store notifies on (`pg_notify` in the statement that changes the row). */
export const jobChannel = "launchloop_jobs";

/** This process, as the origin of the changes it writes. */
export const processTag = crypto.randomUUID();

// On globalThis: Next bundles instrumentation (the ticker) and route handlers apart, and both must hear one emitter.
const holder = globalThis as unknown as { launchloopJobEvents?: EventEmitter; launchloopJobListening?: WeakSet<Database> };
holder.launchloopJobEvents ??= new EventEmitter().setMaxListeners(0);
holder.launchloopJobListening ??= new WeakSet();
const emitter = holder.launchloopJobEvents;
const listening = holder.launchloopJobListening;

/** Tells this process's waiters of changes the store wrote (other processes hear them through LISTEN). */
export function announceJobChanges(changes: JobChange[]): void {
  for (const change of changes) emitter.emit("change", change);
}

/** On Postgres, hears the other processes' changes once per database (postgres.js re-listens after a reconnect). */
function listenOnce(db: Database) {
  const listen = databaseListener(db);
  if (!listen || listening.has(db)) return;
  listening.add(db);
  listen(jobChannel, (payload) => {
    try {
      const change = JSON.parse(payload) as JobChange;
      if (change.origin !== processTag) emitter.emit("change", change);
    } catch {
      // Not ours: ignored.
    }
  }).catch((error) => {
    listening.delete(db);
    console.error("[jobs] listening for job changes failed; waiters fall back to their re-check:", describeError(error));
  });
}

export interface JobWatch {
  /**
   * Resolves true at the next matching change (or at once when one came since the last
   * call), false after `safetyMs` without one: the waiter then reads the database anyway.
   */
  next(safetyMs: number): Promise<boolean>;
  close(): void;
}

/** Watches job changes that `match`; subscribe before reading the state, so a change in between is not missed. */
export function watchJobs(db: Database, match: (change: JobChange) => boolean): JobWatch {
  listenOnce(db);
  let pending = false;
  let wake: (() => void) | null = null;
  const onChange = (change: JobChange) => {
    if (!match(change)) return;
    pending = true;
    wake?.();
  };
  emitter.on("change", onChange);
  return {
    next(safetyMs) {
      if (pending) {
        pending = false;
        return Promise.resolve(true);
      }
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          wake = null;
          resolve(false);
        }, safetyMs);
        wake = () => {
          clearTimeout(timer);
          wake = null;
          pending = false;
          resolve(true);
        };
      });
    },
    close() {
      emitter.off("change", onChange);
      wake?.();
    },
  };
}
