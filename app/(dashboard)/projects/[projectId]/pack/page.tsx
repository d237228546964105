import { BlankCount } from "@/components/blanks/blank-guard";
import { shareLinkFor, tooLongHint } from "@/components/growth/share-links";
import { Markdown } from "@/components/markdown";
import { planNeeds } from "@/components/plan-needs";
import { stepLabels } from "@/components/project/labels";
import { OutdatedNotice } from "@/components/project/outdated-notice";
import { channelOfKind, measurePost } from "@/components/project/post-meter";
import { projectIdOf } from "@/components/project/project-id";
import { ButtonLink, EmptyState, PageHeader } from "@/components/ui";
import { readOperation } from "@/lib/actions/run-operation";
import { countBlanks } from "@/lib/drafts/blanks";
import { getMe } from "@/lib/operations/account";
import { listContent } from "@/lib/operations/content";
import { getLaunchFreshness } from "@/lib/operations/dashboard";
import { type AgentType, agentTypes } from "@/lib/schemas/project";
import { refreshOutdatedDrafts, startCheckout } from "../../actions";
import { displayTitle } from "./display-title";
import { foldedMarkdown } from "./fold";
import { PackFiles } from "./pack-files";
import { PackItem } from "./pack-item";
import { StepTabs } from "./step-tabs";

export const metadata = { title: "Launch pack" };

/**
 * The launch pack, one step at a time (`?step=`, a link per step), each long part folded
 * to its start unless it is the one opened (`&item=`): rendered here once, its Markdown
 * loaded by the browser only when the founder edits or copies it.
 */
export default async function PackPage({
  params,
  searchParams,
}: {
  params: Promise<{ projectId: string }>;
  searchParams: Promise<{ step?: string | string[]; item?: string | string[] }>;
}) {
  const projectId = await projectIdOf(params);
  const [{ items }, me, freshness, { step, item: opened }] = await Promise.all([
    readOperation(listContent, { params: { id: projectId } }),
    readOperation(getMe),
    readOperation(getLaunchFreshness, { params: { id: projectId } }),
    searchParams,
  ]);
  const sections = agentTypes
    .map((agentType) => ({ agentType, items: items.filter((item) => item.agentType === agentType) }))
    .filter((section) => section.items.length > 0);
  const shown = sections.find((section) => section.agentType === step) ?? sections[0];
  // Relative to the pack's own address: each part carries its links without the project's path again.
  const stepHref = (agentType: AgentType) => `?step=${agentType}`;
  const placeOf = (item: (typeof items)[number]) => ({
    where: `${stepLabels[item.agentType].title} › ${displayTitle(item)}`,
    count: countBlanks(item.body),
    href: `${stepHref(item.agentType)}#item-${item.id}`,
  });
  const places = items.map(placeOf).filter((place) => place.count > 0);
  const blanksOf = (section: (typeof sections)[number]) => section.items.reduce((sum, item) => sum + countBlanks(item.body), 0);
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
      {!shown ? (
        <EmptyState
          title="Nothing in the pack yet"
          description="The pack fills up as you run and approve the launch steps, starting with the market strategy."
          action={<ButtonLink href={`/projects/${projectId}/launch`}>Go to the launch review</ButtonLink>}
        />
      ) : (
        <div className="space-y-6">
          <PackFiles projectId={projectId} places={places} exportsNeed={planNeeds(me.limits, me.usage.projects).exports} />
          <StepTabs steps={sections.map((section) => [section.agentType, blanksOf(section)])} shown={shown.agentType} />
          <section
            id={`section-${shown.agentType}`}
            role="tabpanel"
            aria-labelledby={`tab-${shown.agentType}`}
            className="space-y-4"
          >
            <div className="flex flex-wrap items-center gap-3">
              <h2 className="text-lg font-semibold">{stepLabels[shown.agentType].title}</h2>
              <BlankCount count={blanksOf(shown)} />
            </div>
            <div className="grid items-start gap-4 xl:grid-cols-2">
              {shown.items.map((item) => {
                const channel = channelOfKind(item.kind);
                const share = channel ? shareLinkFor(channel, item.body, null) : null;
                const place = placeOf(item);
                const folded = item.id === opened ? null : foldedMarkdown(item.body);
                const here = `${stepHref(item.agentType)}${folded ? `&item=${item.id}` : ""}#item-${item.id}`;
                const heading = displayTitle(item);
                return (
                  <PackItem
                    key={item.id}
                    id={item.id}
                    heading={heading}
                    title={item.title === heading ? undefined : item.title}
                    kind={item.kind}
                    channel={channel}
                    network={share?.network}
                    composeHint={share?.tooLong && tooLongHint}
                    blanks={place.count}
                    where={place.where}
                    awaitingReview={item.awaitingReview}
                    editedByFounder={item.editedByFounder}
                    lengths={channel ? measurePost(channel, item.body) : undefined}
                    fold={folded ? { href: here, open: false } : item.id === opened ? { href: here, open: true } : undefined}
                  >
                    <Markdown source={folded ?? item.body} fillable />
                  </PackItem>
                );
              })}
            </div>
          </section>
        </div>
      )}
    </>
  );
}
