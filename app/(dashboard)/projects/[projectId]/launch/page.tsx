import Link from "next/link";
import { BlankCount } from "@/components/blanks/blank-guard";
import { Markdown } from "@/components/markdown";
import { stepLabels } from "@/components/project/labels";
import { projectIdOf } from "@/components/project/project-id";
import { Foldable, PageHeader, PhoneFold } from "@/components/ui";
import { readOperation } from "@/lib/actions/run-operation";
import { countBlanks } from "@/lib/drafts/blanks";
import { listContent } from "@/lib/operations/content";
import { projectTitle } from "../project-title";
import { readProject } from "../read-project";
import { LaunchReview } from "./launch-review";
import { ReviewFill } from "./review-fill";

export const generateMetadata = projectTitle("Launch review");

/** The options a step's output offers as choices (see DecisionChoices): the rest of the output is its documents, shown rendered. */
const choiceKeys = ["positioningOptions", "valuePropositions", "brandNameOptions", "taglineOptions", "palette"];

export default async function LaunchPage({ params }: { params: Promise<{ projectId: string }> }) {
  const projectId = await projectIdOf(params);
  const [{ project, runs }, { items }] = await Promise.all([
    readProject(projectId),
    readOperation(listContent, { params: { id: projectId } }),
  ]);
  const current = project.pipeline.currentStep;
  const latest = current ? runs.filter((run) => run.agentType === current).at(-1) : undefined;
  const drafted = latest ? items.filter((item) => item.runId === latest.id) : [];
  const output = latest?.output as Record<string, unknown> | null | undefined;
  const approved = project.pipeline.steps.filter((step) => step.status === "approved");
  const section = current ? stepLabels[current].title : "";
  return (
    <>
      <PageHeader title="Launch" description="Five agents draft your launch; you review each step before the next runs." />
      <LaunchReview
        project={{
          id: project.id,
          status: project.status,
          decisions: project.decisions,
          pipeline: { currentStep: current, steps: project.pipeline.steps },
        }}
        running={runs.some((run) => run.status === "running")}
        latest={
          latest && {
            id: latest.id,
            status: latest.status,
            error: latest.error,
            feedback: latest.feedback,
            choices: output
              ? Object.fromEntries(choiceKeys.filter((key) => key in output).map((key) => [key, output[key]]))
              : null,
          }
        }
        draft={{
          count: drafted.length,
          places: drafted
            .map((item) => ({ where: `${section} › ${item.title}`, count: countBlanks(item.body), href: `#item-${item.id}` }))
            .filter((place) => place.count > 0),
          documents: drafted.map((item) => (
            <article
              key={item.id}
              id={`item-${item.id}`}
              aria-label={item.title}
              className="scroll-mt-20 border-b border-line pb-4 last:border-b-0 last:pb-0 sm:pb-6"
            >
              <div className="mb-2 flex flex-wrap items-center gap-2">
                <h3 className="mr-auto text-lg font-semibold">{item.title}</h3>
                <BlankCount count={countBlanks(item.body)} />
              </div>
              <Foldable label={item.title} narrowMaxHeight={96}>
                <ReviewFill itemId={item.id}>
                  <Markdown source={item.body} fillable />
                </ReviewFill>
              </Foldable>
            </article>
          )),
        }}
      />
      {approved.length > 0 && (
        // On a phone the steps' chips above say what is approved; the list of links waits behind its summary.
        <PhoneFold summary={`Approved steps (${approved.length}): read them in the pack`} className="mt-6">
          <section aria-labelledby="approved-title" className="space-y-3">
            <h2 id="approved-title" className="text-lg font-semibold">
              Approved steps
            </h2>
            <ul className="divide-y divide-line rounded-[var(--radius-card)] border border-line bg-surface">
              {approved.map(({ agentType }) => (
                <li key={agentType} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-5 py-3">
                  <span className="mr-auto font-medium">
                    {stepLabels[agentType].title} <span className="text-sm font-normal text-muted">· approved</span>
                  </span>
                  <Link href={`/projects/${projectId}/pack?step=${agentType}`} className="text-sm">
                    Read it in the pack
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        </PhoneFold>
      )}
    </>
  );
}
