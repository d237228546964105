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

/**
 * A founder connects an app through the public OAuth surface: the app registers (RFC 7591),
 * the founder allows `scope` on the consent page (its server action's operation), and the
 * app exchanges the code with its PKCE verifier. Answers the tokens.
 */
export async function connectApp(
  owner: import("@/lib/core/context").ServiceContext,
  { base, scope, redirectUri = "http://127.0.0.1:8976/callback" }: { base: string; scope: string; redirectUri?: string },
) {
  const { POST: registerPost } = await import("@/app/oauth/register/route");
  const { POST: tokenPost } = await import("@/app/oauth/token/route");
  const { answerAuthorization } = await import("@/lib/operations/connected-apps");
  const { executeOperation } = await import("@/lib/operations/execute");
  const registered = await registerPost(
    new Request(`${base}/oauth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ client_name: "Scoped Assistant", redirect_uris: [redirectUri] }),
    }),
  );
  const clientId = ((await registered.json()) as { client_id: string }).client_id;
  const pkce = pkcePair();
  const { redirectTo } = await executeOperation(
    answerAuthorization,
    {
      body: {
        decision: "allow",
        client_id: clientId,
        redirect_uri: redirectUri,
        response_type: "code",
        code_challenge: pkce.challenge,
        code_challenge_method: "S256",
        scope,
      },
    },
    { ...owner, requestId: crypto.randomUUID(), now: new Date() },
  );
  const code = new URL(redirectTo).searchParams.get("code");
  if (!code) throw new Error(`no code: ${redirectTo}`);
  const exchanged = await tokenPost(
    new Request(`${base}/oauth/token`, {
      method: "POST",
      ...form({
        grant_type: "authorization_code",
        code,
        code_verifier: pkce.verifier,
        redirect_uri: redirectUri,
        client_id: clientId,
      }),
    }),
  );
  const body = (await exchanged.json()) as { access_token: string; refresh_token: string; scope: string };
  if (!body.access_token) throw new Error(`no token: ${JSON.stringify(body)}`);
  return { clientId, access: body.access_token, refresh: body.refresh_token, scope: body.scope };
}
