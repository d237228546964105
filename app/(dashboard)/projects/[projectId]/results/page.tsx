import { projectIdOf } from "@/components/project/project-id";
import { ChannelChart } from "@/components/results/channel-chart";
import { ResultsChart } from "@/components/results/results-chart";
import { ResultsTable } from "@/components/results/results-table";
import { ButtonLink, Card, CardBody, CardHeader, EmptyState, PageHeader } from "@/components/ui";
import { readOperation } from "@/lib/actions/run-operation";
import { getLinkSettings, getResults } from "@/lib/operations/links";
import { projectTitle } from "../project-title";
import { TrackingSetup } from "./tracking-setup";

export const generateMetadata = projectTitle("Results");

export default async function ResultsPage({ params }: { params: Promise<{ projectId: string }> }) {
  const projectId = await projectIdOf(params);
  const [weeks, channels, items, { settings }] = await Promise.all([
    readOperation(getResults, { params: { id: projectId }, query: { groupBy: "week" } }),
    readOperation(getResults, { params: { id: projectId }, query: { groupBy: "channel" } }),
    readOperation(getResults, { params: { id: projectId }, query: { groupBy: "item" } }),
    readOperation(getLinkSettings, { params: { id: projectId } }),
  ]);
  const { totals, unattributed } = weeks.results;
  const empty = totals.clicks === 0 && totals.conversions === 0 && unattributed.conversions === 0;
  const rate = totals.conversionRate === null ? null : `${(totals.conversionRate * 100).toFixed(1)}%`;
  const setup = <TrackingSetup projectId={projectId} settings={settings} />;
  return (
    <>
      <PageHeader
        title="Results"
        description="Which posts brought people who signed up: clicks on your tracked links and the sign-ups they led to, last 8 weeks."
        actions={
          !empty && (
            <ButtonLink href={`/projects/${projectId}/results/csv?groupBy=item`} variant="secondary" size="sm" download>
              Download CSV
            </ButtonLink>
          )
        }
      />
      {empty ? (
        <div className="space-y-6">
          <EmptyState
            title="No clicks yet"
            description="Every post that links to your site carries its own short link. Once people click and sign up, you see here which post brought them, and the next week's plan follows it."
          />
          <Card aria-labelledby="setup-title">
            <CardHeader id="setup-title" title="Set up tracking" />
            <CardBody>{setup}</CardBody>
          </Card>
        </div>
      ) : (
        <div className="space-y-6">
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Totals">
            {[
              ["Sign-ups", String(totals.signups)],
              ["Clicks", String(totals.clicks)],
              ["Sign-up rate", rate ?? "–"],
              ["Sign-ups not traced", String(unattributed.signups)],
            ].map(([label, value]) => (
              <div key={label} className="card px-4 py-3">
                <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</dt>
                <dd className="mt-1 text-2xl font-semibold tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
          <div className="grid items-start gap-6 lg:grid-cols-2">
            <Card aria-labelledby="posts-title" className="min-w-0">
              <CardHeader id="posts-title" title="By post" description="The posts that brought sign-ups, best first." />
              <CardBody>
                <ResultsTable rows={items.results.rows.slice(0, 10)} caption="Sign-ups and clicks by post" first="Post" />
              </CardBody>
            </Card>
            <Card aria-labelledby="channels-title" className="min-w-0">
              <CardHeader id="channels-title" title="By channel" />
              <CardBody className="space-y-5">
                <ChannelChart channels={channels.results.rows} />
                <ResultsTable rows={channels.results.rows} caption="Sign-ups and clicks by channel" first="Channel" />
              </CardBody>
            </Card>
          </div>
          <Card aria-labelledby="weeks-title">
            <CardHeader
              id="weeks-title"
              title="Week by week"
              description="Clicks and sign-ups by the week each post was planned for, whenever people clicked, with each week's sign-up rate."
            />
            <CardBody>
              <ResultsChart weeks={weeks.results.rows} />
            </CardBody>
          </Card>
          <Card aria-labelledby="setup-title">
            <CardHeader id="setup-title" title="Tracking" />
            <CardBody>{setup}</CardBody>
          </Card>
        </div>
      )}
    </>
  );
}
