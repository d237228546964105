import { getDatabase } from "@/lib/db";
import { formOf, oauthEndpoint, oauthJson, preflight } from "@/lib/http/oauth/endpoint";
import { exchangeToken } from "@/lib/oauth/server";

export const dynamic = "force-dynamic";

/** The token endpoint: authorization code with PKCE, and refresh tokens that rotate on use. */
export function POST(request: Request) {
  return oauthEndpoint(request, null, async ({ text }) => {
    const form = formOf(request, text);
    if (!(form instanceof URLSearchParams)) return oauthJson(form);
    return oauthJson(
      await exchangeToken(await getDatabase(), form, request.headers.get("content-type") ?? "", Buffer.byteLength(text)),
    );
  });
}
export const OPTIONS = preflight;
