/**
 * What a founder is alerted to: a scheduled post that failed for good, a connection the
 * network disconnected, a run (a pipeline step, a week's plan, a draft) that failed, and a
 * week that started without an approved plan. Without zod, so the dashboard's client code
 * reads them without loading it (zod's eval check would trip the page's CSP).
 */
export const alertKinds = ["post_failed", "connection_disconnected", "run_failed", "week_unplanned"] as const;
export type AlertKind = (typeof alertKinds)[number];
