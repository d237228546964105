import { getDatabase } from "@/lib/db";
import { formOf, oauthEndpoint, oauthJson, preflight } from "@/lib/http/oauth/endpoint";
import { revokeByToken } from "@/lib/services/oauth/revoke-by-token";

export const dynamic = "force-dynamic";

/** RFC 7009: a public client revokes its access or refresh token, and with it the grant. */
export function POST(request: Request) {
  return oauthEndpoint(request, null, async ({ text }) => {
    const form = formOf(request, text);
    if (!(form instanceof URLSearchParams)) return oauthJson(form);
    const token = form.get("token");
    const clientId = form.get("client_id");
    if (!token)
      return oauthJson({ status: 400, body: { error: "invalid_request", error_description: "Missing parameter: token." } });
    if (!clientId)
      return oauthJson({
        status: 401,
        body: { error: "invalid_client", error_description: "Public clients send their client_id." },
      });
    await revokeByToken(await getDatabase(), { token, clientId, now: new Date() });
    return oauthJson({ status: 200, body: {} });
  });
}
export const OPTIONS = preflight;
