import {
  authorizationDecisionRequest,
  authorizationDecisionResponse,
  connectedAppListResponse,
  connectedAppParams,
  revokedConnectedAppResponse,
} from "@/lib/schemas/oauth";
import { decideAuthorization } from "@/lib/services/oauth/decide-authorization";
import { listGrants } from "@/lib/services/oauth/list-grants";
import { revokeConnectedApp as revokeGrantOfAccount } from "@/lib/services/oauth/revoke-connected-app";
import { defineOperation } from "./operation";

// The OAuth grants a founder gives assistants, as operations of the browser face only:
// answering the consent page, listing and revoking connected apps.

export const answerAuthorization = defineOperation({
  id: "answerAuthorization",
  principals: ["session"],
  tag: "Dashboard",
  summary: "Allow or deny an app's request to use the account (the OAuth consent)",
  body: authorizationDecisionRequest,
  response: authorizationDecisionResponse,
  handler: ({ body }, ctx) => decideAuthorization(ctx, body),
});

export const listConnectedApps = defineOperation({
  id: "listConnectedApps",
  reads: true,
  principals: ["session"],
  tag: "Dashboard",
  summary: "The apps the founder connected through OAuth",
  response: connectedAppListResponse,
  handler: (_input, ctx) => listGrants(ctx),
});

export const revokeConnectedApp = defineOperation({
  id: "revokeConnectedApp",
  principals: ["session"],
  tag: "Dashboard",
  summary: "Revoke a connected app: its next call is refused",
  params: connectedAppParams,
  response: revokedConnectedAppResponse,
  handler: ({ params }, ctx) => revokeGrantOfAccount(ctx, { grantId: params.grantId }),
});
