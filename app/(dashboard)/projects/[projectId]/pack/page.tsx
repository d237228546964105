import { planNeeds } from "@/components/plan-needs";
import { OutdatedNotice } from "@/components/project/outdated-notice";
import { channelOfKind, measurePost } from "@/components/project/post-meter";
import { projectIdOf } from "@/components/project/project-id";
import { ButtonLink, EmptyState, PageHeader } from "@/components/ui";
import { readOperation } from "@/lib/actions/run-operation";
import { getMe } from "@/lib/operations/account";
import { listContent } from "@/lib/operations/content";
import { getLaunchFreshness } from "@/lib/operations/dashboard";
import { refreshOutdatedDrafts, startCheckout } from "../../actions";
import { PackView } from "./pack-view";

export const metadata = { title: "Launch pack" };

export default async function PackPage({ params }: { params: Promise<{ projectId: string }> }) {
  const projectId = await projectIdOf(params);
  const [{ items }, me, freshness] = await Promise.all([
    readOperation(listContent, { params: { id: projectId } }),
    readOperation(getMe),
    readOperation(getLaunchFreshness, { params: { id: projectId } }),
  ]);
  const lengths = Object.fromEntries(
    items.flatMap((item) => {
      const channel = channelOfKind(item.kind);
      return channel ? [[item.id, measurePost(channel, item.body)]] : [];
    }),
  );
  return (
    <>
      <PageHeader
        title="Launch pack"
        description="Everything the agents wrote and you approved, as it will be used. Edit anything; your edits stay when later steps run."
        actions={
          <ButtonLink href={`/projects/${projectId}/settings#share`} variant="secondary">
            Share read-only
          </ButtonLink>
        }
      />
      {freshness.decisionsChangedAt && freshness.outdatedSteps.length > 0 && items.length > 0 && (
        <div className="mb-6">
          <OutdatedNotice
            what="The launch pack"
            changedAt={freshness.decisionsChangedAt}
            steps={freshness.outdatedSteps}
            refresh={refreshOutdatedDrafts.bind(null, projectId)}
            startCheckout={startCheckout}
          />
        </div>
      )}
      {items.length === 0 ? (
        <EmptyState
          title="Nothing in the pack yet"
          description="The pack fills up as you run and approve the launch steps, starting with the market strategy."
          action={<ButtonLink href={`/projects/${projectId}/launch`}>Go to the launch review</ButtonLink>}
        />
      ) : (
        <PackView
          projectId={projectId}
          items={items}
          lengths={lengths}
          exportsNeed={planNeeds(me.limits, me.usage.projects).exports}
        />
      )}
    </>
  );
}
