import { type NextRequest, NextResponse } from "next/server";
import { config as appConfig } from "@/lib/config";
import { AppError } from "@/lib/errors";
import { hasMalformedEscape, malformedPathError } from "@/lib/http/malformed-path";
import { requestedPathHeader } from "@/lib/http/requested-path";
import { errorResponse, newResponseHeaders } from "@/lib/http/responses";
import { commonSecurityHeaders, contentSecurityPolicy, newNonce } from "@/lib/security/headers";

/**
 * Route handlers outside /api that programs POST to without an Origin: the local checkout
 * (API clients) and the OAuth endpoints an assistant's client calls from its server.
 */
const postableWithoutOrigin = (pathname: string) =>
  pathname.startsWith("/billing/checkout/") || ["/oauth/token", "/oauth/register", "/oauth/revoke"].includes(pathname);

/**
 * Runs before routing. A malformed escape in any path gets the 400 envelope here (Next.js
 * would answer a bare 500 text). Pages: a POST (a server action) without an Origin is
 * refused before it can change anything, and each response gets a fresh CSP nonce (Next.js
 * reads it from the request's CSP header and puts it on its scripts). Every response gets
 * nosniff, a referrer policy and, over https, HSTS.
 */
export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  const https = appConfig().appUrl.startsWith("https:");
  const common = commonSecurityHeaders({ https });
  // Any path: Next.js answers a malformed escape with a bare 500.
  if (hasMalformedEscape(pathname)) return withHeaders(errorResponse(malformedPathError(), newResponseHeaders()), common);
  if (pathname.startsWith("/api/")) return withHeaders(NextResponse.next(), common);
  if (request.method === "POST" && !postableWithoutOrigin(pathname)) {
    const origin = request.headers.get("origin");
    if (!origin || origin === "null") {
      const refused = new AppError(
        "forbidden",
        "A form or server action request without an Origin header is refused; nothing was changed.",
      );
      return withHeaders(errorResponse(refused, newResponseHeaders()), common);
    }
  }
  const nonce = newNonce();
  const policy = contentSecurityPolicy(nonce, { https, development: process.env.NODE_ENV === "development" });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("Content-Security-Policy", policy);
  requestHeaders.set("x-nonce", nonce);
  // The page asked for, so a signed-out visit can come back to it after signing in (always ours, never the client's).
  requestHeaders.set(requestedPathHeader, `${pathname}${request.nextUrl.search}`);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", policy);
  response.headers.set("X-Frame-Options", "DENY");
  return withHeaders(response, common);
}

function withHeaders<T extends Response>(response: T, headers: Record<string, string>): T {
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

export const config = {
  // Everything but Next's own static files.
  matcher: ["/((?!_next/static|_next/image|favicon.ico).*)"],
};
