import { Card, CardBody, CardHeader, cx } from "@/components/ui";

export interface ChecklistStep {
  label: string;
  done: boolean;
  href?: string;
}

interface ProjectState {
  id: string;
  status: "onboarding" | "pipeline" | "launch_ready" | "growth";
}

/** The way from sign-up to a first closed week; null once a week is closed (the founder knows the way by then). */
export function gettingStarted(projects: ProjectState[], closedAWeek: boolean): ChecklistStep[] | null {
  if (closedAWeek) return null;
  const rank = { onboarding: 0, pipeline: 1, launch_ready: 2, growth: 3 } as const;
  const furthest = [...projects].sort((a, b) => rank[b.status] - rank[a.status])[0];
  const reached = furthest ? rank[furthest.status] : -1;
  const base = furthest ? `/projects/${furthest.id}` : "";
  return [
    { label: "Tell Launchloop about your product", done: reached >= 0, href: "/projects/new" },
    { label: "Confirm your answers", done: reached >= 1, href: furthest && `${base}/launch` },
    { label: "Review the five launch steps", done: reached >= 2, href: furthest && `${base}/launch` },
    { label: "Plan your first growth week", done: reached >= 3, href: furthest && `${base}/growth` },
    { label: "Close the week with a short retro", done: false, href: furthest && reached >= 3 ? `${base}/growth` : undefined },
  ];
}

/** The checklist on the dashboard: what is done, and a link to the next thing to do. */
export function GettingStarted({ steps }: { steps: ChecklistStep[] }) {
  const next = steps.findIndex((step) => !step.done);
  return (
    <Card aria-labelledby="getting-started-title">
      <CardHeader
        id="getting-started-title"
        title="Getting started"
        description={`${steps.filter((step) => step.done).length} of ${steps.length} done`}
      />
      <CardBody>
        <ol className="space-y-2 text-[15px]">
          {steps.map((step, index) => (
            <li key={step.label} className="flex items-start gap-2">
              <span
                aria-hidden
                className={cx(
                  "mt-0.5 grid size-5 shrink-0 place-items-center rounded-full text-xs",
                  step.done ? "bg-success text-white" : "border border-line text-muted",
                )}
              >
                {step.done ? "✓" : index + 1}
              </span>
              <span className={cx(step.done && "text-muted line-through")}>
                {index === next && step.href ? <a href={step.href}>{step.label}</a> : step.label}
                <span className="sr-only">{step.done ? " (done)" : " (to do)"}</span>
              </span>
            </li>
          ))}
        </ol>
      </CardBody>
    </Card>
  );
}
