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
import { cardKindName } from "@/lib/i18n/card-words";
import { getMe } from "@/lib/operations/account";
import { listContent } from "@/lib/operations/content";
import { getLaunchFreshness } from "@/lib/operations/dashboard";
import { listPackImages } from "@/lib/operations/pack-images";
import { type AgentType, agentTypes } from "@/lib/schemas/project";
import { refreshOutdatedDrafts, startCheckout } from "../../actions";
import { projectTitle } from "../project-title";
import { BlanksChip } from "./blanks-chip";
import { displayTitle } from "./display-title";
import { editedItemsOf } from "./edited-items";
import { foldedMarkdown } from "./fold";
import { PackCards } from "./pack-cards";
import { PackFiles } from "./pack-files";
import { PackItem } from "./pack-item";
import { StepTabs } from "./step-tabs";

export const generateMetadata = projectTitle("Launch pack");

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
  searchParams: Promise<{ step?: string | string[]; item?: string | string[]; blanks?: string | string[] }>;
}) {
  const projectId = await projectIdOf(params);
  const [{ items }, me, freshness, { images }, { step, item: opened, blanks: blanksOnly }] = await Promise.all([
    readOperation(listContent, { params: { id: projectId } }),
    readOperation(getMe),
    readOperation(getLaunchFreshness, { params: { id: projectId } }),
    readOperation(listPackImages, { params: { id: projectId } }),
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
  // The blanks chip filters the step to its parts with blanks left (the tabs count the other steps').
  const filtering = blanksOnly === "1" && places.length > 0;
  const shownItems = shown?.items.filter((item) => !filtering || countBlanks(item.body) > 0) ?? [];
  const blanksOf = (section: (typeof sections)[number]) => section.items.reduce((sum, item) => sum + countBlanks(item.body), 0);
  return (
    <>
      <PageHeader
        title="Launch pack"
        description="Everything you approved, ready to use. Your edits stay when later steps run."
        actions={
          <ButtonLink href={`/projects/${projectId}/settings#share`} variant="secondary">
            Share read-only
          </ButtonLink>
        }
      />
      {freshness.decisionsChangedAt && freshness.outdatedSteps.length > 0 && items.length > 0 && (
        <div className="mb-4">
          <OutdatedNotice
            what="The launch pack"
            changedAt={freshness.decisionsChangedAt}
            steps={freshness.outdatedSteps}
            edited={editedItemsOf(items, freshness.outdatedSteps)}
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
        <div className="space-y-4">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="sr-only">Take it with you</h2>
            {places.length > 0 && (
              <BlanksChip
                count={places.reduce((sum, place) => sum + place.count, 0)}
                on={filtering}
                href={filtering ? stepHref(shown.agentType) : `${stepHref(shown.agentType)}&blanks=1`}
              />
            )}
            <div className="ml-auto">
              <PackFiles projectId={projectId} places={places} exportsNeed={planNeeds(me.limits, me.usage.projects).exports} />
            </div>
          </div>
          <StepTabs
            steps={sections.map((section) => [section.agentType, blanksOf(section)])}
            shown={shown.agentType}
            blanksOnly={filtering}
          />
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
            {shownItems.length === 0 && <p className="text-sm text-muted">No blank left in this step.</p>}
            <div className="grid items-start gap-4 xl:grid-cols-2">
              {shownItems.map((item) => {
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
          {/* With the brand system they are drawn from, after its words: the work stays on the first screen. */}
          {images.length > 0 && shown.agentType === "brand-architect" && (
            <PackCards
              projectId={projectId}
              cards={images.map((image) => ({ ...image, label: cardKindName("en", image.kind) }))}
            />
          )}
        </div>
      )}
    </>
  );
}
