import "server-only";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import pLimit from "p-limit";
import type { z } from "zod";
import { config } from "@/lib/config";
import type { ServiceContext } from "@/lib/core/context";
import type { Database } from "@/lib/db";
import { databaseKind, postgresTransactionConnections } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { connections, growthItems, jobs } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { createBlueskySession, defaultPds } from "@/lib/networks/bluesky";
import { NetworkError } from "@/lib/networks/errors";
import { linkedinMember } from "@/lib/networks/linkedin";
import {
  exchangeMastodonCode,
  mastodonAuthorizeUrl,
  registerMastodonApp,
  revokeMastodonToken,
  verifyMastodonAccount,
} from "@/lib/networks/mastodon";
import {
  exchangeOAuthCode,
  isOAuthNetwork,
  type OAuthNetwork,
  oauthAuthorizeUrl,
  oauthClient,
  oauthNetworks,
  oauthSpecs,
  refreshOAuthTokens,
  revokeOAuthToken,
} from "@/lib/networks/oauth2";
import { pkcePair } from "@/lib/networks/pkce";
import { type ConnectionSecrets, openSecrets, sealSecrets } from "@/lib/networks/secrets";
import { verifyXAccount } from "@/lib/networks/x";
import type {
  blueskyConnectRequest,
  mastodonCallbackRequest,
  mastodonConnectRequest,
  Network,
  oauthCallbackRequest,
  oauthConnectRequest,
} from "@/lib/schemas/publishing";
import { sha256Hex } from "@/lib/security/hashing";
import { checkOutboundUrl, OutboundUrlError } from "@/lib/security/outbound-url";
import { getOwnedProject } from "./project-records";
import { ownedRow, ownedRows } from "./tenant";

export type ConnectionRecord = typeof connections.$inferSelect;

/** A connection as any face sees it: never its secrets. */
export const serializeConnection = (connection: ConnectionRecord) => ({
  id: connection.id,
  projectId: connection.projectId,
  network: connection.network,
  status: connection.status,
  handle: connection.handle,
  serviceUrl: connection.serviceUrl,
  statusReason: connection.statusReason,
  createdAt: connection.createdAt.toISOString(),
});

export const mastodonRedirectUri = () => `${config().appUrl}/connections/mastodon/callback`;
/** The redirect URI to register in the LinkedIn or X developer app. */
export const oauthRedirectUri = (network: OAuthNetwork) => `${config().appUrl}/connections/${network}/callback`;

function founderUrl(value: string | undefined, fallback: string): string {
  try {
    const url = checkOutboundUrl(value ?? fallback);
    return url.origin;
  } catch (error) {
    throw new AppError(
      "invalid_request",
      `That address cannot be used: ${error instanceof OutboundUrlError ? error.message : "not a URL"}.`,
    );
  }
}

/** The network's refusal as the founder's answer: credentials → 400, anything else → retry later. */
function refusedConnect(error: unknown, network: string): never {
  if (error instanceof NetworkError) {
    if (error.kind === "auth" || error.kind === "permanent")
      throw new AppError("connection_refused", `${network} refused: ${error.message.replace(/^[^:]*: /, "")}`);
    throw new AppError("provider_unavailable", `${network} did not answer (${error.message}). Try again in a moment.`);
  }
  throw error;
}

export async function listConnections(ctx: ServiceContext, input: { projectId: string }) {
  await getOwnedProject(ctx.db, { accountId: ctx.account.id, projectId: input.projectId });
  const rows = await ctx.db
    .select()
    .from(connections)
    .where(
      ownedRows(connections, ctx.account.id, eq(connections.projectId, input.projectId), sql`${connections.status} <> 'pending'`),
    )
    .orderBy(asc(connections.createdAt));
  return { connections: rows.map(serializeConnection) };
}

/** The networks a founder can connect on this server: LinkedIn and X only with their OAuth client configured. */
export const connectableNetworks = (): Network[] => [
  "bluesky",
  "mastodon",
  ...oauthNetworks.filter((network) => oauthClient(network)),
];

const oneRowPerBlueskyDid = [connections.projectId, connections.externalAccountId];
/** Connecting an account again starts a new generation of its row: what a job loaded before no longer applies. */
const nextGeneration = sql`${connections.generation} + 1`;
const knownBlueskyDid = sql`network = 'bluesky' and external_account_id is not null`;

/** Signs in to the founder's PDS with an app password; the session and the password are sealed. */
export async function connectBluesky(ctx: ServiceContext, input: z.infer<typeof blueskyConnectRequest>) {
  await getOwnedProject(ctx.db, { accountId: ctx.account.id, projectId: input.projectId });
  const serviceUrl = founderUrl(input.serviceUrl, defaultPds);
  const identifier = input.handle.trim().replace(/^@/, "");
  const session = await createBlueskySession(serviceUrl, identifier, input.appPassword).catch((error) =>
    refusedConnect(error, "Bluesky"),
  );
  const sealedSecrets = sealSecrets({
    appPassword: input.appPassword,
    accessJwt: session.accessJwt,
    refreshJwt: session.refreshJwt,
  });
  const values = {
    status: "connected" as const,
    serviceUrl,
    handle: session.handle,
    externalAccountId: session.did,
    sealedSecrets,
    statusReason: null,
    updatedAt: ctx.now,
  };
  // The same account connected again (a new app password, another server of its own, or two
  // tabs at once) replaces the row's secrets and server.
  const [row] = await ctx.db
    .insert(connections)
    .values({ ...values, accountId: ctx.account.id, projectId: input.projectId, network: "bluesky" })
    .onConflictDoUpdate({
      target: oneRowPerBlueskyDid,
      targetWhere: knownBlueskyDid,
      set: { ...values, generation: nextGeneration },
    })
    .returning();
  return { connection: serializeConnection(row!) };
}

/** Registers Launchloop on the instance and records a pending connection; the founder goes on to the instance's authorize page. */
export async function startMastodonConnection(ctx: ServiceContext, input: z.infer<typeof mastodonConnectRequest>) {
  await getOwnedProject(ctx.db, { accountId: ctx.account.id, projectId: input.projectId });
  const instanceUrl = founderUrl(input.instanceUrl, input.instanceUrl);
  const redirectUri = mastodonRedirectUri();
  const app = await registerMastodonApp(instanceUrl, redirectUri, config().appUrl).catch((error) =>
    refusedConnect(error, "Mastodon"),
  );
  const state = crypto.randomUUID() + crypto.randomUUID();
  const pkce = pkcePair();
  const [row] = await ctx.db
    .insert(connections)
    .values({
      accountId: ctx.account.id,
      projectId: input.projectId,
      network: "mastodon",
      status: "pending",
      serviceUrl: instanceUrl,
      sealedSecrets: sealSecrets({ clientId: app.clientId, clientSecret: app.clientSecret, codeVerifier: pkce.verifier }),
      stateDigest: sha256Hex(state),
    })
    .returning();
  const authorizeUrl = mastodonAuthorizeUrl(instanceUrl, {
    clientId: app.clientId,
    redirectUri,
    state,
    codeChallenge: pkce.challenge,
  });
  return { authorizeUrl, connection: serializeConnection(row!) };
}

/** Uses up a pending connection's state (once, by the account that started it) and answers the connection. */
async function claimPendingConnection(
  ctx: ServiceContext,
  { state, network, label }: { state: string; network: ConnectionRecord["network"]; label: string },
) {
  const [pending] = await ctx.db
    .update(connections)
    .set({ stateDigest: null, updatedAt: ctx.now })
    .where(
      ownedRows(
        connections,
        ctx.account.id,
        eq(connections.stateDigest, sha256Hex(state)),
        eq(connections.status, "pending"),
        eq(connections.network, network),
      ),
    )
    .returning();
  if (!pending)
    throw new AppError(
      "invalid_request",
      `This ${label} authorization is unknown or already used. Start connecting again from project settings.`,
    );
  return pending;
}

/**
 * A finished authorization becomes the project's one row for that network account: a row it
 * already has (connected again, or in two tabs) takes the new tokens, keeping the items
 * scheduled on it, and the pending row goes. Two callbacks racing meet at the unique index;
 * the loser finds the winner's row on its second try.
 */
async function settleConnection(
  ctx: ServiceContext,
  {
    pending,
    values,
  }: { pending: ConnectionRecord; values: Partial<ConnectionRecord> & { serviceUrl: string; externalAccountId: string } },
): Promise<ConnectionRecord> {
  for (let attempt = 1; ; attempt++) {
    const [existing] = await ctx.db
      .select({ id: connections.id })
      .from(connections)
      .where(
        ownedRows(
          connections,
          ctx.account.id,
          eq(connections.projectId, pending.projectId),
          eq(connections.network, pending.network),
          eq(connections.serviceUrl, values.serviceUrl),
          eq(connections.externalAccountId, values.externalAccountId),
          ne(connections.id, pending.id),
        ),
      );
    try {
      const [row] = await ctx.db
        .update(connections)
        .set({ ...values, generation: nextGeneration })
        .where(ownedRow(connections, ctx.account.id, existing?.id ?? pending.id))
        .returning();
      // Only once the existing row took the tokens: if it went meanwhile, the next try settles the pending row itself.
      if (existing && row)
        await ctx.db
          .delete(connections)
          .where(ownedRow(connections, ctx.account.id, pending.id, eq(connections.status, "pending")));
      if (row) return row;
    } catch (error) {
      if (attempt > 1 || !isUniqueViolation(error)) throw error;
    }
    if (attempt > 1)
      throw new AppError("connection_refused", "This connection was removed while it was being made. Connect again.");
  }
}

/** The instance sent the founder back: the code becomes a token (once: the state is used up), kept sealed. */
export async function finishMastodonConnection(ctx: ServiceContext, input: z.infer<typeof mastodonCallbackRequest>) {
  const pending = await claimPendingConnection(ctx, { state: input.state, network: "mastodon", label: "Mastodon" });
  const secrets = openSecrets(pending.sealedSecrets);
  try {
    const accessToken = await exchangeMastodonCode(pending.serviceUrl, {
      clientId: secrets.clientId!,
      clientSecret: secrets.clientSecret!,
      code: input.code,
      redirectUri: mastodonRedirectUri(),
      codeVerifier: secrets.codeVerifier!,
    });
    const account = await verifyMastodonAccount(pending.serviceUrl, accessToken);
    const host = new URL(pending.serviceUrl).host;
    const row = await settleConnection(ctx, {
      pending,
      values: {
        status: "connected",
        serviceUrl: pending.serviceUrl,
        handle: `@${account.acct.includes("@") ? account.acct : `${account.acct}@${host}`}`,
        externalAccountId: account.id,
        sealedSecrets: sealSecrets({ clientId: secrets.clientId, clientSecret: secrets.clientSecret, accessToken }),
        statusReason: null,
        updatedAt: ctx.now,
      },
    });
    return { connection: serializeConnection(row) };
  } catch (error) {
    await ctx.db.delete(connections).where(ownedRow(connections, ctx.account.id, pending.id, eq(connections.status, "pending")));
    refusedConnect(error, "Mastodon");
  }
}

/** Records a pending LinkedIn or X connection (the PKCE verifier sealed, the state's digest) and answers the network's authorize page. */
export async function startOAuthConnection(ctx: ServiceContext, input: z.infer<typeof oauthConnectRequest>) {
  await getOwnedProject(ctx.db, { accountId: ctx.account.id, projectId: input.projectId });
  const client = oauthClient(input.network);
  if (!client)
    throw new AppError(
      "invalid_request",
      `${oauthSpecs[input.network].label} publishing is not set up on this server: use Open in … and Copy on the week board.`,
    );
  const state = crypto.randomUUID() + crypto.randomUUID();
  const pkce = pkcePair();
  const [row] = await ctx.db
    .insert(connections)
    .values({
      accountId: ctx.account.id,
      projectId: input.projectId,
      network: input.network,
      status: "pending",
      serviceUrl: client.apiUrl,
      sealedSecrets: sealSecrets({ codeVerifier: pkce.verifier }),
      stateDigest: sha256Hex(state),
    })
    .returning();
  const authorizeUrl = oauthAuthorizeUrl(input.network, client, {
    redirectUri: oauthRedirectUri(input.network),
    state,
    codeChallenge: pkce.challenge,
  });
  return { authorizeUrl, connection: serializeConnection(row!) };
}

/**
 * LinkedIn or X sent the founder back: the state is used up (once, by its owner), the code
 * becomes access and refresh tokens, kept sealed. The same account connected again keeps
 * its row (and the items on it) with the new tokens.
 */
export async function finishOAuthConnection(ctx: ServiceContext, input: z.infer<typeof oauthCallbackRequest>) {
  const label = oauthSpecs[input.network].label;
  const pending = await claimPendingConnection(ctx, { state: input.state, network: input.network, label });
  const forget = () =>
    ctx.db.delete(connections).where(ownedRow(connections, ctx.account.id, pending.id, eq(connections.status, "pending")));
  const client = oauthClient(input.network);
  if (!client) {
    await forget();
    throw new AppError("invalid_request", `${label} publishing is not set up on this server.`);
  }
  try {
    const tokens = await exchangeOAuthCode(input.network, client, {
      code: input.code,
      redirectUri: oauthRedirectUri(input.network),
      codeVerifier: openSecrets(pending.sealedSecrets).codeVerifier,
      now: ctx.now,
    });
    const member =
      input.network === "x"
        ? await verifyXAccount(client.apiUrl, tokens.accessToken).then((user) => ({ id: user.id, handle: `@${user.username}` }))
        : await linkedinMember(client.apiUrl, tokens.accessToken).then((person) => ({ id: person.id, handle: person.name }));
    const row = await settleConnection(ctx, {
      pending,
      values: {
        status: "connected",
        serviceUrl: client.apiUrl,
        handle: member.handle,
        externalAccountId: member.id,
        sealedSecrets: sealSecrets(tokens),
        statusReason: null,
        updatedAt: ctx.now,
      },
    });
    return { connection: serializeConnection(row) };
  } catch (error) {
    await forget();
    refusedConnect(error, label);
  }
}

/**
 * Renews a LinkedIn or X connection's tokens once, whoever asks: under the row's lock, a
 * caller whose stale token was already replaced gets the replacement instead of spending the
 * (single-use, on X) refresh token again. A refused refresh token is `auth` (the caller
 * disconnects); a timeout or 5xx leaves the stored tokens as they were.
 */
export async function renewConnectionTokens(input: {
  db: Database;
  connection: Pick<ConnectionRecord, "id" | "accountId" | "network">;
  stale: ConnectionSecrets;
  now: Date;
}): Promise<ConnectionSecrets> {
  const { db, connection, stale, now } = input;
  if (!isOAuthNetwork(connection.network)) throw new NetworkError("permanent", `${connection.network} has no OAuth tokens`);
  const network = connection.network;
  const client = oauthClient(network);
  if (!client) throw new NetworkError("permanent", `${oauthSpecs[network].label} publishing is not set up on this server`);
  const renew = async (tx: Database) => {
    const [row] = await tx
      .select({ sealedSecrets: connections.sealedSecrets })
      .from(connections)
      .where(and(eq(connections.id, connection.id), eq(connections.accountId, connection.accountId)))
      .for("update");
    if (!row) throw new NetworkError("permanent", "The connection was removed");
    const current = openSecrets(row.sealedSecrets);
    if (current.accessToken && current.accessToken !== stale.accessToken) return current;
    if (!current.refreshToken)
      throw new NetworkError("auth", `${oauthSpecs[network].label}: the access has expired; reconnect the account`);
    const tokens = await refreshOAuthTokens(network, client, { refreshToken: current.refreshToken, now });
    const renewed: ConnectionSecrets = { ...current, ...tokens, refreshToken: tokens.refreshToken ?? current.refreshToken };
    await tx
      .update(connections)
      .set({ sealedSecrets: sealSecrets(renewed), updatedAt: now })
      .where(and(eq(connections.id, connection.id), eq(connections.accountId, connection.accountId)));
    return renewed;
  };
  // In this process renewals of one connection wait their turn in memory. The embedded
  // database has one session, which a transaction would hold whole across the token call, so
  // that turn is all it gets. On Postgres the row lock also keeps other instances in turn; it
  // holds a pooled connection across the token call (up to its timeout), so only a few
  // renewals run at once and a hanging token endpoint leaves the pool to other requests.
  return inTurn(connection.id, () => (databaseKind(db) === "pglite" ? renew(db) : renewalSlots(() => db.transaction(renew))));
}

/** Renewals holding a pooled database connection at once: a third of the pool. */
const renewalSlots = pLimit(Math.floor(postgresTransactionConnections / 3));

const renewals = new Map<string, Promise<unknown>>();

/** Runs `work` after every earlier call with the same key has settled. */
function inTurn<T>(key: string, work: () => Promise<T>): Promise<T> {
  const previous = renewals.get(key) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(work);
  renewals.set(key, next);
  void next.finally(() => renewals.get(key) === next && renewals.delete(key)).catch(() => undefined);
  return next;
}

const removedWhilePublishing =
  "The account was removed while this post was going out; any part already posted stays on the network.";

/** Forgets a connection and its secrets; items on it lose it and their queued publications are cancelled. */
export async function deleteConnection(ctx: ServiceContext, input: { connectionId: string }) {
  const [removed] = await ctx.db
    .delete(connections)
    .where(ownedRow(connections, ctx.account.id, input.connectionId))
    .returning();
  if (!removed) throw new AppError("not_found", "Connection not found.");
  // A post going out on it (or waiting to retry) fails with the reason rather than staying "publishing".
  const wasGoingOut = sql`${growthItems.publicationStatus} = 'publishing'`;
  const detached = await ctx.db
    .update(growthItems)
    .set({
      connectionId: null,
      scheduledAt: null,
      publicationStatus: sql`case when ${wasGoingOut} then 'failed' else ${growthItems.publicationStatus} end`,
      publicationError: sql`case when ${wasGoingOut} then ${removedWhilePublishing} else ${growthItems.publicationError} end`,
      updatedAt: ctx.now,
    })
    .where(
      ownedRows(
        growthItems,
        ctx.account.id,
        eq(growthItems.connectionId, removed.id),
        sql`${growthItems.publicationStatus} is distinct from 'published'`,
      ),
    )
    .returning({ id: growthItems.id });
  if (detached.length > 0) {
    await ctx.db
      .update(jobs)
      .set({ status: "cancelled", settledAt: ctx.now, updatedAt: ctx.now })
      .where(
        ownedRows(
          jobs,
          ctx.account.id,
          eq(jobs.status, "queued"),
          sql`${jobs.subjectId} = any(${sql.param(detached.map((item) => item.id))}::uuid[])`,
        ),
      );
  }
  const oauthNetwork = isOAuthNetwork(removed.network) ? removed.network : null;
  const client = oauthNetwork ? oauthClient(oauthNetwork) : undefined;
  if (oauthNetwork && client && removed.status !== "pending") {
    const token = openSecrets(removed.sealedSecrets).accessToken;
    if (token) ctx.waitUntil?.(revokeOAuthToken(oauthNetwork, client, token));
  }
  if (removed.network === "mastodon" && removed.status !== "pending") {
    const secrets = openSecrets(removed.sealedSecrets);
    if (secrets.accessToken && secrets.clientId && secrets.clientSecret) {
      ctx.waitUntil?.(
        revokeMastodonToken(removed.serviceUrl, {
          clientId: secrets.clientId,
          clientSecret: secrets.clientSecret,
          token: secrets.accessToken,
        }),
      );
    }
  }
  return { connection: serializeConnection(removed) };
}

type LoadedConnection = Pick<ConnectionRecord, "id" | "accountId" | "generation">;

/** The row as the job loaded it: a reconnect made meanwhile holds new credentials a job's news is not about. */
const sameConnection = (connection: LoadedConnection) =>
  and(
    eq(connections.id, connection.id),
    eq(connections.accountId, connection.accountId),
    eq(connections.generation, connection.generation),
  );

/** The network refused our credentials: the founder must reconnect. Never called for timeouts or 5xx. */
export async function markDisconnected(
  db: Database,
  { connection, reason, now }: { connection: LoadedConnection; reason: string; now: Date },
) {
  await db
    .update(connections)
    .set({ status: "disconnected", statusReason: reason.slice(0, 300), updatedAt: now })
    .where(and(sameConnection(connection), eq(connections.status, "connected")));
}

/** Keeps tokens the network renewed (a refreshed Bluesky session). */
export async function saveSecrets(
  db: Database,
  { connection, secrets, now }: { connection: LoadedConnection; secrets: ConnectionSecrets; now: Date },
) {
  await db
    .update(connections)
    .set({ sealedSecrets: sealSecrets(secrets), updatedAt: now })
    .where(sameConnection(connection));
}

/** OAuth authorizations never finished (the founder left the instance's page) are forgotten after an hour. */
export async function purgeAbandonedConnections(db: Database, now: Date) {
  await db
    .delete(connections)
    .where(
      and(
        eq(connections.status, "pending"),
        sql`${connections.createdAt} < ${new Date(now.getTime() - 3_600_000).toISOString()}::timestamptz`,
      ),
    );
}
