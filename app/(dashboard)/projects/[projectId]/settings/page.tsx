import { projectIdOf } from "@/components/project/project-id";
import { Card, CardBody, CardHeader, PageHeader, PhoneFold } from "@/components/ui";
import { readOperation } from "@/lib/actions/run-operation";
import { networkViews } from "@/lib/networks/registry";
import { getProjectLogo, listShareLinks } from "@/lib/operations/dashboard";
import { getLinkSettings, listIngestKeys } from "@/lib/operations/links";
import { getPublishingSettings, listConnections } from "@/lib/operations/publishing";
import { projectTitle } from "../project-title";
import { readProject } from "../read-project";
import { createServerKeyAction, revokeIngestKeyAction } from "../results/actions";
import { TrackingSetup } from "../results/tracking-setup";
import { BasicsForm } from "./basics-form";
import { Connections } from "./connections";
import { ConversionKeys } from "./conversion-keys";
import { EmailReminders } from "./email-reminders";
import { LogoForm } from "./logo-form";
import { ShareLinks } from "./share-links";

export const generateMetadata = projectTitle("Project settings");

const shareAnchors = ["share", "share-card"];
const trackingAnchors = ["tracking", "tracking-title"];

const connectNotices: Record<string, string> = {
  mastodon: "Mastodon is connected: approved Mastodon posts can go out from the week board.",
  linkedin: "LinkedIn is connected: approved LinkedIn posts can go out from the week board.",
  x: "X is connected: approved X posts and threads can go out from the week board.",
  denied: "The account was not connected: the network did not give access.",
  failed: "The account was not connected: the authorization could not be finished. Start again.",
};

export default async function ProjectSettingsPage({
  params,
  searchParams,
}: {
  params: Promise<{ projectId: string }>;
  searchParams: Promise<{ connected?: string }>;
}) {
  const projectId = await projectIdOf(params);
  const { connected } = await searchParams;
  const [{ links }, { logo }, { project }, { connections }, { timeZone, connectable, emailReminders }, { settings }, { keys }] =
    await Promise.all([
      readOperation(listShareLinks, { params: { id: projectId } }),
      readOperation(getProjectLogo, { params: { id: projectId } }),
      readProject(projectId),
      readOperation(listConnections, { params: { id: projectId } }),
      readOperation(getPublishingSettings, { params: { id: projectId } }),
      readOperation(getLinkSettings, { params: { id: projectId } }),
      readOperation(listIngestKeys, { params: { id: projectId } }),
    ]);
  return (
    <>
      <PageHeader
        title="Project settings"
        description="The project's name and language, who else can read the launch pack, and how the project looks."
      />
      <div className="space-y-6">
        <Card aria-labelledby="basics-title">
          <CardHeader id="basics-title" title="Name and language" />
          <CardBody>
            <BasicsForm projectId={projectId} name={project.name} language={project.language} />
          </CardBody>
        </Card>
        <Card aria-labelledby="connections-title" id="connections">
          <CardHeader
            id="connections-title"
            title="Connected accounts"
            description="Launchloop publishes approved posts at their time on these accounts, and reads back their numbers. Passwords and tokens are stored encrypted and never shown again."
          />
          <CardBody>
            <Connections
              projectId={projectId}
              connections={connections}
              connectable={connectable}
              networks={networkViews()}
              timeZone={timeZone}
              notice={connected ? (connectNotices[connected] ?? null) : null}
            />
          </CardBody>
          <CardBody className="border-t border-line">
            <EmailReminders projectId={projectId} enabled={emailReminders} />
          </CardBody>
        </Card>
        <Card aria-labelledby="tracking-title" id="tracking">
          <CardHeader
            id="tracking-title"
            title="Tracked links and conversions"
            description="Posts that link to your site carry their own short link; your site or server reports sign-ups; Results shows which post brought them."
          />
          {/* On a phone the connected accounts come first; these wait behind their summaries (an address to #tracking opens it). */}
          <CardBody>
            <PhoneFold anchors={trackingAnchors} summary="Show your site's address, its script and conversion keys">
              <div className="space-y-8">
                <TrackingSetup projectId={projectId} settings={settings} />
                <ConversionKeys
                  keys={keys}
                  makeServerKey={createServerKeyAction.bind(null, projectId)}
                  revoke={revokeIngestKeyAction.bind(null, projectId)}
                />
              </div>
            </PhoneFold>
          </CardBody>
        </Card>
        <Card aria-labelledby="share" id="share-card">
          <CardHeader
            id="share"
            title="Share the launch pack"
            description="A read-only link for a co-founder or a freelancer: no account needed, nothing editable. Revoke it any time."
          />
          <CardBody>
            <PhoneFold
              anchors={shareAnchors}
              summary={links.length > 0 ? `Show the share links (${links.length})` : "Show how to share it"}
            >
              <ShareLinks projectId={projectId} links={links} />
            </PhoneFold>
          </CardBody>
        </Card>
        <Card aria-labelledby="logo-title">
          <CardHeader id="logo-title" title="Brand logo" description="Shown in the project's header and on the exports' cover." />
          <CardBody>
            <PhoneFold summary="Show the logo">
              <LogoForm projectId={projectId} name={project.name} url={logo?.url ?? null} />
            </PhoneFold>
          </CardBody>
        </Card>
      </div>
    </>
  );
}
