import { z } from "zod";
import { allScopes } from "@/lib/schemas/oauth-scopes";

const text = z.string().max(2_000);

export const connectedAppSchema = z.object({
  id: z.uuid(),
  clientName: z.string(),
  clientId: z.string(),
  redirectHost: z.string(),
  scopes: z.array(z.enum(allScopes as [string, ...string[]])),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});

export const connectedAppListResponse = z.object({ apps: z.array(connectedAppSchema) });
export const connectedAppParams = z.strictObject({ grantId: z.uuid() });
export const revokedConnectedAppResponse = z.object({ revoked: z.literal(true), id: z.uuid() });

/** The founder's answer on the consent page, with the authorization request it answers. */
export const authorizationDecisionRequest = z.strictObject({
  decision: z.enum(["allow", "deny"]),
  client_id: text,
  redirect_uri: text,
  response_type: text.optional(),
  scope: text.optional(),
  state: text.optional(),
  code_challenge: text.optional(),
  code_challenge_method: text.optional(),
  resource: text.optional(),
});

export const authorizationDecisionResponse = z.object({ redirectTo: z.string() });
