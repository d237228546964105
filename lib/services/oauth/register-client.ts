import "server-only";
import type { Database } from "@/lib/db";
import { oauthClients } from "@/lib/db/schema";
import { clientMetadata, firstIssue } from "@/lib/schemas/oauth-clients";
import { randomToken } from "@/lib/security/hashing";

/** RFC 7591 registration error body. */
export class RegistrationProblem extends Error {
  constructor(
    readonly error: "invalid_redirect_uri" | "invalid_client_metadata",
    message: string,
  ) {
    super(message);
  }
}

/** Registers a public client (RFC 7591) and answers its registration. */
export async function registerClient(db: Database, { body, now }: { body: unknown; now: Date }) {
  const parsed = clientMetadata.safeParse(body);
  if (!parsed.success) {
    const redirectIssue = parsed.error.issues.some((issue) => issue.path[0] === "redirect_uris");
    throw new RegistrationProblem(redirectIssue ? "invalid_redirect_uri" : "invalid_client_metadata", firstIssue(parsed.error));
  }
  const metadata = parsed.data;
  const id = `llc_${randomToken(18)}`;
  const name = metadata.client_name ?? "Unnamed app";
  await db.insert(oauthClients).values({ id, kind: "registered", name, redirectUris: metadata.redirect_uris, createdAt: now });
  return {
    client_id: id,
    client_id_issued_at: Math.floor(now.getTime() / 1000),
    client_name: name,
    redirect_uris: metadata.redirect_uris,
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
    token_endpoint_auth_method: "none",
    ...(metadata.scope && { scope: metadata.scope }),
  };
}
