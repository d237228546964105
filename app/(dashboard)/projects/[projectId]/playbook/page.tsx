import { Markdown } from "@/components/markdown";
import { OutdatedNotice } from "@/components/project/outdated-notice";
import { projectIdOf } from "@/components/project/project-id";
import { Card, CardBody, CardHeader, Foldable, PageHeader, PhoneFold } from "@/components/ui";
import { readOperation } from "@/lib/actions/run-operation";
import { listContent } from "@/lib/operations/content";
import { getLaunchFreshness } from "@/lib/operations/dashboard";
import { getPlaybook } from "@/lib/operations/projects";
import { refreshOutdatedDrafts, startCheckout } from "../../actions";
import { editedItemsOf } from "../pack/edited-items";
import { projectTitle } from "../project-title";
import { readProject } from "../read-project";
import { DecisionsForm } from "./decisions-form";

export const generateMetadata = projectTitle("Marketing Playbook");

export default async function PlaybookPage({ params }: { params: Promise<{ projectId: string }> }) {
  const projectId = await projectIdOf(params);
  const [{ playbook }, { project }, freshness, { items }] = await Promise.all([
    readOperation(getPlaybook, { params: { id: projectId } }),
    readProject(projectId),
    readOperation(getLaunchFreshness, { params: { id: projectId } }),
    readOperation(listContent, { params: { id: projectId } }),
  ]);
  // The playbook quotes the market, brand and launch drafts: those are what can be out of date here.
  const quoted = freshness.outdatedSteps.filter(
    (step) => step === "market-strategist" || step === "brand-architect" || step === "launch-strategist",
  );
  const markdown = typeof playbook.markdown === "string" ? playbook.markdown : "";
  const approved = Array.isArray(playbook.approvedSteps) ? playbook.approvedSteps.length : 0;
  return (
    <>
      <PageHeader
        title="Marketing Playbook"
        description={
          approved === 0
            ? "Your strategy in one place. It grows as you approve the launch steps; until then it holds your own answers."
            : "Your strategy in one place: what every later draft follows. Change a decision and the next drafts follow it."
        }
      />
      {freshness.decisionsChangedAt && quoted.length > 0 && (
        <div className="mb-6">
          <OutdatedNotice
            what="The playbook"
            changedAt={freshness.decisionsChangedAt}
            steps={freshness.outdatedSteps}
            edited={editedItemsOf(items, freshness.outdatedSteps)}
            refresh={refreshOutdatedDrafts.bind(null, projectId)}
            startCheckout={startCheckout}
          />
        </div>
      )}
      <div className="grid items-start gap-6 lg:grid-cols-[1fr_22rem]">
        <Card aria-label="The playbook" className="min-w-0">
          <CardBody>
            {/* Folded to a screenful or two (one on a phone), so the decisions beside (or below) it stay in reach. */}
            <Foldable label="the playbook" maxHeight={2400} narrowMaxHeight={900}>
              <Markdown source={markdown} />
            </Foldable>
          </CardBody>
        </Card>
        <Card aria-labelledby="decisions-title" className="min-w-0 lg:sticky lg:top-6">
          <CardHeader
            id="decisions-title"
            title="Your decisions"
            description="What you chose in the launch review. Leave a field empty to keep it open."
          />
          <CardBody>
            {/* On a phone the fields wait behind their summary: reading the playbook comes first. */}
            <PhoneFold summary="Edit your decisions">
              <DecisionsForm projectId={project.id} decisions={project.decisions} />
            </PhoneFold>
          </CardBody>
        </Card>
      </div>
    </>
  );
}
