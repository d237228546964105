import "server-only";
import { and, eq, isNotNull } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import type { Database } from "@/lib/db";
import { packImages, projects } from "@/lib/db/schema";
import type { RedirectTarget } from "./lookup";

/** What an unfurler is shown for a tracked link: the project's Open Graph card and its words. */
export interface LinkCard {
  storageKey: string;
  headline: string;
  alt: string;
  name: string;
  width: number;
  height: number;
}

// Kept a few seconds per process, like the redirect's lookup: unfurlers come in bursts when a post goes out.
const cache = new LRUCache<string, LinkCard | "none">({ max: 10_000, ttl: 15_000 });

/** The project's drawn Open Graph card, or null while it has none (no launch assets yet, or drawing failed). */
export async function findLinkCard(db: Database, link: RedirectTarget): Promise<LinkCard | null> {
  const kept = cache.get(link.projectId);
  if (kept) return kept === "none" ? null : kept;
  const [row] = await db
    .select({
      storageKey: packImages.storageKey,
      headline: packImages.headline,
      alt: packImages.alt,
      name: projects.name,
      width: packImages.width,
      height: packImages.height,
    })
    .from(packImages)
    .innerJoin(projects, and(eq(projects.id, packImages.projectId), eq(projects.accountId, link.accountId)))
    .where(
      and(
        eq(packImages.accountId, link.accountId),
        eq(packImages.projectId, link.projectId),
        eq(packImages.kind, "open-graph"),
        isNotNull(packImages.storageKey),
      ),
    );
  const card = row?.storageKey ? { ...row, storageKey: row.storageKey } : null;
  cache.set(link.projectId, card ?? "none");
  return card;
}
