import "server-only";
import type { RequestContext } from "@/lib/core/context";
import { AppError } from "@/lib/errors";
import type { ConversionRequest } from "@/lib/schemas/links";
import { recordConversion } from "./conversions";
import { findIngestKey } from "./ingest-keys";

/**
 * A conversion from the script on the founder's site, with the project's publishable key:
 * it can add conversions to that project and read nothing (the answer says only whether it
 * was new).
 */
export async function trackSiteConversion(ctx: RequestContext, input: ConversionRequest & { key: string }) {
  const key = await findIngestKey(ctx.db, { secret: input.key, kind: "publishable", now: ctx.now });
  if (!key)
    throw new AppError("unauthorized", "Unknown or revoked publishable key: copy the snippet from project settings again.");
  const { key: _key, ...conversion } = input;
  const { duplicate } = await recordConversion(ctx.db, {
    ...conversion,
    accountId: key.accountId,
    projectId: key.projectId,
    source: "site",
    now: ctx.now,
  });
  return { accepted: true as const, duplicate };
}
