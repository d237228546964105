import "server-only";
import { startJobTicker } from "@/lib/jobs/engine";
import { registerJobHandler } from "@/lib/jobs/run";
import { metricsJobHandler, publishJobHandler } from "./publishing";

registerJobHandler("publish", publishJobHandler);
registerJobHandler("metrics", metricsJobHandler);

/** Starts the embedded engine (a no-op when QStash runs the jobs). */
export function startScheduler(): void {
  startJobTicker();
}
