import { hasMalformedEscape, malformedPathError } from "@/lib/http/malformed-path";
import { errorResponse, newResponseHeaders } from "@/lib/http/responses";

/**
 * Runs before routing, for API paths only: Next.js would fail to decode a malformed
 * escape into route parameters and answer a bare 500 text, so such a path gets the 400
 * envelope (with a request id) here.
 */
export function proxy(request: Request) {
  if (hasMalformedEscape(new URL(request.url).pathname)) return errorResponse(malformedPathError(), newResponseHeaders());
  return undefined;
}

export const config = { matcher: ["/api/:path*"] };
