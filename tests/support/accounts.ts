import { eq } from "drizzle-orm";
import type { Database } from "@/lib/db";
import type { AccountRecord } from "@/lib/db/records";
import { accounts, alerts, connections, projects } from "@/lib/db/schema";
import { sealSecrets } from "@/lib/networks/secrets";

export type PlanState = "unactivated" | "free" | "pro" | "studio";

/** An account on a given plan, made directly in the database (no e-mail round trip). */
export async function accountOnPlan(db: Database, state: PlanState): Promise<AccountRecord> {
  const [account] = await db
    .insert(accounts)
    .values({
      email: `${state}-${crypto.randomUUID().slice(0, 8)}@example.com`,
      signupDoor: state === "unactivated" ? "api" : "browser",
      plan: state === "unactivated" ? "free" : state,
      activated: state !== "unactivated",
      // A real account on a plan has proven its address: a plan comes only after confirmation.
      emailConfirmedAt: new Date(),
    })
    .returning();
  return account!;
}

export async function addProjects(db: Database, account: AccountRecord, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const [project] = await db
      .insert(projects)
      .values({
        accountId: account.id,
        name: `Project ${i + 1}`,
        onboarding: { businessName: "Acme", productDescription: "x", problemSolved: "y" },
      })
      .returning({ id: projects.id });
    ids.push(project!.id);
  }
  return ids;
}

export async function reloadAccount(db: Database, accountId: string): Promise<AccountRecord> {
  const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  return account!;
}

/** An open alert of the project (a post that failed), made directly in the database (no network, no e-mail). */
export async function addAlert(db: Database, { accountId, projectId }: { accountId: string; projectId: string }) {
  const [alert] = await db
    .insert(alerts)
    .values({
      accountId,
      projectId,
      kind: "post_failed",
      subjectType: "item",
      subjectId: crypto.randomUUID(),
      message: "A post did not go out.",
    })
    .returning();
  return alert!;
}

/** A connected Bluesky account of the project, made directly in the database (no network). */
export async function addBlueskyConnection(db: Database, { accountId, projectId }: { accountId: string; projectId: string }) {
  const [connection] = await db
    .insert(connections)
    .values({
      accountId,
      projectId,
      network: "bluesky",
      serviceUrl: "https://pds.example",
      handle: "owner.example",
      externalAccountId: "did:plc:owner",
      sealedSecrets: sealSecrets({ appPassword: "owner-app-password" }),
    })
    .returning();
  return connection!;
}
