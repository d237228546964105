"use client";

import { useEffect, useState } from "react";
import { startCheckout } from "@/app/(dashboard)/projects/actions";
import { PlanBadge } from "@/components/plan-badge";
import { UpgradeCard } from "@/components/project/upgrade-card";
import { useCommands } from "@/components/shell/commands";
import { ariaShortcut } from "@/components/shell/shortcuts";
import { Button, Card, CardBody, CardHeader, cx, Notice } from "@/components/ui";
import { useOperationAction } from "@/components/use-operation-action";
import type { JobState } from "@/lib/schemas/publishing";
import { planCycleAction, startGrowthAction } from "./actions";
import { useProjectJobs } from "./use-project-jobs";

/** Moves a launch-ready project into the weekly loop. */
export function StartGrowthPanel({ projectId, needsPlan }: { projectId: string; needsPlan?: string }) {
  const { pending, error, offer, run } = useOperationAction({ upgradeOffer: true });
  const start = () => run(() => startGrowthAction(projectId));
  useCommands([
    { id: "start-growth", label: "Start growth", group: "Growth", shortcut: "w", run: start, available: () => !pending },
  ]);
  return (
    <Card aria-labelledby="start-growth-title">
      <CardHeader
        id="start-growth-title"
        title="Your launch is ready"
        description="From here on, Launchloop plans your marketing one week at a time: a plan, drafts for each channel, tasks for you, and a short retro."
      />
      <CardBody className="space-y-4">
        <Button onClick={start} disabled={pending} aria-keyshortcuts={ariaShortcut("w")}>
          {pending ? "Starting…" : "Start growth"}
          {needsPlan && !pending && <PlanBadge plan={needsPlan} />}
        </Button>
        {error && <Notice tone="danger">{error}</Notice>}
        {offer && <UpgradeCard body={offer} startCheckout={startCheckout} />}
      </CardBody>
    </Card>
  );
}

/** Seconds since `since`, ticking: the same count after a reload, since it starts from the job's own start. */
function Elapsed({ since }: { since: number }) {
  const [now, setNow] = useState(since);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return <span className="tabular-nums">{Math.max(0, Math.round((now - since) / 1000))} s</span>;
}

/**
 * "Plan my week": runs the planner (a run against the daily cap) as a job whose stages show
 * live (from the project's event stream), also after a reload or in a second tab, where
 * "Plan my week" joins the same job. Every refusal is said in words.
 */
export function PlanWeekButton({
  projectId,
  weekNumber,
  label,
  activeJobs,
}: {
  projectId: string;
  weekNumber: number;
  label: string;
  activeJobs: JobState[];
}) {
  const { pending, error, offer, run } = useOperationAction({ upgradeOffer: true });
  const { jobs, follow } = useProjectJobs(projectId, activeJobs, pending);
  const [clickedAt, setClickedAt] = useState<number>();
  const job = jobs.find((entry) => entry.kind === "plan");
  const planning = pending || job !== undefined;
  const stages = planStages(weekNumber);
  const plan = () => {
    setClickedAt(Date.now());
    follow();
    run(() => planCycleAction(projectId));
  };
  useCommands([{ id: "plan-week", label, group: "Growth", shortcut: "w", run: plan, available: () => !planning }]);
  const current = job?.progress ? Math.min(job.progress.step, stages.length - 1) : 0;
  return (
    <div className="space-y-4">
      <Button size="lg" onClick={plan} disabled={planning} aria-keyshortcuts={ariaShortcut("w")}>
        {planning ? `Planning week ${weekNumber}…` : label}
      </Button>
      <div role="status" aria-live="polite">
        {planning && (
          <div className="space-y-3" data-testid="plan-progress" data-step={current}>
            <ol className="space-y-2 text-sm" aria-label={`Planning week ${weekNumber}`}>
              {stages.map((stage, index) => {
                const state = index < current ? "done" : index === current ? "current" : "next";
                return (
                  <li
                    key={stage}
                    data-state={state}
                    aria-current={state === "current" ? "step" : undefined}
                    className={cx("flex items-center gap-3", state === "next" ? "text-muted" : "text-ink")}
                  >
                    <span
                      aria-hidden
                      className={cx(
                        "grid size-5 shrink-0 place-items-center rounded-full text-xs",
                        state === "done" && "bg-success-soft text-success",
                        state === "current" && "bg-accent-soft",
                        state === "next" && "border border-line",
                      )}
                    >
                      {state === "done" ? (
                        "✓"
                      ) : state === "current" ? (
                        <span className="size-2 animate-pulse rounded-full bg-accent" />
                      ) : (
                        ""
                      )}
                    </span>
                    <span className={cx(state === "current" && "font-medium")}>
                      {stage}
                      <span className="sr-only">{state === "done" ? " (done)" : state === "current" ? " (now)" : ""}</span>
                    </span>
                  </li>
                );
              })}
            </ol>
            <p className="text-sm text-muted">
              {job ? "The planner is at work; you can leave or reload this page, it keeps going." : "Starting…"}{" "}
              <Elapsed since={job ? Date.parse(job.runAt) : (clickedAt ?? Date.now())} />
            </p>
          </div>
        )}
      </div>
      {error && <Notice tone="danger">{error}</Notice>}
      {offer && <UpgradeCard body={offer} startCheckout={startCheckout} />}
    </div>
  );
}

/** The plan job's stages, in the order its progress counts them (lib/services/growth/cycles). */
const planStages = (weekNumber: number) => [
  "Reading your playbook and last week's results",
  `Planning week ${weekNumber}`,
  "Saving the plan",
];
