import "server-only";
import type { Database } from "@/lib/db";
import { type agentRuns, projects } from "@/lib/db/schema";
import { loadOwned } from "./tenant";

export type ProjectRecord = typeof projects.$inferSelect;
export type RunRecord = typeof agentRuns.$inferSelect;

/** The caller's project, or 404 (another account's project is never revealed). */
export const getOwnedProject = (
  db: Database,
  { accountId, projectId }: { accountId: string; projectId: string },
): Promise<ProjectRecord> => loadOwned(db, { table: projects, accountId, id: projectId, notFound: "Project not found." });
