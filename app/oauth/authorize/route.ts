import { consentPath } from "@/lib/http/oauth/consent-path";

export const dynamic = "force-dynamic";

/** The authorization endpoint: the consent page checks the request, signs the founder in if needed and asks. */
export function GET(request: Request) {
  const url = new URL(request.url);
  return new Response(null, { status: 303, headers: { Location: consentPath(url.searchParams), "Cache-Control": "no-store" } });
}
