import "server-only";
import { notFound } from "next/navigation";
import { z } from "zod";

const projectIdSchema = z.uuid();

/** A project id from the address bar; anything that is not one is a 404 page, never an error. */
export async function projectIdOf(params: Promise<{ projectId: string }>): Promise<string> {
  const { projectId } = await params;
  if (!projectIdSchema.safeParse(projectId).success) notFound();
  return projectId;
}
