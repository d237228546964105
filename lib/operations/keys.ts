import { createdKeyResponse, createKeyRequest, keyListResponse, keyParams, keyResponse } from "@/lib/schemas/keys";
import * as keys from "@/lib/services/keys";
import { defineOperation } from "./operation";

export const listKeys = defineOperation({
  id: "listKeys",
  rest: { method: "GET", path: "/api/v1/keys" },
  tag: "Account",
  summary: "List your API keys",
  // API keys are the founder's own: no connected app sees or manages them.
  scope: "never",
  description: "The account's active keys: name, prefix, creation and last use. Secrets are never shown again after creation.",
  response: keyListResponse,
  tool: {
    name: "keys_list",
    title: "List API keys",
    description:
      "Lists the account's active API keys (name, prefix, created, last used) to find one to revoke. Secrets are never shown.",
    readOnly: true,
    idempotent: true,
  },
  handler: (_input, ctx) => keys.listKeys(ctx),
});

export const revokeKey = defineOperation({
  id: "revokeKey",
  rest: { method: "DELETE", path: "/api/v1/keys/{keyId}" },
  tag: "Account",
  summary: "Revoke an API key",
  scope: "never",
  description:
    "Revokes one of the account's keys, the calling key included; it answers 401 from the next request on. Revoking a revoked key changes nothing.",
  params: keyParams,
  response: keyResponse,
  tool: {
    name: "keys_revoke",
    title: "Revoke an API key",
    description:
      "Revokes an API key of this account by id (see keys_list), for example one that leaked. It stops working at once; revoking the key this client uses ends this connection's access.",
    destructive: true,
    idempotent: true,
  },
  handler: ({ params }, ctx) => keys.revokeKey(ctx, { keyId: params.keyId }),
});

/** Creating keys stays with the browser (and the signup bootstrap): an API key cannot mint more keys. */
export const createKey = defineOperation({
  id: "createKey",
  principals: ["session"],
  tag: "Account",
  summary: "Create an API key (signed-in browser only)",
  body: createKeyRequest,
  status: 201,
  response: createdKeyResponse,
  handler: ({ body }, ctx) => keys.createKey(ctx, body),
});
