import { config } from "@/lib/config";
import { allScopes } from "@/lib/schemas/oauth-scopes";

/** The embedded authorization server's issuer: the app's own URL (RFC 8414). */
export const issuer = () => config().appUrl;
/** The one protected resource tokens are issued for (RFC 8707): the MCP server. */
export const mcpResource = () => `${config().appUrl}/api/mcp`;
/** Where the MCP server's protected resource metadata lives (RFC 9728, path-aware form). */
export const mcpResourceMetadataUrl = () => `${config().appUrl}/.well-known/oauth-protected-resource/api/mcp`;

export const oauthEndpoints = () => {
  const base = config().appUrl;
  return {
    authorization: `${base}/oauth/authorize`,
    token: `${base}/oauth/token`,
    registration: `${base}/oauth/register`,
    revocation: `${base}/oauth/revoke`,
  };
};

/** RFC 9728: the MCP server as a protected resource. */
export function protectedResourceMetadata() {
  return {
    resource: mcpResource(),
    authorization_servers: [issuer()],
    scopes_supported: allScopes,
    bearer_methods_supported: ["header"],
    resource_name: "Launchloop",
    resource_documentation: `${config().appUrl}/docs`,
  };
}

/** RFC 8414: the embedded authorization server. */
export function authorizationServerMetadata() {
  const endpoints = oauthEndpoints();
  return {
    issuer: issuer(),
    authorization_endpoint: endpoints.authorization,
    token_endpoint: endpoints.token,
    registration_endpoint: endpoints.registration,
    revocation_endpoint: endpoints.revocation,
    scopes_supported: allScopes,
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    token_endpoint_auth_methods_supported: ["none"],
    revocation_endpoint_auth_methods_supported: ["none"],
    code_challenge_methods_supported: ["S256"],
    client_id_metadata_document_supported: true,
    authorization_response_iss_parameter_supported: true,
    service_documentation: `${config().appUrl}/docs`,
  };
}
