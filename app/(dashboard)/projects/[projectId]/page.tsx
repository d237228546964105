import { projectIdOf } from "@/components/project/project-id";
import { AddressOfPage } from "@/components/shell/address-of-page";
import LaunchPage from "./launch/page";

export { generateMetadata } from "./launch/page";

/** A project's own address opens its launch review: drawn here, shown at the review's address. */
export default async function ProjectPage({ params }: { params: Promise<{ projectId: string }> }) {
  const projectId = await projectIdOf(params);
  return (
    <>
      <AddressOfPage pathname={`/projects/${projectId}/launch`} />
      <LaunchPage params={params} />
    </>
  );
}
