import type { AlertKind } from "@/lib/schemas/alert-kinds";

/** Each alert kind as the founder reads it: the setting's label, its explanation, the notice's link. */
export const alertKindLabel: Record<AlertKind, { title: string; description: string; fix: string }> = {
  post_failed: {
    title: "A scheduled post failed",
    description: "After its retries, with the network's reason.",
    fix: "Open the board",
  },
  connection_disconnected: {
    title: "A network disconnected an account",
    description: "Its password or token stopped working: scheduled posts wait until you reconnect it.",
    fix: "Reconnect",
  },
  run_failed: {
    title: "A run, plan or draft failed",
    description: "When an API key or an assistant started it, or the server stopped during it.",
    fix: "Open the project",
  },
  week_unplanned: {
    title: "A week started without an approved plan",
    description: "On its Monday, in the project's time zone.",
    fix: "Open the week",
  },
};
