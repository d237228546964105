"use client";

import { useEffect, useState } from "react";
import { startCheckout } from "@/app/(dashboard)/projects/actions";
import { PlanBadge } from "@/components/plan-badge";
import { UpgradeCard } from "@/components/project/upgrade-card";
import { Button, Card, CardBody, CardHeader, Notice } from "@/components/ui";
import { useOperationAction } from "@/components/use-operation-action";
import { planCycleAction, startGrowthAction } from "./actions";

/** Moves a launch-ready project into the weekly loop. */
export function StartGrowthPanel({ projectId, needsPlan }: { projectId: string; needsPlan?: string }) {
  const { pending, error, offer, run } = useOperationAction({ upgradeOffer: true });
  return (
    <Card aria-labelledby="start-growth-title">
      <CardHeader
        id="start-growth-title"
        title="Your launch is ready"
        description="From here on, Launchloop plans your marketing one week at a time: a plan, drafts for each channel, tasks for you, and a short retro."
      />
      <CardBody className="space-y-4">
        <Button onClick={() => run(() => startGrowthAction(projectId))} disabled={pending}>
          {pending ? "Starting…" : "Start growth"}
          {needsPlan && !pending && <PlanBadge plan={needsPlan} />}
        </Button>
        {error && <Notice tone="danger">{error}</Notice>}
        {offer && <UpgradeCard body={offer} startCheckout={startCheckout} />}
      </CardBody>
    </Card>
  );
}

function Elapsed() {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setSeconds((value) => value + 1), 1000);
    return () => clearInterval(timer);
  }, []);
  return <span className="tabular-nums">{seconds}s</span>;
}

/** "Plan my week": runs the planner (a run against the daily cap) and shows its progress and every refusal in words. */
export function PlanWeekButton({ projectId, weekNumber, label }: { projectId: string; weekNumber: number; label: string }) {
  const { pending, error, offer, run } = useOperationAction({ upgradeOffer: true });
  return (
    <div className="space-y-4">
      <Button size="lg" onClick={() => run(() => planCycleAction(projectId))} disabled={pending}>
        {pending ? `Planning week ${weekNumber}…` : label}
      </Button>
      <div role="status" aria-live="polite">
        {pending && (
          <p className="flex items-center gap-3 text-sm text-muted">
            <span className="size-2 animate-pulse rounded-full bg-accent" aria-hidden />
            The planner is reading your playbook and your earlier weeks to plan week {weekNumber}. <Elapsed />
          </p>
        )}
      </div>
      {error && <Notice tone="danger">{error}</Notice>}
      {offer && <UpgradeCard body={offer} startCheckout={startCheckout} />}
    </div>
  );
}
