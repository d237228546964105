import { learningsFromRetro, learningsOf } from "@/components/growth/learnings";
import { SectionHeader } from "@/components/growth/section-header";
import { WeekSummary } from "@/components/growth/week-summary";
import { projectIdOf } from "@/components/project/project-id";
import { ButtonLink, Card, CardBody, CardHeader, EmptyState } from "@/components/ui";
import { When } from "@/components/ui/when";
import { readOperation } from "@/lib/actions/run-operation";
import { weekTitle } from "@/lib/growth/week";
import { listCycles } from "@/lib/operations/growth";
import { getPlaybook } from "@/lib/operations/projects";
import { projectTitle } from "../../project-title";
import { readProject } from "../../read-project";

export const generateMetadata = projectTitle("Earlier weeks");

export default async function GrowthHistoryPage({ params }: { params: Promise<{ projectId: string }> }) {
  const projectId = await projectIdOf(params);
  const input = { params: { id: projectId } };
  const [{ project }, { cycles }, { playbook }] = await Promise.all([
    readProject(projectId),
    readOperation(listCycles, input),
    readOperation(getPlaybook, input),
  ]);
  const closed = cycles.filter((cycle) => cycle.status === "closed");
  const learnings = learningsOf(playbook);
  return (
    <>
      <SectionHeader
        title="Earlier weeks"
        description="Every closed week with its plan, results, grades and what it taught the playbook."
        actions={
          <ButtonLink href={`/projects/${project.id}/growth`} variant="secondary">
            Back to this week
          </ButtonLink>
        }
      />
      {closed.length === 0 ? (
        <EmptyState title="No closed week yet" description="A week lands here once its retro is submitted." />
      ) : (
        <ol className="space-y-6">
          {closed.map((cycle) => (
            <li key={cycle.id}>
              <Card aria-labelledby={`week-${cycle.id}`} data-testid="history-week">
                <CardHeader
                  id={`week-${cycle.id}`}
                  title={weekTitle(cycle.weekNumber, String(cycle.plan.weekTheme ?? ""))}
                  description={
                    <>
                      Week of <When at={cycle.weekStart} /> · closed <When at={cycle.closedAt} fallback="" />
                    </>
                  }
                />
                <CardBody>
                  <WeekSummary cycle={cycle} learnings={learningsFromRetro(cycle, learnings)} />
                </CardBody>
              </Card>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
