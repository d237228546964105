import "server-only";
import type { Database } from "@/lib/db";
import { GiveUp, RetryLater } from "@/lib/jobs/outcome";
import { NetworkError } from "@/lib/networks/errors";
import { markDisconnected } from "../connections/mark-disconnected";
import type { ConnectionRecord } from "../connections/serialize";

/** A network's classified failure as the job's next step; an auth refusal disconnects the account first (alerted unless `inThePage`). */
export async function asJobOutcome(
  error: unknown,
  db: Database,
  connection: ConnectionRecord,
  now: Date,
  inThePage = false,
): Promise<Error> {
  if (!(error instanceof NetworkError)) return error instanceof Error ? error : new Error(String(error));
  switch (error.kind) {
    case "auth":
      await markDisconnected(db, { connection, reason: error.message, now, inThePage });
      return new GiveUp(`${error.message} (the account was disconnected: reconnect it in project settings)`);
    case "rate_limit":
      return new RetryLater(error.message, error.retryAfterMs);
    case "transient":
      return new RetryLater(error.message);
    case "permanent":
      return new GiveUp(error.message);
    case "unconfirmed":
      return new GiveUp(`${error.message}: check the account and confirm whether it went out`);
  }
}
