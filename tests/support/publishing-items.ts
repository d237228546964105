import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import type { ServiceContext } from "@/lib/core/context";
import { accounts, connections, growthItems } from "@/lib/db/schema";

import { AppError, errorCodes } from "@/lib/errors";
import { runDueJobs } from "@/lib/jobs/run";
import { operations } from "@/lib/operations";
import { executeOperation } from "@/lib/operations/execute";
import type { Network } from "@/lib/schemas/publishing";
import type { TestApp, TestResponse } from "./test-app";

type Call = (method: string, path: string, body?: unknown) => Promise<TestResponse>;

/**
 * A week planned with named posts and approved: per channel, `[slug, suggested day]` pairs, each
 * post titled `Post <slug>` with one angle and message; the item ids by slug. Starts the
 * project's growth first.
 */
export async function plannedWeekOf<Slug extends string>(
  call: Call,
  projectId: string,
  channels: Record<string, [Slug, string][]>,
): Promise<Record<Slug, string>> {
  await call("POST", `/api/v1/projects/${projectId}/growth/start`);
  const planned = (await call("POST", `/api/v1/projects/${projectId}/growth/cycles`)).json.cycle;
  const post = ([slug, suggestedDay]: [Slug, string]) => ({
    slug,
    title: `Post ${slug}`,
    angle: "Why we built it",
    keyMessage: "Tidybooks reconciles your books overnight",
    suggestedDay,
  });
  const contentPlan = Object.entries(channels).map(([channel, posts]) => ({
    channel,
    count: (posts as [Slug, string][]).length,
    items: (posts as [Slug, string][]).map(post),
  }));
  const approved = (await call("POST", `/api/v1/growth/cycles/${planned.id}/approve`, { plan: { ...planned.plan, contentPlan } }))
    .json.cycle;
  const ids = {} as Record<Slug, string>;
  for (const found of approved.items as { slug: Slug; id: string }[]) ids[found.slug] = found.id;
  return ids;
}

/**
 * A planned and approved week whose items are drafted: one item per slug on its channel (in
 * the order given, titled `Post <slug>` unless `titles` names it), each with its first draft
 * written; the item ids by slug. The project's growth must be started.
 */
export async function draftedWeek<Slug extends string>(
  call: Call,
  projectId: string,
  slugsByChannel: Record<string, readonly Slug[]>,
  titles: Partial<Record<Slug, string>> = {},
): Promise<Record<Slug, string>> {
  const planned = (await call("POST", `/api/v1/projects/${projectId}/growth/cycles`)).json.cycle;
  const plan = {
    ...planned.plan,
    contentPlan: Object.entries(slugsByChannel).map(([channel, slugs]) => ({
      channel,
      count: slugs.length,
      items: slugs.map((slug) => ({
        slug,
        title: titles[slug] ?? `Post ${slug}`,
        angle: "Why we built it",
        keyMessage: "Tidybooks reconciles your books overnight",
        suggestedDay: "Fri",
      })),
    })),
  };
  const approved = await call("POST", `/api/v1/growth/cycles/${planned.id}/approve`, { plan });
  expect(approved.status, approved.text).toBe(200);
  const ids = {} as Record<Slug, string>;
  for (const item of approved.json.cycle.items as { id: string; slug: Slug }[]) {
    ids[item.slug] = item.id;
    const drafted = await call("POST", `/api/v1/growth/items/${item.id}/generate`);
    expect(drafted.status, drafted.text).toBe(200);
  }
  return ids;
}

/**
 * A drafted week (`draftedWeek`) whose drafts are texts of the test's own (each a post, or a
 * thread's parts; no title): the item ids by slug. Every slug is on `channel`, or on the channel
 * it names for the slug; the channels in the order their first slug comes. The project's growth
 * must be started.
 */
export async function itemsWithTexts<Slug extends string>(
  app: TestApp,
  call: Call,
  projectId: string,
  channel: string | ((slug: Slug) => string),
  texts: Record<Slug, string[]>,
  titles: Partial<Record<Slug, string>> = {},
): Promise<Record<Slug, string>> {
  const channelOf = typeof channel === "string" ? () => channel : channel;
  const slugsByChannel: Record<string, Slug[]> = {};
  for (const slug of Object.keys(texts) as Slug[]) {
    const on = channelOf(slug);
    slugsByChannel[on] = [...(slugsByChannel[on] ?? []), slug];
  }
  const ids = await draftedWeek(call, projectId, slugsByChannel, titles);
  for (const [slug, id] of Object.entries(ids) as [Slug, string][]) {
    const [row] = await app.db.select().from(growthItems).where(eq(growthItems.id, id));
    const parts = texts[slug];
    await app.db
      .update(growthItems)
      .set({ draft: { ...row!.draft!, title: null, parts, body: parts.join("\n\n") } })
      .where(eq(growthItems.id, id));
  }
  return ids;
}

/** The founder's browser session on the test app (connecting is the dashboard's only). */
export async function ownerOf(app: TestApp): Promise<ServiceContext> {
  const [account] = await app.db.select().from(accounts).limit(1);
  return app.sessionContext(account!.email);
}

/** Connects an account with its network's form as the settings page does; the answer as the server action would carry it. */
export async function connectWithForm(
  owner: ServiceContext,
  body: { projectId: string; network: string; fields: Record<string, unknown> },
): Promise<{
  status: number;
  code?: string;
  error?: string;
  issues?: { path: string; message: string }[];
  connection?: Record<string, unknown>;
  text: string;
}> {
  try {
    const result = await executeOperation(operations.connectWithForm, { body }, owner);
    return { status: 200, connection: result.connection, text: JSON.stringify(result) };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return {
      status: errorCodes[error.code].status,
      code: error.code,
      error: error.message,
      issues: error.details.issues as { path: string; message: string }[] | undefined,
      text: JSON.stringify({ error: error.message, code: error.code }),
    };
  }
}

export const minutes = (count: number) => count * 60_000;
export const later = (ms: number) => new Date(Date.now() + ms);

/**
 * The calls a publishing suite makes as its founder, each answer kept in `responses` (to look
 * for secrets in): the REST call, the job engine run at the test's clock, an item as the board
 * reads it, approve-then-publish-now, and the project's connection of a network.
 */
export function publishingCalls<Item extends { id: string }>(
  current: () => { app: TestApp; key: string; projectId: string },
  responses: string[],
) {
  const call: Call = async (method, path, body) => {
    const { app, key } = current();
    const response = await app.request(method, path, { key, body });
    responses.push(response.text);
    return response;
  };
  return {
    call,
    tick: (at: Date) => runDueJobs(current().app.db, { now: () => at }),
    async getItem(itemId: string): Promise<Item> {
      const cycles = (await call("GET", `/api/v1/projects/${current().projectId}/growth/cycles`)).json.cycles;
      return cycles.flatMap((cycle: { items: Item[] }) => cycle.items).find((item: Item) => item.id === itemId);
    },
    /** Approves the item (with its network's options, if any: they give it the account and a time) and asks to publish it now. */
    async publishNow(itemId: string, publishOptions?: Record<string, unknown>) {
      const approved = await call("PATCH", `/api/v1/growth/items/${itemId}`, {
        status: "approved",
        ...(publishOptions && { publishOptions }),
      });
      expect(approved.status, approved.text).toBe(200);
      expect(approved.json.item.publication).toMatchObject({ status: "scheduled", connectionId: expect.any(String) });
      expect((await call("POST", `/api/v1/growth/items/${itemId}/publish`)).status).toBe(202);
    },
    async connectionOf(network: Network) {
      const { app, projectId } = current();
      const [connection] = await app.db
        .select()
        .from(connections)
        .where(and(eq(connections.network, network), eq(connections.projectId, projectId)));
      return connection!;
    },
  };
}
