import type { AgentType } from "@/lib/schemas/project";

/** The five pipeline steps as a founder reads them. */
export const stepLabels: Record<AgentType, { title: string; short: string; does: string }> = {
  "market-strategist": {
    title: "Market strategy",
    short: "Market",
    does: "Sizes up your market, your ideal customers and the angles competitors leave open.",
  },
  "brand-architect": { title: "Brand system", short: "Brand", does: "Proposes names, taglines, a voice and a color palette." },
  "launch-strategist": {
    title: "Launch plan",
    short: "Plan",
    does: "Lays out the launch week by week, the channels and what to measure.",
  },
  "website-copy": { title: "Website copy", short: "Website", does: "Writes your homepage, about page and FAQ." },
  "launch-assets": {
    title: "Launch assets",
    short: "Posts",
    does: "Writes the launch posts for your channels, the announcement e-mail and the Product Hunt copy.",
  },
};

export const projectStatusLabels = {
  onboarding: "Not confirmed",
  pipeline: "Launch pipeline",
  launch_ready: "Launch ready",
  growth: "Growing",
} as const;

export type StepStatus = "pending" | "running" | "completed" | "failed" | "approved" | "rejected";

export const stepStatusLabels: Record<StepStatus, string> = {
  pending: "Not started",
  running: "Running",
  completed: "Ready for review",
  failed: "Failed",
  approved: "Approved",
  rejected: "Rejected",
};

export const stepStatusTones = {
  pending: "neutral",
  running: "accent",
  completed: "warning",
  failed: "danger",
  approved: "success",
  rejected: "danger",
} as const;
