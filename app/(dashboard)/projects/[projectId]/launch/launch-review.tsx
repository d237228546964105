"use client";

import { useParams, useRouter } from "next/navigation";
import { type ReactNode, useEffect, useState } from "react";
import { startCheckout } from "@/app/(dashboard)/projects/actions";
import { type ChosenDecisions, DecisionChoices, hasDecisionChoices } from "@/components/project/decision-choices";
import { type StepStatus, stepLabels, stepStatusLabels, stepStatusTones } from "@/components/project/labels";
import { isUpgrade, type UpgradeBody, UpgradeCard } from "@/components/project/upgrade-card";
import {
  Badge,
  Button,
  ButtonLink,
  buttonClasses,
  Card,
  CardBody,
  CardFooter,
  CardHeader,
  cx,
  Field,
  Notice,
  Textarea,
} from "@/components/ui";
import { useOperationAction } from "@/components/use-operation-action";
import { describeError } from "@/lib/actions/form-state";
import { type BlankPlace, blanksLeft, totalBlanks } from "@/lib/drafts/blanks";
import type { ErrorEnvelope } from "@/lib/errors";
import type { OperationOutput } from "@/lib/operations/operation";
import type { getProject } from "@/lib/operations/projects";
import type { AgentType } from "@/lib/schemas/project";
import { confirmLaunchProject, rejectAndRedraft, reviewLaunchRun, runRemainingSteps, startRun } from "./actions";
import { useReviewCommands } from "./use-review-commands";

type Project = OperationOutput<typeof getProject>["project"];
type Steps = Project["pipeline"]["steps"];

/** What the review needs of the current step's newest run (its output only as the choices it offers). */
export interface LatestRun {
  id: string;
  status: string;
  error: string | null;
  feedback: string | null;
  choices: Record<string, unknown> | null;
}

/** The current step's draft under review, rendered on the server, and where its blanks are. */
export interface ReviewDraft {
  documents: ReactNode;
  count: number;
  places: BlankPlace[];
}

type Failure = { error: ErrorEnvelope; retryAfterSeconds?: number };

const feedbackSuggestions = [
  "Make it more concrete, with real examples.",
  "Shorter, please.",
  "Closer to my voice: warmer and plainer.",
  "Aim at a different audience segment.",
  "Less salesy.",
];

/** The five-step launch review: a stepper, the current step's run (live while it runs), its document, choices and review. */
export function LaunchReview({
  project,
  running,
  latest,
  draft,
}: {
  project: Pick<Project, "id" | "status" | "decisions"> & { pipeline: Pick<Project["pipeline"], "currentStep" | "steps"> };
  /** Whether a run of the project is running now. */
  running: boolean;
  latest?: LatestRun;
  draft: ReviewDraft;
}) {
  const router = useRouter();
  const [steps, setSteps] = useState(project.pipeline.steps);
  const [watching, setWatching] = useState(running);
  const [elapsed, setElapsed] = useState<number>();
  const [failure, setFailure] = useState<Failure>();
  const [upgrade, setUpgrade] = useState<UpgradeBody>();
  const { pending, run: act } = useOperationAction();
  const [starting, setStarting] = useState(false);
  const [runningAll, setRunningAll] = useState(false);

  useEffect(() => setSteps(project.pipeline.steps), [project.pipeline.steps]);

  // Follows the project's runs through the event stream while one runs; a reload or another tab sees the same.
  useEffect(() => {
    if (!watching) return;
    const source = new EventSource(`/projects/${project.id}/events`);
    source.addEventListener("state", (event) => {
      const state = JSON.parse((event as MessageEvent).data) as { project: { steps: Steps } };
      setSteps(state.project.steps);
    });
    source.addEventListener("progress", (event) => setElapsed(JSON.parse((event as MessageEvent).data).elapsedSeconds));
    source.addEventListener("end", () => {
      source.close();
      setWatching(false);
      setElapsed(undefined);
      router.refresh();
    });
    source.onerror = () => {
      if (source.readyState === EventSource.CLOSED) {
        setWatching(false);
        router.refresh();
      }
    };
    return () => source.close();
  }, [watching, project.id, router]);

  const fail = (result: Failure) => {
    if (isUpgrade(result.error)) setUpgrade(result.error);
    else setFailure(result);
    if (result.error.code === "agent_running") setWatching(true);
  };

  const run = (agentType: AgentType) => {
    setFailure(undefined);
    setUpgrade(undefined);
    setStarting(true);
    void act(
      () => startRun(project.id, agentType),
      (data) => {
        setStarting(false);
        if (data.settled) router.refresh();
        else setWatching(true);
      },
      {
        refresh: false,
        onFailure: (result) => {
          setStarting(false);
          fail(result);
        },
      },
    );
  };

  const runTheRest = () => {
    setFailure(undefined);
    setUpgrade(undefined);
    setRunningAll(true);
    void act(
      () => runRemainingSteps(project.id),
      () => setRunningAll(false),
      {
        onFailure: (result) => {
          setRunningAll(false);
          fail(result);
          router.refresh();
        },
      },
    );
  };

  const confirm = () => act(() => confirmLaunchProject(project.id), undefined, { onFailure: fail });

  const stepStatus = (agentType: AgentType): StepStatus =>
    steps.find((step) => step.agentType === agentType)?.status ?? "pending";
  const current = project.pipeline.currentStep;
  const busy = pending || watching || starting;

  return (
    // Below 640 px the current step comes first and the stepper after it: the draft is the work.
    <div className="flex flex-col gap-6">
      {project.status === "onboarding" && (
        <Card aria-labelledby="confirm-title">
          <CardHeader
            id="confirm-title"
            title="Confirm your answers"
            description="Confirming starts the launch pipeline. You can still change decisions later."
          />
          <CardFooter>
            <Button onClick={confirm} disabled={pending}>
              Confirm and start
            </Button>
          </CardFooter>
        </Card>
      )}

      <Card aria-labelledby="stepper-title" className="order-last sm:order-none">
        <CardHeader
          id="stepper-title"
          title="Your launch in five steps"
          description={
            // On a phone the steps' chips say enough: the page is the draft's.
            <span className="max-sm:hidden">
              Each agent drafts, you review: approve to move on, or reject with feedback to get a new draft.
            </span>
          }
          actions={
            project.status === "pipeline" &&
            current && (
              <Button
                variant="secondary"
                size="sm"
                onClick={runTheRest}
                disabled={busy || runningAll}
                title="Runs each remaining step and approves its draft as it stands"
              >
                {runningAll ? "Running the remaining steps…" : "Run the remaining steps"}
              </Button>
            )
          }
        />
        <CardBody>
          {/* Below 640 px the steps wrap as small chips: the page is the draft's. */}
          <ol className="flex flex-wrap gap-1.5 sm:grid sm:grid-cols-5 sm:gap-2" aria-label="Pipeline steps">
            {project.pipeline.steps.map(({ agentType }, index) => {
              const status = stepStatus(agentType);
              const isCurrent = agentType === current;
              return (
                <li
                  key={agentType}
                  aria-current={isCurrent ? "step" : undefined}
                  className={cx(
                    "flex items-center gap-2 rounded-lg border px-2 py-1 sm:flex-col sm:items-start sm:gap-3 sm:px-3 sm:py-2",
                    isCurrent ? "border-accent bg-accent-soft/60" : "border-line",
                  )}
                >
                  <span className="text-xs font-semibold sm:text-sm">
                    {index + 1}. {stepLabels[agentType].title}
                  </span>
                  <Badge tone={stepStatusTones[status]} className={cx(!isCurrent && "max-sm:hidden")}>
                    {stepStatusLabels[status]}
                  </Badge>
                  {!isCurrent && <span className="sr-only sm:hidden">: {stepStatusLabels[status]}</span>}
                </li>
              );
            })}
          </ol>
        </CardBody>
      </Card>

      {upgrade && <UpgradeCard body={upgrade} startCheckout={startCheckout} />}
      {failure && (
        <Notice
          tone={failure.error.code === "agent_running" ? "info" : "danger"}
          title={failure.error.code === "daily_run_limit" ? "Today's drafts are used up" : undefined}
        >
          {describeError(failure.error, failure.retryAfterSeconds)}
        </Notice>
      )}

      {current && project.status === "pipeline" && (
        <CurrentStep
          key={latest?.id ?? current}
          agentType={current}
          status={stepStatus(current)}
          run={latest}
          draft={draft}
          decisions={project.decisions}
          watching={watching}
          elapsed={elapsed}
          busy={busy}
          onRun={() => run(current)}
          onFailure={fail}
          onReviewed={() => router.refresh()}
          onRedraft={(settled) => (settled ? router.refresh() : setWatching(true))}
        />
      )}

      {!current && (
        <Card aria-labelledby="done-title">
          <CardHeader
            id="done-title"
            title="All five steps are approved"
            description="Your launch pack is ready: edit it, export it, share it."
          />
          <CardFooter className="justify-start">
            <ButtonLink href={`/projects/${project.id}/pack`}>Open the launch pack</ButtonLink>
            <ButtonLink href={`/projects/${project.id}/playbook`} variant="secondary">
              Read the playbook
            </ButtonLink>
          </CardFooter>
        </Card>
      )}
    </div>
  );
}

function CurrentStep(props: {
  agentType: AgentType;
  status: StepStatus;
  run: LatestRun | undefined;
  draft: ReviewDraft;
  decisions: Project["decisions"];
  watching: boolean;
  elapsed: number | undefined;
  busy: boolean;
  onRun: () => void;
  onFailure: (failure: Failure) => void;
  onReviewed: () => void;
  /** After "Reject and redraft": the new run settled already, or is still going (watch it). */
  onRedraft: (settled: boolean) => void;
}) {
  const { agentType, status, run, draft, watching, elapsed, busy } = props;
  const label = stepLabels[agentType];
  const running = watching || status === "running";

  if (running) {
    return (
      <Card aria-labelledby="current-title" aria-busy="true">
        <CardHeader id="current-title" title={`${label.title} is being drafted`} description={label.does} />
        <CardBody className="space-y-3">
          <div
            className="h-2 overflow-hidden rounded-full bg-sunken"
            role="progressbar"
            aria-label={`${label.title} in progress`}
            aria-valuetext={elapsed !== undefined ? `${elapsed} seconds so far` : "Starting"}
          >
            <div className="h-full w-full animate-pulse rounded-full bg-accent/70" />
          </div>
          <p className="text-sm text-muted" aria-live="polite">
            {elapsed !== undefined ? `Working for ${elapsed} s. ` : "Starting… "}
            The run lives on our server: you can reload or close this page, it keeps going.
          </p>
        </CardBody>
      </Card>
    );
  }

  if (status === "completed" && run) {
    return <ReviewPanel {...props} run={run} />;
  }

  return (
    <Card aria-labelledby="current-title">
      <CardHeader id="current-title" title={`Next: ${label.title}`} description={label.does} />
      <CardBody className="space-y-3">
        {status === "failed" && run?.error && (
          <Notice tone="danger" title="The last run failed">
            {run.error}
          </Notice>
        )}
        {status === "rejected" && run && (
          <Notice tone="info" title="You asked for another draft">
            {run.feedback ? (
              <>Your feedback: “{run.feedback}”. The next run takes it into account.</>
            ) : (
              "The next run starts fresh."
            )}
          </Notice>
        )}
        {draft.count === 0 && status === "pending" && (
          <p className="text-[15px] text-muted">Nothing drafted yet. Run this step; it takes seconds to a few minutes.</p>
        )}
      </CardBody>
      <CardFooter className="justify-start">
        <Button onClick={props.onRun} disabled={busy}>
          {busy
            ? "Starting…"
            : status === "pending"
              ? `Run ${label.title.toLowerCase()}`
              : `Run ${label.title.toLowerCase()} again`}
        </Button>
      </CardFooter>
    </Card>
  );
}

function ReviewPanel({
  agentType,
  run,
  draft,
  decisions,
  busy,
  onFailure,
  onReviewed,
  onRedraft,
}: Parameters<typeof CurrentStep>[0] & { run: LatestRun }) {
  const { projectId } = useParams<{ projectId: string }>();
  const [chosen, setChosen] = useState<ChosenDecisions>({});
  useReviewCommands();
  const [feedback, setFeedback] = useState("");
  const [redrafting, setRedrafting] = useState(false);
  const { pending, run: act } = useOperationAction();
  const label = stepLabels[agentType];

  const approve = () => {
    const decisions = Object.fromEntries(Object.entries(chosen).filter(([, value]) => value !== undefined && value !== ""));
    return act(
      () => reviewLaunchRun({ runId: run.id, action: "approve", ...(Object.keys(decisions).length > 0 && { decisions }) }),
      () => onReviewed(),
      { refresh: false, onFailure },
    );
  };

  // Rejecting sends the feedback and starts the next draft at once: one click, no "Run … again".
  const redraft = () => {
    setRedrafting(true);
    return act(
      () => rejectAndRedraft(projectId, agentType, run.id, feedback),
      ({ settled }) => onRedraft(settled),
      {
        refresh: false,
        onFailure: (failure) => {
          setRedrafting(false);
          onFailure(failure);
        },
      },
    );
  };

  const { places } = draft;
  const left = totalBlanks(places);
  const choices = (
    <DecisionChoices agentType={agentType} output={run.choices} current={decisions} chosen={chosen} onChange={setChosen} />
  );
  const hasChoices = hasDecisionChoices(agentType, run.choices);

  return (
    <Card aria-labelledby="current-title">
      <CardHeader
        id="current-title"
        title={`${label.title}: ready for your review`}
        description={
          <span className="max-sm:hidden">
            {hasChoices
              ? "Read the draft, make your choices, then approve it or ask for changes."
              : "Read the draft, then approve it or ask for changes."}
          </span>
        }
      />
      <CardBody className={cx("grid gap-8", hasChoices && "lg:grid-cols-[minmax(0,1fr)_20rem]")}>
        <div className="min-w-0 space-y-6 sm:space-y-8">
          {draft.documents}
          {draft.count === 0 && <p className="text-muted">This run produced no document.</p>}
          {left > 0 && (
            <p id="review-blanks-note" className="scroll-mt-20 text-sm text-warning" data-testid="review-blanks">
              {blanksLeft(left)} in this draft ({places.map((place) => place.where.split(" › ").at(-1)).join(", ")}). Approving
              keeps them: fill them here or later in the pack.
            </p>
          )}
          <section
            id="feedback"
            aria-labelledby="feedback-title"
            className="scroll-mt-20 space-y-3 rounded-lg border border-line bg-canvas p-4"
          >
            <h3 id="feedback-title" className="text-base font-semibold">
              Not right yet? Ask for another draft
            </h3>
            <Field
              label="What should the next draft do differently?"
              name="feedback"
              maxLength={1000}
              hint="Optional, but the next draft follows it."
            >
              {(control) => (
                <Textarea {...control} rows={2} value={feedback} onChange={(event) => setFeedback(event.target.value)} />
              )}
            </Field>
            {/* On a phone the suggestions are one row that scrolls sideways. */}
            <div
              className="flex gap-2 max-sm:-mx-4 max-sm:overflow-x-auto max-sm:px-4 max-sm:pb-1 sm:flex-wrap"
              role="group"
              aria-label="Feedback suggestions"
            >
              {feedbackSuggestions.map((suggestion) => (
                <button
                  key={suggestion}
                  type="button"
                  className="shrink-0 whitespace-nowrap rounded-full border border-line bg-surface px-2.5 py-0.5 text-xs hover:border-accent hover:text-accent sm:whitespace-normal sm:px-3 sm:py-1 sm:text-sm"
                  onClick={() => {
                    setFeedback((current) => `${current.trim()} ${suggestion}`.trim().slice(0, 1000));
                    document.getElementById("field-feedback")?.focus();
                  }}
                >
                  {suggestion}
                </button>
              ))}
            </div>
            <Button variant="secondary" onClick={redraft} disabled={pending || busy}>
              {redrafting ? "Asking for a new draft…" : "Reject and redraft"}
            </Button>
          </section>
        </div>
        {hasChoices && <div className="min-w-0 lg:sticky lg:top-20 lg:self-start">{choices}</div>}
      </CardBody>
      <div
        className="sticky bottom-0 z-20 flex items-center justify-end gap-3 rounded-b-[var(--radius-card)] border-t border-line bg-surface/95 px-4 py-2 backdrop-blur sm:px-5"
        data-testid="review-bar"
      >
        {left > 0 && (
          <a href="#review-blanks-note" className="mr-auto truncate text-xs font-medium text-warning sm:text-sm">
            {blanksLeft(left)}
          </a>
        )}
        <a href="#feedback" className={cx(buttonClasses("ghost", "sm"), "hidden sm:inline-flex")}>
          Ask for changes
        </a>
        <Button onClick={approve} disabled={pending || busy} className="shrink-0">
          {pending && !redrafting ? "Approving…" : "Approve and continue"}
        </Button>
      </div>
    </Card>
  );
}
