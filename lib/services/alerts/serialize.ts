import type { alerts } from "@/lib/db/schema";

export type AlertRecord = typeof alerts.$inferSelect;

/** Where in the dashboard the founder fixes what an alert is about. */
export function fixPathOf(alert: Pick<AlertRecord, "kind" | "projectId">): string {
  if (!alert.projectId) return "/dashboard";
  const project = `/projects/${alert.projectId}`;
  switch (alert.kind) {
    case "connection_disconnected":
      return `${project}/settings`;
    case "run_failed":
      return project;
    default:
      return `${project}/growth`;
  }
}

export function serializeAlert(alert: AlertRecord) {
  return {
    id: alert.id,
    kind: alert.kind,
    projectId: alert.projectId,
    subject: { type: alert.subjectType, id: alert.subjectId },
    message: alert.message,
    fixAt: fixPathOf(alert),
    createdAt: alert.createdAt.toISOString(),
    emailedAt: alert.emailedAt?.toISOString() ?? null,
  };
}
