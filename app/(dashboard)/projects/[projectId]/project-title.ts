import "server-only";
import type { Metadata } from "next";
import { projectIdOf } from "@/components/project/project-id";
import { readProject } from "./read-project";

/** A project page's title, "Launch pack · Acme" (then " · Launchloop" from the root layout): the project is read once per request anyway. */
export const projectTitle =
  (section: string) =>
  async ({ params }: { params: Promise<{ projectId: string }> }): Promise<Metadata> => {
    const { project } = await readProject(await projectIdOf(params));
    return { title: `${section} · ${project.name}` };
  };
