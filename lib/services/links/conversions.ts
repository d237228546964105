import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import type { ServiceContext } from "@/lib/core/context";
import type { Database } from "@/lib/db";
import { conversions, growthItems, linkClicks, projects, trackedLinks } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import type { Channel } from "@/lib/schemas/growth";
import type { ConversionRequest, ConversionSource } from "@/lib/schemas/links";
import { getOwnedProject } from "../project-records";
import { ownedRows } from "../tenant";
import { emitWebhookEvent } from "../webhooks";

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const futureSkewMs = 5 * 60_000;

type ConversionRecord = typeof conversions.$inferSelect;

async function describe(db: Database, accountId: string, rows: ConversionRecord[]) {
  const linkIds = [...new Set(rows.map((row) => row.linkId).filter((id): id is string => id !== null))];
  const owners = linkIds.length
    ? await db
        .select({ id: trackedLinks.id, itemId: trackedLinks.growthItemId, channel: growthItems.channel })
        .from(trackedLinks)
        .leftJoin(growthItems, and(eq(growthItems.id, trackedLinks.growthItemId), eq(growthItems.accountId, accountId)))
        .where(sql`${trackedLinks.id} = any(${sql.param(linkIds)}::uuid[]) and ${trackedLinks.accountId} = ${accountId}`)
    : [];
  const byLink = new Map(owners.map((owner) => [owner.id, owner]));
  return rows.map((row) => {
    const owner = row.linkId ? byLink.get(row.linkId) : undefined;
    return {
      id: row.id,
      projectId: row.projectId,
      event: row.event,
      externalId: row.externalId,
      value: row.value === null ? null : row.value / 100,
      currency: row.currency,
      occurredAt: row.occurredAt.toISOString(),
      source: row.source,
      attributed: row.linkId !== null,
      clickId: row.linkId !== null ? row.clickId : null,
      linkId: row.linkId,
      growthItemId: owner?.itemId ?? null,
      channel: (owner?.channel as Channel | undefined) ?? null,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

/**
 * Records a conversion once per project, event and `externalId` (a second report answers the
 * first, `duplicate: true`). Its click id is kept only as a UUID; the conversion is attributed
 * to the click's link when that click is this project's and came within the attribution
 * window before it, now or when the click's batch is written. Anything else stays unattributed.
 */
export async function recordConversion(
  db: Database,
  input: ConversionRequest & { accountId: string; projectId: string; source: ConversionSource; now: Date },
) {
  // A time ahead of ours (a clock running fast) is taken as now: nothing happens in the future.
  const reported = input.occurredAt ? new Date(input.occurredAt) : input.now;
  const occurredAt = reported.getTime() > input.now.getTime() + futureSkewMs ? input.now : reported;
  const clickId = input.clickId && uuidPattern.test(input.clickId) ? input.clickId.toLowerCase() : null;
  const [created] = await db
    .insert(conversions)
    .values({
      accountId: input.accountId,
      projectId: input.projectId,
      event: input.event,
      externalId: input.externalId,
      value: input.value === undefined ? null : Math.round(input.value * 100),
      currency: input.currency ?? null,
      occurredAt,
      clickId,
      source: input.source,
      linkId: clickId
        ? sql`(select lc.link_id from ${linkClicks} lc join ${projects} p on p.id = lc.project_id and p.account_id = lc.account_id
             where lc.id = ${clickId}::uuid and lc.project_id = ${input.projectId} and lc.account_id = ${input.accountId}
               and lc.kind in ('counted', 'repeat')
               and lc.at <= ${occurredAt.toISOString()}::timestamptz + interval '5 minutes'
               and lc.at >= ${occurredAt.toISOString()}::timestamptz - make_interval(days => p.attribution_window_days))`
        : null,
    })
    .onConflictDoNothing({ target: [conversions.projectId, conversions.event, conversions.externalId] })
    .returning();
  const row =
    created ??
    (
      await db
        .select()
        .from(conversions)
        .where(
          and(
            eq(conversions.projectId, input.projectId),
            eq(conversions.accountId, input.accountId),
            eq(conversions.event, input.event),
            eq(conversions.externalId, input.externalId),
          ),
        )
    )[0]!;
  const [conversion] = await describe(db, input.accountId, [row]);
  if (created) await emitWebhookEvent(db, { type: "conversion.created", of: created, data: conversion!, now: input.now });
  return { conversion: conversion!, duplicate: !created };
}

/** A conversion reported with the caller's API key, an OAuth grant or the project's secret conversion key. */
export async function reportConversion(ctx: ServiceContext, input: ConversionRequest & { projectId: string }) {
  // A conversion key answers for its own project only; another project is one it cannot see.
  if (ctx.principal.kind === "ingest" && ctx.principal.projectId !== input.projectId)
    throw new AppError("not_found", "Project not found.");
  const project = await getOwnedProject(ctx.db, { accountId: ctx.account.id, projectId: input.projectId });
  return recordConversion(ctx.db, { ...input, accountId: ctx.account.id, projectId: project.id, source: "server", now: ctx.now });
}

/** The project's conversions, newest first (at most 500). */
export async function listConversions(ctx: ServiceContext, input: { projectId: string }) {
  await getOwnedProject(ctx.db, { accountId: ctx.account.id, projectId: input.projectId });
  const rows = await ctx.db
    .select()
    .from(conversions)
    .where(ownedRows(conversions, ctx.account.id, eq(conversions.projectId, input.projectId)))
    .orderBy(desc(conversions.occurredAt), desc(conversions.id))
    .limit(500);
  return { conversions: await describe(ctx.db, ctx.account.id, rows) };
}
