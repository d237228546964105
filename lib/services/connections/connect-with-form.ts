import "server-only";
import { eq, ne, sql } from "drizzle-orm";
import type { ServiceContext } from "@/lib/core/context";
import { isUniqueViolation } from "@/lib/db/errors";
import { connections } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { parseFields } from "@/lib/networks/fields";
import { providerFor } from "@/lib/networks/registry";
import { sealSecrets } from "@/lib/networks/secrets";
import type { Network } from "@/lib/schemas/publishing";
import { getOwnedProject } from "../project-records";
import { ownedRow, ownedRows } from "../tenant";
import { connected } from "./connected";
import { refusedConnect } from "./refused";

/** Connecting an account again starts a new generation of its row: what a job loaded before no longer applies. */
export const nextGeneration = sql`${connections.generation} + 1`;

/**
 * Connects an account with what the founder typed (an app password, a key): the provider
 * checks it with the network, and its secrets are sealed. The same account connected again
 * (a new password, another server of its own, two tabs at once) keeps its row, and the items
 * on it, with the new secrets; its "disconnected" notice, if any, is resolved.
 */
export async function connectWithForm(
  ctx: ServiceContext,
  input: { projectId: string; network: Network; fields: Record<string, unknown> },
) {
  const provider = providerFor(input.network);
  if (provider.connect.kind !== "form")
    throw new AppError("invalid_request", `${provider.label} is connected through its own sign-in page, not a form.`);
  const form = provider.connect;
  await getOwnedProject(ctx.db, { accountId: ctx.account.id, projectId: input.projectId });
  const fields = parseFields(form, input.fields, "fields");
  const account = await form
    .connect(fields, { now: ctx.now })
    .catch((error) => refusedConnect(error, provider.label, { spec: form, prefix: "fields", values: fields }));
  const values = {
    status: "connected" as const,
    serviceUrl: account.serviceUrl,
    handle: account.handle,
    externalAccountId: account.externalAccountId,
    sealedSecrets: sealSecrets(account.secrets),
    statusReason: null,
    updatedAt: ctx.now,
  };
  for (let attempt = 1; ; attempt++) {
    // An account's id is its own across the network's servers (a DID), so the row is found by it alone.
    const [existing] = await ctx.db
      .select({ id: connections.id })
      .from(connections)
      .where(
        ownedRows(
          connections,
          ctx.account.id,
          eq(connections.projectId, input.projectId),
          eq(connections.network, input.network),
          eq(connections.externalAccountId, account.externalAccountId),
          ne(connections.status, "pending"),
        ),
      )
      .limit(1);
    try {
      const [row] = existing
        ? await ctx.db
            .update(connections)
            .set({ ...values, generation: nextGeneration })
            .where(ownedRow(connections, ctx.account.id, existing.id))
            .returning()
        : await ctx.db
            .insert(connections)
            .values({ ...values, accountId: ctx.account.id, projectId: input.projectId, network: input.network })
            .returning();
      if (row) return await connected(ctx, row);
    } catch (error) {
      // Two tabs at once: the other made the row; the next try takes it.
      if (attempt > 1 || !isUniqueViolation(error)) throw error;
    }
    if (attempt > 1)
      throw new AppError("connection_refused", "This connection was removed while it was being made. Connect again.");
  }
}
