export { confirmPublication } from "./confirm";
export { metricsPulls } from "./metric-pulls";
export { publishNow } from "./publish-now";
export { metricsJobHandler, pullItemMetrics } from "./pull-metrics";
export { publishJobHandler } from "./run-publish";
export { remindJobHandler } from "./run-remind";
export { scheduleItem } from "./schedule";
export { syncPublishJob } from "./sync-publish-job";
