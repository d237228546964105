import { eq, getTableColumns } from "drizzle-orm";
import { type PgColumn, PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { RequestContext, ServiceContext } from "@/lib/core/context";
import * as schema from "@/lib/db/schema";
import { operations } from "@/lib/operations";
import { executeOperation, type RawInput } from "@/lib/operations/execute";
import { type AnyOperation, admits, type CallerKind, isPublic, scopeOf } from "@/lib/operations/operation";
import { allScopes } from "@/lib/schemas/oauth-scopes";
import { addAlert, addBlueskyConnection } from "../support/accounts";
import { authenticatedJson } from "../support/calls";
import { codeOf as codeOfCall } from "../support/errors";
import { approvedFirstWeek } from "../support/pipeline";
import { setPlan } from "../support/plans";
import { createTestApp, type TestApp } from "../support/test-app";
import { onePixelPng, validInput } from "../support/valid-input";
import { addWebhookDelivery } from "../support/webhooks";

// Generated from the operation declarations, for EVERY operation (REST-bound or not) and
// every kind of caller, through the executor every face runs:
// - isolation: another account's caller, given the owner's ids, gets not_found (or the
//   401/403 of a caller the operation does not admit) and the owner's rows stay as they were;
// - bad input: unsafe text, a malformed path id and a body of the wrong type answer their
//   4xx codes, never a 5xx, and change nothing.

/** Every kind of caller. Adding a principal kind (OAuth) breaks the type check below until it is here. */
const callerKinds = ["none", "key", "session", "grant", "ingest", "reviewer"] as const;
const everyKindListed: [Exclude<CallerKind, (typeof callerKinds)[number]>] extends [never] ? true : false = true;

const all = Object.values(operations) as AnyOperation[];
// Deleting the stranger's own account goes last: the strangers call everything else first.
const ordered = [...all.filter((operation) => operation !== operations.deleteAccount), operations.deleteAccount as AnyOperation];

let app: TestApp;
let ownerAccountId: string;
const ids: Record<string, string> = {};
const strangers: Record<(typeof callerKinds)[number], RequestContext | ServiceContext> = {} as never;

async function contextOf(email: string, kind: (typeof callerKinds)[number]): Promise<RequestContext | ServiceContext> {
  const base = { requestId: crypto.randomUUID(), db: app.db, now: new Date(), clientIp: "203.0.113.77" };
  if (kind === "none") return base;
  const [account] = await app.db.select().from(schema.accounts).where(eq(schema.accounts.email, email));
  const principal =
    kind === "key"
      ? { kind, apiKeyId: crypto.randomUUID() }
      : kind === "grant"
        ? { kind, grantId: crypto.randomUUID(), scopes: allScopes }
        : kind === "ingest"
          ? // The stranger's own conversion key: of a project that is not the owner's.
            { kind, ingestKeyId: crypto.randomUUID(), projectId: crypto.randomUUID() }
          : kind === "reviewer"
            ? { kind, reviewLinkId: crypto.randomUUID(), approves: true }
            : { kind, sessionId: crypto.randomUUID() };
  return { ...base, account: account!, principal };
}

beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_PER_MINUTE: "1000000", WRITE_LIMIT_PER_HOUR: "1000000" });
  const founder = await app.signUpWithKey();
  await setPlan(app.db, founder.email, "pro");
  const call = authenticatedJson({ app, key: founder.key });
  Object.assign(ids, await approvedFirstWeek(app, founder.key));
  ids.key = (await call("GET", "/api/v1/keys")).keys[0].id;
  await call("POST", `/api/v1/projects/${ids.project}/growth/calendar-subscription`);

  const owner = (await contextOf(founder.email, "session")) as ServiceContext;
  ownerAccountId = owner.account.id;
  ids.linkId = (await executeOperation(operations.createShareLink, { params: { id: ids.project } }, owner)).link.id;
  ids.reviewLink = (await executeOperation(operations.createReviewLink, { params: { cycleId: ids.cycle } }, owner)).link.id;
  ids.packImage = (await executeOperation(operations.listPackImages, { params: { id: ids.project } }, owner)).images[0]!.id;
  // A connected app of the owner's (the OAuth flow itself is tested in oauth.test.ts).
  const [grant] = await app.db
    .insert(schema.oauthGrants)
    .values({
      accountId: ownerAccountId,
      clientId: "https://assistant.example/client.json",
      clientName: "An assistant",
      redirectUri: "https://assistant.example/callback",
      scopes: ["launchloop:read"],
      resource: "http://launchloop.test/api/mcp",
      activatedAt: new Date(),
    })
    .returning();
  ids.grant = grant!.id;
  await executeOperation(
    operations.uploadProjectLogo,
    { params: { id: ids.project }, body: { contentType: "image/png", data: onePixelPng } },
    owner,
  );
  ids.image = (
    await executeOperation(
      operations.uploadItemImage,
      { params: { itemId: ids.growthItem }, body: { contentType: "image/png", data: onePixelPng, alt: "A dot" } },
      owner,
    )
  ).image.id;
  await executeOperation(operations.saveOnboardingDraft, { body: { step: 1, answers: { name: "Owner's draft" } } }, owner);
  ids.connection = (await addBlueskyConnection(app.db, { accountId: owner.account.id, projectId: ids.project })).id;
  ids.alert = (await addAlert(app.db, { accountId: owner.account.id, projectId: ids.project })).id;
  ids.trackedLink = (
    await executeOperation(
      operations.createLink,
      { params: { id: ids.project }, body: { destination: "https://owner.example/" } },
      owner,
    )
  ).link.id;
  ids.ingestKey = (
    await executeOperation(operations.createIngestKey, { params: { id: ids.project }, body: { kind: "secret" } }, owner)
  ).ingestKey.id;
  const webhook = await addWebhookDelivery(app.db, { accountId: owner.account.id, projectId: ids.project });
  [ids.webhookEndpoint, ids.webhookDelivery] = [webhook.endpointId, webhook.deliveryId];

  const other = await app.signUpWithKey();
  await setPlan(app.db, other.email, "pro");
  for (const kind of callerKinds) strangers[kind] = await contextOf(other.email, kind);
}, 180_000);
afterAll(() => app.close());

/** Every row the owner's account holds, in every table that has an account. */
async function ownerState() {
  const tables = (Object.values(schema) as unknown[]).filter(
    (table): table is PgTable => table instanceof PgTable && "accountId" in getTableColumns(table),
  );
  const rows = await Promise.all(
    tables.map((table) =>
      app.db
        .select()
        .from(table)
        .where(eq((getTableColumns(table) as unknown as { accountId: PgColumn }).accountId, ownerAccountId)),
    ),
  );
  const [account] = await app.db.select().from(schema.accounts).where(eq(schema.accounts.id, ownerAccountId));
  return JSON.stringify([account, ...rows.map((list) => list.map((row) => JSON.stringify(row)).sort())]);
}

/** The owner's id for a path parameter or an id field; a capability token (share link, calendar URL) is never guessed. */
function ownerIdFor(name: string, operation: AnyOperation): string {
  const byName: Record<string, string | undefined> = {
    id: ids.project,
    projectId: ids.project,
    runId: ids.run,
    cycleId: ids.cycle,
    taskId: ids.task,
    keyId: operation.id === "revokeIngestKey" ? ids.ingestKey : ids.key,
    linkId: operation.id === "updateLink" ? ids.trackedLink : operation.id === "revokeReviewLink" ? ids.reviewLink : ids.linkId,
    grantId: ids.grant,
    itemId: operation.id.toLowerCase().includes("content") ? ids.contentItem : ids.growthItem,
    token: `llcal_${"x".repeat(40)}`,
    connectionId: ids.connection,
    imageId: ids.image,
    alertId: ids.alert,
    endpointId: ids.webhookEndpoint,
    deliveryId: ids.webhookDelivery,
    packImageId: ids.packImage,
    kind: "open-graph",
  };
  const id = byName[name];
  if (!id) throw new Error(`no owner id for ${name} in ${operation.id}`);
  return id;
}

const idFieldsOf = (schema: z.ZodType | undefined) =>
  schema instanceof z.ZodObject
    ? Object.entries(schema.shape as Record<string, z.ZodType>)
        .filter(([, field]) => field instanceof z.ZodUUID)
        .map(([name]) => name)
    : [];
const paramNamesOf = (operation: AnyOperation) =>
  operation.params instanceof z.ZodObject ? Object.keys(operation.params.shape) : [];
const takesIds = (operation: AnyOperation) =>
  paramNamesOf(operation).length + idFieldsOf(operation.body).length + idFieldsOf(operation.query).length > 0;

function ownerInput(operation: AnyOperation): RawInput {
  const fill = (names: string[]) => Object.fromEntries(names.map((name) => [name, ownerIdFor(name, operation)]));
  const input = validInput[operation.id] ?? {};
  return {
    params: fill(paramNamesOf(operation)),
    body: operation.body ? { ...(input.body as object), ...fill(idFieldsOf(operation.body)) } : undefined,
    query: operation.query ? { ...(input.query as object), ...fill(idFieldsOf(operation.query)) } : undefined,
  };
}

const codeOf = (operation: AnyOperation, raw: RawInput, kind: (typeof callerKinds)[number]) =>
  codeOfCall(executeOperation(operation, raw, { ...strangers[kind], requestId: crypto.randomUUID(), now: new Date() }));

/** What a caller the operation does not admit gets, before any input is looked at. */
const refusalFor = (operation: AnyOperation, kind: (typeof callerKinds)[number]) =>
  isPublic(operation) || admits(operation, kind)
    ? undefined
    : kind === "none"
      ? "unauthorized"
      : kind === "grant" && scopeOf(operation) === "never" && admits(operation, "key")
        ? "insufficient_scope"
        : "forbidden";

const cases = ordered.flatMap((operation) => callerKinds.map((kind) => [operation.id, kind, operation] as const));

describe("every operation, for every kind of caller (generated)", () => {
  it("covers every declared operation and every kind of caller", () => {
    expect(everyKindListed).toBe(true);
    console.log(
      `generated isolation and bad-input tests: ${new Set(cases.map(([id]) => id)).size} operations × ${callerKinds.length} caller kinds; operations declared: ${all.length}`,
    );
    expect(new Set(cases.map(([id]) => id)).size).toBe(Object.keys(operations).length);
  });

  it.each(cases)("isolation: %s called by another account's %s caller", async (_id, kind, operation) => {
    const before = await ownerState();
    const code = await codeOf(operation, ownerInput(operation), kind);
    const refusal = refusalFor(operation, kind);
    if (refusal) expect(code).toBe(refusal);
    // A public operation with a capability in its body (a publishable key) refuses a made-up one as unauthorized.
    else if (isPublic(operation)) expect(code).toMatch(/^(ok|not_found|invalid_token|invalid_request|unauthorized)$/);
    else if (takesIds(operation)) expect(code).toBe("not_found");
    else expect(code).not.toMatch(/^(unexpected|internal_error)/);
    expect(await ownerState()).toBe(before);
  });

  it.each(cases)("bad input: %s called by a %s caller", async (_id, kind, operation) => {
    const before = await ownerState();
    const refusal = refusalFor(operation, kind);
    const valid = ownerInput(operation);
    // Unsafe text is refused by the executor before anything else, whoever calls and whatever the schema.
    expect(await codeOf(operation, { ...valid, query: { ...(valid.query as object), note: "a\u0000b" } }, kind)).toBe(
      "invalid_request",
    );
    expect(await codeOf(operation, { ...valid, body: { ...(valid.body as object), note: "a\ud800b" } }, kind)).toBe(
      "invalid_request",
    );
    if (operation.params) {
      const malformed = Object.fromEntries(paramNamesOf(operation).map((name) => [name, "not-an-id%00"]));
      expect(await codeOf(operation, { ...valid, params: malformed }, kind)).toBe(refusal ?? "invalid_request");
    }
    if (operation.body) expect(await codeOf(operation, { ...valid, body: 42 }, kind)).toBe(refusal ?? "invalid_request");
    expect(await ownerState()).toBe(before);
  });
});
