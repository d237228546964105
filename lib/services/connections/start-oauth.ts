import "server-only";
import { config } from "@/lib/config";
import type { ServiceContext } from "@/lib/core/context";
import { connections } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { parseFields } from "@/lib/networks/fields";
import { pkcePair } from "@/lib/networks/pkce";
import { providerFor } from "@/lib/networks/registry";
import { sealSecrets } from "@/lib/networks/secrets";
import type { Network } from "@/lib/schemas/publishing";
import { sha256Hex } from "@/lib/security/hashing";
import { getOwnedProject } from "../project-records";
import { refusedConnect } from "./refused";
import { serializeConnection } from "./serialize";

/** Where a network sends the founder back (the redirect URI to register in its developer app). */
export const oauthRedirectUri = (network: Network) => `${config().appUrl}/connections/${network}/callback`;

/**
 * Records a pending connection (the PKCE verifier and what the provider keeps until the code
 * comes back, sealed; the state's digest) and answers the network's authorize page.
 */
export async function startOAuthConnection(
  ctx: ServiceContext,
  input: { projectId: string; network: Network; instance?: Record<string, unknown> },
) {
  await getOwnedProject(ctx.db, { accountId: ctx.account.id, projectId: input.projectId });
  const provider = providerFor(input.network);
  const { connect } = provider;
  if (connect.kind !== "oauth")
    throw new AppError("invalid_request", `${provider.label} is connected with a form in project settings.`);
  if (!connect.configured())
    throw new AppError(
      "invalid_request",
      `${provider.label} publishing is not set up on this server: use Open in … and Copy on the week board.`,
    );
  const instance = connect.instanceStep ? parseFields(connect.instanceStep, input.instance, "instance") : undefined;
  const state = crypto.randomUUID() + crypto.randomUUID();
  const pkce = pkcePair();
  const pending = await connect
    .authorizeUrl({
      instance,
      redirectUri: oauthRedirectUri(input.network),
      state,
      codeChallenge: pkce.challenge,
      now: ctx.now,
    })
    .catch((error) =>
      refusedConnect(
        error,
        provider.label,
        connect.instanceStep && instance ? { spec: connect.instanceStep, prefix: "instance", values: instance } : undefined,
      ),
    );
  const [row] = await ctx.db
    .insert(connections)
    .values({
      accountId: ctx.account.id,
      projectId: input.projectId,
      network: input.network,
      status: "pending",
      serviceUrl: pending.serviceUrl,
      sealedSecrets: sealSecrets({ ...pending.secrets, codeVerifier: pkce.verifier }),
      stateDigest: sha256Hex(state),
    })
    .returning();
  return { authorizeUrl: pending.authorizeUrl, connection: serializeConnection(row!) };
}
