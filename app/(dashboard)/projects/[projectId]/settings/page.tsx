import { projectIdOf } from "@/components/project/project-id";
import { BasicsForm } from "./basics-form";
import { LogoForm } from "./logo-form";
import { ShareLinks } from "./share-links";
import { Card, CardBody, CardHeader, PageHeader } from "@/components/ui";
import { readOperation } from "@/lib/actions/run-operation";
import { getProjectLogo, listShareLinks } from "@/lib/operations/dashboard";
import { readProject } from "../read-project";

export const metadata = { title: "Project settings" };

export default async function ProjectSettingsPage({ params }: { params: Promise<{ projectId: string }> }) {
  const projectId = await projectIdOf(params);
  const [{ links }, { logo }, { project }] = await Promise.all([
    readOperation(listShareLinks, { params: { id: projectId } }),
    readOperation(getProjectLogo, { params: { id: projectId } }),
    readProject(projectId),
  ]);
  return (
    <>
      <PageHeader title="Project settings" description="The project's name and language, who else can read the launch pack, and how the project looks." />
      <div className="space-y-6">
        <Card aria-labelledby="basics-title">
          <CardHeader id="basics-title" title="Name and language" />
          <CardBody>
            <BasicsForm projectId={projectId} name={project.name} language={project.language} />
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
