import { and, asc, eq, isNull } from "drizzle-orm";
import { createEvents, type EventAttributes } from "ics";
import { channelRules } from "@/lib/channels";
import { config } from "@/lib/config";
import type { RequestContext, ServiceContext } from "@/lib/core/context";
import type { FileResult } from "@/lib/core/file-result";
import type { Database } from "@/lib/db";
import { lockUnrevokedAccess } from "@/lib/db/accounts";
import { isUniqueViolation } from "@/lib/db/errors";
import { calendarFeeds, growthCycles, projects } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { weekTitle } from "@/lib/growth/week";
import { dateOf } from "@/lib/growth/week-days";
import type { Channel, WeeklyPlan } from "@/lib/schemas/growth";
import { randomToken, sha256Hex } from "@/lib/security/hashing";
import { contentsOf } from "./growth/load";
import { getOwnedProject, type ProjectRecord } from "./project-records";
import { ownedRows } from "./tenant";

type DateArray = [number, number, number];
const dayMs = 86_400_000;
const asDateArray = (iso: string): DateArray => iso.split("-").map(Number) as DateArray;
const nextDay = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) + dayMs).toISOString().slice(0, 10);
const allDay = (iso: string) => ({ start: asDateArray(iso), end: asDateArray(nextDay(iso)) });

const itemStatus = {
  planned: "TENTATIVE",
  draft: "TENTATIVE",
  approved: "CONFIRMED",
  published: "CONFIRMED",
  skipped: "CANCELLED",
} as const;
const lines = (...values: Array<string | null | undefined | false>) => values.filter(Boolean).join("\n");

/**
 * The project's growth weeks as iCalendar (RFC 5545): an all-day event per content item
 * on its day (planned, drafted, approved, published or cancelled when skipped) and per
 * founder task; a proposed week's items are tentative until it is approved.
 */
async function projectCalendarText(db: Database, project: ProjectRecord, now: Date): Promise<string> {
  const { appUrl } = config();
  const boardUrl = `${appUrl}/projects/${project.id}/growth`;
  const cycles = await db
    .select()
    .from(growthCycles)
    .where(ownedRows(growthCycles, project.accountId, eq(growthCycles.projectId, project.id)))
    .orderBy(asc(growthCycles.weekNumber));
  const byPosition = <Row extends { position: number }>(rows: Row[]) => rows.sort((a, b) => a.position - b.position);
  const contents = await contentsOf(db, { accountId: project.accountId, cycles });
  const [items, tasks] = [byPosition(contents.items), byPosition(contents.tasks)];

  const events: EventAttributes[] = [];
  for (const cycle of cycles) {
    const theme = (cycle.plan as WeeklyPlan).weekTheme;
    if (cycle.status === "planned") {
      const plan = cycle.plan as WeeklyPlan;
      plan.contentPlan.forEach((entry, entryIndex) =>
        entry.items.forEach((item, index) =>
          events.push({
            ...allDay(dateOf(item.suggestedDay, cycle.weekStart) ?? cycle.weekStart),
            uid: `plan-${cycle.id}-${entryIndex}-${index}@launchloop`,
            title: `${channelRules[entry.channel].label}: ${item.title}`,
            description: lines(
              `${weekTitle(cycle.weekNumber, theme)} (proposed)`,
              `Angle: ${item.angle}`,
              item.keyMessage && `Key message: ${item.keyMessage}`,
              item.cta && `Call to action: ${item.cta}`,
            ),
            status: "TENTATIVE",
            url: boardUrl,
            categories: ["Launchloop", entry.channel],
            transp: "TRANSPARENT",
          }),
        ),
      );
      continue;
    }
    for (const item of items.filter((entry) => entry.cycleId === cycle.id)) {
      events.push({
        ...allDay(dateOf(item.suggestedDay, cycle.weekStart) ?? cycle.weekStart),
        uid: `item-${item.id}@launchloop`,
        title: `${channelRules[item.channel as Channel]?.label ?? item.channel}: ${item.title}`,
        description: lines(
          weekTitle(cycle.weekNumber, theme),
          `Status: ${item.status}`,
          `Angle: ${item.angle}`,
          item.keyMessage && `Key message: ${item.keyMessage}`,
          item.cta && `Call to action: ${item.cta}`,
          item.resultNote && `Note: ${item.resultNote}`,
        ),
        status: itemStatus[item.status],
        url: `${boardUrl}#item-${item.id}`,
        categories: ["Launchloop", item.channel],
        transp: "TRANSPARENT",
        lastModified: toDateTime(item.updatedAt),
      });
    }
    for (const task of tasks.filter((entry) => entry.cycleId === cycle.id)) {
      events.push({
        ...allDay(dateOf(task.suggestedDay, cycle.weekStart) ?? cycle.weekStart),
        uid: `task-${task.id}@launchloop`,
        title: `${task.status === "done" ? "✓ " : ""}Task: ${task.title}`,
        description: lines(
          weekTitle(cycle.weekNumber, theme),
          task.description,
          `Effort: ${task.effort}`,
          `Status: ${task.status}`,
        ),
        status: task.status === "skipped" ? "CANCELLED" : "CONFIRMED",
        url: boardUrl,
        categories: ["Launchloop", "task"],
        transp: "TRANSPARENT",
        lastModified: toDateTime(task.updatedAt),
      });
    }
  }
  // RFC 5545 wants at least one component in a calendar: before the first week, one note saying so.
  if (events.length === 0) {
    events.push({
      ...allDay(now.toISOString().slice(0, 10)),
      uid: `empty-${project.id}@launchloop`,
      title: "Launchloop: no growth week planned yet",
      description: `Plan your first week at ${boardUrl}`,
      url: boardUrl,
      transp: "TRANSPARENT",
    });
  }
  const { error, value } = createEvents(events, {
    productId: "-//Launchloop//Growth calendar//EN",
    method: "PUBLISH",
    calName: `${project.name} · Launchloop growth`,
  });
  if (error || !value) throw error ?? new Error("calendar generation failed");
  return value;
}

const toDateTime = (date: Date) => date.getTime();

const calendarFile = (project: ProjectRecord, body: string): FileResult => ({
  body,
  contentType: "text/calendar; charset=utf-8",
  filename: `${
    project.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "project"
  }-growth.ics`,
});

/** The project's growth calendar for its owner (API key or session). */
export async function downloadGrowthCalendar(ctx: ServiceContext, { projectId }: { projectId: string }): Promise<FileResult> {
  const project = await getOwnedProject(ctx.db, { accountId: ctx.account.id, projectId });
  return calendarFile(project, await projectCalendarText(ctx.db, project, ctx.now));
}

const tokenPrefix = "llcal_";
export const subscriptionUrl = (token: string) => `${config().appUrl}/api/v1/calendar-feeds/${token}/calendar.ics`;

/** Whether the project has a live subscription URL (the URL itself was shown once and is not kept). */
export async function getCalendarSubscription(ctx: ServiceContext, { projectId }: { projectId: string }) {
  const project = await getOwnedProject(ctx.db, { accountId: ctx.account.id, projectId });
  const [live] = await ctx.db
    .select({ createdAt: calendarFeeds.createdAt, lastUsedAt: calendarFeeds.lastUsedAt })
    .from(calendarFeeds)
    .where(
      and(eq(calendarFeeds.projectId, project.id), eq(calendarFeeds.accountId, ctx.account.id), isNull(calendarFeeds.revokedAt)),
    );
  return {
    subscription: live
      ? { active: true, createdAt: live.createdAt.toISOString(), lastUsedAt: live.lastUsedAt?.toISOString() ?? null }
      : null,
  };
}

/**
 * A new secret subscription URL for calendar apps, shown once; any earlier one of the
 * project stops working in the same transaction.
 */
export async function createCalendarSubscription(ctx: ServiceContext, { projectId }: { projectId: string }) {
  const project = await getOwnedProject(ctx.db, { accountId: ctx.account.id, projectId });
  const token = `${tokenPrefix}${randomToken(32)}`;
  const create = () =>
    ctx.db.transaction(async (tx) => {
      await lockUnrevokedAccess(tx, ctx.account);
      await tx
        .update(calendarFeeds)
        .set({ revokedAt: ctx.now })
        .where(
          and(
            eq(calendarFeeds.projectId, project.id),
            eq(calendarFeeds.accountId, ctx.account.id),
            isNull(calendarFeeds.revokedAt),
          ),
        );
      const [row] = await tx
        .insert(calendarFeeds)
        .values({ accountId: ctx.account.id, projectId: project.id, tokenHash: sha256Hex(token) })
        .returning();
      return row!;
    });
  // Two creations at once: the partial unique index lets one in; the other replaces it on a retry, so one stays live.
  for (let attempt = 1; ; attempt++) {
    try {
      const created = await create();
      return { subscription: { active: true, url: subscriptionUrl(token), createdAt: created.createdAt.toISOString() } };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (attempt === 3) throw new AppError("rate_limited", "Several subscription URLs were being created at once; try again.");
    }
  }
}

/** Revokes the project's subscription URL: calendar apps get 404 from then on. */
export async function revokeCalendarSubscription(ctx: ServiceContext, { projectId }: { projectId: string }) {
  const project = await getOwnedProject(ctx.db, { accountId: ctx.account.id, projectId });
  const revoked = await ctx.db
    .update(calendarFeeds)
    .set({ revokedAt: ctx.now })
    .where(
      and(eq(calendarFeeds.projectId, project.id), eq(calendarFeeds.accountId, ctx.account.id), isNull(calendarFeeds.revokedAt)),
    )
    .returning({ id: calendarFeeds.id });
  return { revoked: revoked.length > 0 };
}

/** The calendar behind a live subscription URL; unknown and revoked tokens are one 404. */
export async function subscribedCalendar(ctx: RequestContext, { token }: { token: string }): Promise<FileResult> {
  const [found] = await ctx.db
    .select({ feed: calendarFeeds, project: projects })
    .from(calendarFeeds)
    .innerJoin(projects, and(eq(projects.id, calendarFeeds.projectId), eq(projects.accountId, calendarFeeds.accountId)))
    .where(and(eq(calendarFeeds.tokenHash, sha256Hex(token)), isNull(calendarFeeds.revokedAt)));
  if (!found)
    throw new AppError(
      "not_found",
      "This calendar subscription URL is unknown or was revoked. Create a new one on the project's Growth page.",
    );
  await ctx.db
    .update(calendarFeeds)
    .set({ lastUsedAt: ctx.now })
    .where(and(eq(calendarFeeds.id, found.feed.id), isNull(calendarFeeds.revokedAt)));
  return calendarFile(found.project, await projectCalendarText(ctx.db, found.project, ctx.now));
}
