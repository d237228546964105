import { projectIdOf } from "@/components/project/project-id";
import { PageHeader } from "@/components/ui";
import { readOperation } from "@/lib/actions/run-operation";
import { listContent } from "@/lib/operations/content";
import { readProject } from "../read-project";
import { LaunchReview } from "./launch-review";

export const metadata = { title: "Launch review" };

export default async function LaunchPage({ params }: { params: Promise<{ projectId: string }> }) {
  const projectId = await projectIdOf(params);
  const [{ project, runs }, { items }] = await Promise.all([
    readProject(projectId),
    readOperation(listContent, { params: { id: projectId } }),
  ]);
  return (
    <>
      <PageHeader title="Launch" description="Five agents draft your launch; you review each step before the next one runs." />
      <LaunchReview project={project} runs={runs} items={items} />
    </>
  );
}
