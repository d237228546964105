export interface ChecklistStep {
  label: string;
  done: boolean;
  href?: string;
}

export interface ProjectState {
  id: string;
  status: "onboarding" | "pipeline" | "launch_ready" | "growth";
}

/** What the founder has done beyond the projects' own status, read from their data. */
export interface FirstWeekProgress {
  /** The furthest project has a connected network account. */
  connected: boolean;
  /** A week was planned and approved (or later closed). */
  plannedAWeek: boolean;
  closedAWeek: boolean;
}

const rank = { onboarding: 0, pipeline: 1, launch_ready: 2, growth: 3 } as const;

/** The project furthest along the way (the one the checklist's links lead to), if any. */
export const furthestProject = <P extends ProjectState>(projects: P[]): P | undefined =>
  [...projects].sort((a, b) => rank[b.status] - rank[a.status])[0];

/**
 * The way from sign-up to a first closed week, each step ticked from real data and linking to
 * its place; null once a week is closed (the founder knows the way by then).
 */
export function gettingStarted(projects: ProjectState[], progress: FirstWeekProgress): ChecklistStep[] | null {
  if (progress.closedAWeek) return null;
  const furthest = furthestProject(projects);
  const reached = furthest ? rank[furthest.status] : -1;
  const base = furthest ? `/projects/${furthest.id}` : undefined;
  const within = (section: string) => (base ? `${base}/${section}` : undefined);
  return [
    { label: "Answer the questions about your product", done: reached >= 1, href: furthest ? within("launch") : "/projects/new" },
    { label: "Review your launch", done: reached >= 2, href: within("launch") },
    { label: "Connect an account to publish to", done: progress.connected, href: within("settings") },
    { label: "Plan your first week", done: progress.plannedAWeek, href: within("growth") },
    { label: "Close your first week with a short retro", done: false, href: reached >= 3 ? within("growth") : undefined },
  ];
}
