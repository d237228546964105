import "server-only";
import { startJobTicker } from "@/lib/jobs/engine";
import { abandonedRequestJobHandler } from "@/lib/jobs/request";
import { registerJobHandler } from "@/lib/jobs/run";
import { sendAlertsJobHandler } from "./alerts";
import { planJobHandler } from "./growth/plan-job";
import { draftImageAltJobHandler } from "./item-images/draft-alt";
import { agentRunJobHandler } from "./pipeline";
import { metricsJobHandler, publishJobHandler, remindJobHandler } from "./publishing";
import { webhookDeliveryJobHandler } from "./webhooks";

registerJobHandler("publish", publishJobHandler);
registerJobHandler("remind", remindJobHandler);
registerJobHandler("metrics", metricsJobHandler);
registerJobHandler("plan", planJobHandler);
registerJobHandler("draft", abandonedRequestJobHandler());
registerJobHandler("agent_run", agentRunJobHandler);
registerJobHandler("send_alerts", sendAlertsJobHandler);
registerJobHandler("webhook_delivery", webhookDeliveryJobHandler);
registerJobHandler("draft_image_alt", draftImageAltJobHandler);

/** Starts the embedded engine (a no-op when QStash runs the jobs). */
export function startScheduler(): void {
  startJobTicker();
}
