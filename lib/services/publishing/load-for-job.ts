import "server-only";
import { and, eq } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { accounts, connections, growthItems, projects } from "@/lib/db/schema";
import type { JobRecord } from "@/lib/jobs/store";
/** A publish, reminder or metrics job's item, with its account's connection, its project (language, name, reminder e-mails) and its owner (plan, e-mail). */
export async function loadForJob(db: Database, job: JobRecord) {
  const [found] = await db
    .select({
      item: growthItems,
      connection: connections,
      language: projects.language,
      project: { name: projects.name, emailReminders: projects.emailReminders },
      account: { plan: accounts.plan, activated: accounts.activated, email: accounts.email },
    })
    .from(growthItems)
    .innerJoin(projects, and(eq(projects.id, growthItems.projectId), eq(projects.accountId, job.accountId)))
    .innerJoin(accounts, eq(accounts.id, job.accountId))
    .leftJoin(connections, and(eq(connections.id, growthItems.connectionId), eq(connections.accountId, job.accountId)))
    .where(and(eq(growthItems.id, job.subjectId), eq(growthItems.accountId, job.accountId)));
  return found ?? null;
}
