import "server-only";
import { sql } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { trackedLinks } from "@/lib/db/schema";
import { newLinkCode } from "@/lib/links/code";
import type { LinkRecord } from "./serialize";

/**
 * Inserts a link with a fresh code, or answers the item's existing one (one link per growth
 * item or pack post, decided by the partial unique indexes under concurrency). A code that
 * happens to be taken is drawn again.
 */
export async function insertLink(db: Database, values: Omit<typeof trackedLinks.$inferInsert, "code">): Promise<LinkRecord> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [created] = await db
      .insert(trackedLinks)
      .values({ ...values, code: newLinkCode() })
      .onConflictDoNothing()
      .returning();
    if (created) return created;
    const owner = values.growthItemId
      ? sql`${trackedLinks.growthItemId} = ${values.growthItemId}`
      : values.contentItemId
        ? sql`${trackedLinks.contentItemId} = ${values.contentItemId}`
        : undefined;
    if (owner) {
      const [existing] = await db
        .select()
        .from(trackedLinks)
        .where(sql`${owner} and ${trackedLinks.accountId} = ${values.accountId}`);
      if (existing) return existing;
    }
  }
  throw new Error("no free link code after five draws");
}
