import { createHash, randomBytes } from "node:crypto";

/** A PKCE pair (RFC 7636, S256). */
export function pkcePair() {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

/** An application/x-www-form-urlencoded POST body. */
export const form = (values: Record<string, string>) => ({
  body: new URLSearchParams(values).toString(),
  headers: { "content-type": "application/x-www-form-urlencoded" },
});

/** A JSON-RPC request to an MCP server. */
export const rpc = (method: string, params: Record<string, unknown> = {}, id = 1) => ({ jsonrpc: "2.0", id, method, params });

export const initializeParams = {
  protocolVersion: "2025-06-18",
  capabilities: {},
  clientInfo: { name: "oauth-test", version: "1.0.0" },
};
