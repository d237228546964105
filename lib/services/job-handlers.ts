import "server-only";
import { startJobTicker } from "@/lib/jobs/engine";
import { abandonedRequestJobHandler } from "@/lib/jobs/request";
import { registerJobHandler } from "@/lib/jobs/run";
import { planJobHandler } from "./growth/plan-job";
import { agentRunJobHandler } from "./pipeline";
import { metricsJobHandler, publishJobHandler } from "./publishing";

registerJobHandler("publish", publishJobHandler);
registerJobHandler("metrics", metricsJobHandler);
registerJobHandler("plan", planJobHandler);
registerJobHandler("draft", abandonedRequestJobHandler());
registerJobHandler("agent_run", agentRunJobHandler);

/** Starts the embedded engine (a no-op when QStash runs the jobs). */
export function startScheduler(): void {
  startJobTicker();
}
