import "server-only";
import { config } from "@/lib/config";
import type { trackedLinks } from "@/lib/db/schema";
import { targetUrl } from "@/lib/links/target-url";

export type LinkRecord = typeof trackedLinks.$inferSelect;

export const shortUrlOf = (code: string) => `${config().appUrl}/r/${code}`;

export function serializeLink(link: LinkRecord, counts: { clicks: number; conversions: number }) {
  return {
    id: link.id,
    projectId: link.projectId,
    growthItemId: link.growthItemId,
    contentItemId: link.contentItemId,
    code: link.code,
    shortUrl: shortUrlOf(link.code),
    destination: link.destination,
    targetUrl: targetUrl(link.destination, link.utm),
    utm: link.utm,
    enabled: link.enabled,
    clicks: counts.clicks,
    conversions: counts.conversions,
    createdAt: link.createdAt.toISOString(),
    updatedAt: link.updatedAt.toISOString(),
  };
}
