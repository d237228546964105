import { Card, CardBody, CardHeader, cx } from "@/components/ui";
import type { ChecklistStep } from "./getting-started-steps";

/** The checklist on the dashboard: what is done, each step a link to its place, the next one marked. */
export function GettingStarted({ steps }: { steps: ChecklistStep[] }) {
  const next = steps.findIndex((step) => !step.done && step.href);
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
              <span
                className={cx(step.done && "text-muted line-through", index === next && "font-medium")}
                aria-current={index === next ? "step" : undefined}
              >
                {step.href ? <a href={step.href}>{step.label}</a> : step.label}
                <span className="sr-only">{step.done ? " (done)" : " (to do)"}</span>
              </span>
            </li>
          ))}
        </ol>
      </CardBody>
    </Card>
  );
}
