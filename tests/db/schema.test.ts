import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/lib/db/client";
import { accounts, agentRuns, connections, growthCycles, growthItems, projects } from "@/lib/db/schema";
import { openTestDatabase } from "../support/database";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await database.db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

async function newProject() {
  const [account] = await database.db
    .insert(accounts)
    .values({ email: `${crypto.randomUUID()}@example.com`, signupDoor: "api" })
    .returning();
  const [project] = await database.db
    .insert(projects)
    .values({
      accountId: account!.id,
      name: "Acme",
      onboarding: { businessName: "Acme", productDescription: "x", problemSolved: "y" },
    })
    .returning();
  return { account: account!, project: project! };
}

/** Rows of `connections` for one project and network, as a migration found them. */
const connectionRow =
  (accountId: string, projectId: string, network: "mastodon" | "bluesky") =>
  (
    status: "connected" | "pending" | "disconnected",
    externalAccountId: string | null,
    updatedAt: string,
    serviceUrl = "https://mastodon.example",
  ) => ({
    accountId,
    projectId,
    network,
    status,
    serviceUrl,
    externalAccountId,
    sealedSecrets: "sealed",
    updatedAt: new Date(updatedAt),
  });

/** A growth item scheduled on a connection, in a week of its own: its id. */
async function itemScheduledOn(connection: typeof connections.$inferSelect): Promise<string> {
  const { accountId, projectId, network } = connection;
  const [cycle] = await database.db
    .insert(growthCycles)
    .values({
      projectId,
      accountId,
      weekStart: "2026-11-23",
      weekNumber: 1,
      plan: { weekTheme: "Week", rationale: "", contentPlan: [], founderTasks: [], skipped: [] },
    })
    .returning();
  const [item] = await database.db
    .insert(growthItems)
    .values({
      cycleId: cycle!.id,
      projectId,
      accountId,
      channel: network,
      slug: "post",
      title: "Post",
      angle: "a",
      keyMessage: "k",
      suggestedDay: "Mon",
      connectionId: connection.id,
    })
    .returning();
  return item!.id;
}

/** Runs a migration's statements again, as the migrator does. */
async function runMigration(file: string) {
  const migration = readFileSync(`supabase/migrations/${file}`, "utf8");
  for (const statement of migration.split("--> statement-breakpoint")) await database.db.execute(sql.raw(statement));
}

describe("the migrated schema", () => {
  it("has row level security enabled on every table", async () => {
    const tables = await rows<{ relname: string; relrowsecurity: boolean }>(sql`
      select c.relname, c.relrowsecurity from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'`);
    expect(tables.length).toBeGreaterThanOrEqual(16);
    expect(tables.filter((table) => !table.relrowsecurity).map((table) => table.relname)).toEqual([]);
  });

  it("allows one running agent per project, enforced by the database", async () => {
    const { account, project } = await newProject();
    const run = { projectId: project.id, accountId: account.id, agentType: "market-strategist" };
    const attempts = await Promise.allSettled(
      Array.from({ length: 5 }, () => database.db.insert(agentRuns).values({ ...run, status: "running" })),
    );
    expect(attempts.filter((attempt) => attempt.status === "fulfilled")).toHaveLength(1);
    await database.db.insert(agentRuns).values({ ...run, status: "completed" });
  });

  it("allows one open growth cycle per project", async () => {
    const { account, project } = await newProject();
    const cycle = {
      projectId: project.id,
      accountId: account.id,
      weekStart: "2026-11-23",
      plan: { weekTheme: "Week", rationale: "", contentPlan: [], founderTasks: [], skipped: [] },
    };
    await database.db.insert(growthCycles).values({ ...cycle, weekNumber: 1, status: "closed" });
    await database.db.insert(growthCycles).values({ ...cycle, weekNumber: 2, status: "planned" });
    await expect(database.db.insert(growthCycles).values({ ...cycle, weekNumber: 3, status: "approved" })).rejects.toThrow();
  });

  it("cascades an account's deletion to everything it owns", async () => {
    const { account, project } = await newProject();
    await database.db.delete(accounts).where(sql`${accounts.id} = ${account.id}`);
    expect(await rows(sql`select id from projects where id = ${project.id}`)).toEqual([]);
  });

  it("strips the channel prefixes stored in growth titles (migration growth_titles_without_channel)", async () => {
    const { account, project } = await newProject();
    const planned = (title: string) => ({ slug: title, title, angle: "a", keyMessage: "k", suggestedDay: "Mon" });
    const [cycle] = await database.db
      .insert(growthCycles)
      .values({
        projectId: project.id,
        accountId: account.id,
        weekStart: "2026-11-23",
        weekNumber: 9,
        status: "closed",
        plan: {
          weekTheme: "X: theme stays",
          rationale: "",
          contentPlan: [
            { channel: "x", count: 2, items: [planned("X: X: How-to"), planned("Xylophone: keeps its word")] },
            { channel: "linkedin", count: 1, items: [planned("x : Proof")] },
            { channel: "thought-leadership", count: 1, items: [planned("Fachbeitrag: Hinter den Kulissen")] },
          ],
          founderTasks: [],
          skipped: [],
        },
      })
      .returning();
    const item = (title: string) => ({
      cycleId: cycle!.id,
      projectId: project.id,
      accountId: account.id,
      channel: "linkedin",
      slug: title,
      title,
      angle: "a",
      keyMessage: "k",
      suggestedDay: "Mon",
    });
    await database.db.insert(growthItems).values([item("X: Customer pain"), item("Bluesky:Proof"), item("Q&A: ask us")]);

    const migration = readFileSync("supabase/migrations/20261124053528_growth_titles_without_channel.sql", "utf8");
    for (const statement of migration.split("--> statement-breakpoint")) await database.db.execute(sql.raw(statement));

    const [after] = await database.db.select().from(growthCycles).where(eq(growthCycles.id, cycle!.id));
    expect(after!.plan.weekTheme).toBe("X: theme stays");
    expect(after!.plan.contentPlan.map((entry) => entry.items.map((entry) => entry.title))).toEqual([
      ["How-to", "Xylophone: keeps its word"],
      ["Proof"],
      ["Hinter den Kulissen"],
    ]);
    const titles = await database.db
      .select({ title: growthItems.title })
      .from(growthItems)
      .where(eq(growthItems.cycleId, cycle!.id));
    expect(titles.map((row) => row.title).sort()).toEqual(["Customer pain", "Proof", "Q&A: ask us"]);
  });

  it("keeps one connection per network account and project, merging the rows connected twice (migration one_connection_per_network_account)", async () => {
    const { account, project } = await newProject();
    const connection = connectionRow(account.id, project.id, "mastodon");
    await expect(
      database.db
        .insert(connections)
        .values([connection("connected", "42", "2026-11-01"), connection("connected", "42", "2026-11-02")]),
    ).rejects.toThrow();

    await database.db.execute(sql`drop index connections_one_per_network_account`);
    // Account 42 on another instance is another account.
    const [older, newer, , pending, other, elsewhere] = await database.db
      .insert(connections)
      .values([
        connection("connected", "42", "2026-11-01"),
        connection("connected", "42", "2026-11-02"),
        connection("disconnected", "42", "2026-11-03"),
        connection("pending", null, "2026-11-04"),
        connection("connected", "7", "2026-11-01"),
        connection("connected", "42", "2026-11-01", "https://other.example"),
      ])
      .returning();
    const itemId = await itemScheduledOn(older!);

    await runMigration("20261124091830_one_connection_per_network_account.sql");

    const left = await database.db.select({ id: connections.id }).from(connections).where(eq(connections.projectId, project.id));
    expect(left.map((row) => row.id).sort()).toEqual([newer!.id, pending!.id, other!.id, elsewhere!.id].sort());
    const [moved] = await database.db.select().from(growthItems).where(eq(growthItems.id, itemId));
    expect(moved!.connectionId).toBe(newer!.id);
  });

  it("keeps one connection per Bluesky DID and project whatever server it signed in through (migration one_connection_per_bluesky_did)", async () => {
    const { account, project } = await newProject();
    const connection = connectionRow(account.id, project.id, "bluesky");
    await expect(
      database.db
        .insert(connections)
        .values([
          connection("connected", "did:plc:a", "2026-11-01", "https://bsky.social"),
          connection("connected", "did:plc:a", "2026-11-02", "https://pds.example"),
        ]),
    ).rejects.toThrow();

    await database.db.execute(sql`drop index connections_one_per_bluesky_did`);
    const [entryway, ownServer, other] = await database.db
      .insert(connections)
      .values([
        connection("connected", "did:plc:a", "2026-11-01", "https://bsky.social"),
        connection("connected", "did:plc:a", "2026-11-02", "https://pds.example"),
        connection("connected", "did:plc:b", "2026-11-01", "https://bsky.social"),
      ])
      .returning();
    const itemId = await itemScheduledOn(entryway!);

    await runMigration("20261124214629_one_connection_per_bluesky_did.sql");

    const left = await database.db.select({ id: connections.id }).from(connections).where(eq(connections.projectId, project.id));
    expect(left.map((row) => row.id).sort()).toEqual([ownServer!.id, other!.id].sort());
    const [moved] = await database.db.select().from(growthItems).where(eq(growthItems.id, itemId));
    expect(moved!.connectionId).toBe(ownServer!.id);
  });
});
