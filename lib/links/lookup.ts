import "server-only";
import { eq } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import type { Database } from "@/lib/db";
import { trackedLinks } from "@/lib/db/schema";
import type { LinkUtm } from "@/lib/schemas/links";

export interface RedirectTarget {
  id: string;
  accountId: string;
  projectId: string;
  destination: string;
  utm: LinkUtm;
}

/**
 * Codes as the redirect needs them, kept a few seconds per process: a link read by every
 * reader of a post is one indexed lookup per process every 15 s, not one per click. A code
 * that does not exist is kept too (as null), so a flood of made-up codes costs no lookups.
 */
const cache = new LRUCache<string, RedirectTarget | "missing">({ max: 50_000, ttl: 15_000 });

export async function findRedirectTarget(db: Database, code: string): Promise<RedirectTarget | null> {
  const kept = cache.get(code);
  if (kept) return kept === "missing" ? null : kept;
  const [row] = await db
    .select({
      id: trackedLinks.id,
      accountId: trackedLinks.accountId,
      projectId: trackedLinks.projectId,
      destination: trackedLinks.destination,
      utm: trackedLinks.utm,
    })
    .from(trackedLinks)
    .where(eq(trackedLinks.code, code));
  cache.set(code, row ?? "missing");
  return row ?? null;
}

/** Forgets a code this process kept (its destination changed here); other processes see it within 15 s. */
export const forgetRedirectTarget = (code: string) => cache.delete(code);
