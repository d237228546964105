import "server-only";
import { eq, ne } from "drizzle-orm";
import type { ServiceContext } from "@/lib/core/context";
import { isUniqueViolation } from "@/lib/db/errors";
import { connections } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { providerFor } from "@/lib/networks/registry";
import { openSecrets, sealSecrets } from "@/lib/networks/secrets";
import type { Network } from "@/lib/schemas/publishing";
import { sha256Hex } from "@/lib/security/hashing";
import { ownedRow, ownedRows } from "../tenant";
import { nextGeneration } from "./connect-with-form";
import { connected } from "./connected";
import { refusedConnect } from "./refused";
import type { ConnectionRecord } from "./serialize";
import { oauthRedirectUri } from "./start-oauth";

/** Uses up a pending connection's state (once, by the account that started it) and answers the connection. */
async function claimPendingConnection(
  ctx: ServiceContext,
  { state, network, label }: { state: string; network: Network; label: string },
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

/**
 * The network sent the founder back: the state is used up (once, by its owner), the code
 * becomes tokens, kept sealed. The same account connected again keeps its row (and the items
 * on it) with the new tokens, and its "disconnected" notice is resolved; a refused code forgets
 * the pending connection.
 */
export async function finishOAuthConnection(ctx: ServiceContext, input: { network: Network; state: string; code: string }) {
  const provider = providerFor(input.network);
  const pending = await claimPendingConnection(ctx, { state: input.state, network: input.network, label: provider.label });
  const forget = () =>
    ctx.db.delete(connections).where(ownedRow(connections, ctx.account.id, pending.id, eq(connections.status, "pending")));
  const { connect } = provider;
  if (connect.kind !== "oauth" || !connect.configured()) {
    await forget();
    throw new AppError("invalid_request", `${provider.label} publishing is not set up on this server.`);
  }
  try {
    const account = await connect.exchange({
      code: input.code,
      redirectUri: oauthRedirectUri(input.network),
      serviceUrl: pending.serviceUrl,
      secrets: openSecrets(pending.sealedSecrets),
      now: ctx.now,
    });
    const row = await settleConnection(ctx, {
      pending,
      values: {
        status: "connected",
        serviceUrl: account.serviceUrl,
        handle: account.handle,
        externalAccountId: account.externalAccountId,
        sealedSecrets: sealSecrets(account.secrets),
        statusReason: null,
        updatedAt: ctx.now,
      },
    });
    return await connected(ctx, row);
  } catch (error) {
    await forget();
    refusedConnect(error, provider.label);
  }
}
