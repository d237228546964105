import { projectIdOf } from "@/components/project/project-id";
import { Card, CardBody, CardHeader, PageHeader } from "@/components/ui";
import { readOperation } from "@/lib/actions/run-operation";
import { networkViews } from "@/lib/networks/registry";
import { getProjectLogo, listShareLinks } from "@/lib/operations/dashboard";
import { getLinkSettings, listIngestKeys } from "@/lib/operations/links";
import { getPublishingSettings, listConnections } from "@/lib/operations/publishing";
import { readProject } from "../read-project";
import { createServerKeyAction, revokeIngestKeyAction } from "../results/actions";
import { TrackingSetup } from "../results/tracking-setup";
import { BasicsForm } from "./basics-form";
import { Connections } from "./connections";
import { ConversionKeys } from "./conversion-keys";
import { LogoForm } from "./logo-form";
import { ShareLinks } from "./share-links";

export const metadata = { title: "Project settings" };

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
  const [{ links }, { logo }, { project }, { connections }, { timeZone, connectable }, { settings }, { keys }] =
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
        </Card>
        <Card aria-labelledby="tracking-title" id="tracking">
          <CardHeader
            id="tracking-title"
            title="Tracked links and conversions"
            description="Posts that link to your site carry their own short link; your site or server reports sign-ups; Results shows which post brought them."
          />
          <CardBody className="space-y-8">
            <TrackingSetup projectId={projectId} settings={settings} />
            <ConversionKeys
              keys={keys}
              makeServerKey={createServerKeyAction.bind(null, projectId)}
              revoke={revokeIngestKeyAction.bind(null, projectId)}
            />
          </CardBody>
        </Card>
        <Card aria-labelledby="share" id="share-card">
          <CardHeader
            id="share"
            title="Share the launch pack"
            description="A read-only link for a co-founder or a freelancer: no account needed, nothing editable. Revoke it any time."
          />
          <CardBody>
            <ShareLinks projectId={projectId} links={links} />
          </CardBody>
        </Card>
        <Card aria-labelledby="logo-title">
          <CardHeader id="logo-title" title="Brand logo" description="Shown in the project's header and on the exports' cover." />
          <CardBody>
            <LogoForm projectId={projectId} name={project.name} url={logo?.url ?? null} />
          </CardBody>
        </Card>
      </div>
    </>
  );
}
