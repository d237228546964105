import type { NextRequest } from "next/server";
import { AppError } from "@/lib/errors";
import type { RestOperation } from "@/lib/operations/operation";
import { handleOperation } from "./handle";
import { hasMalformedEscape, malformedPathError } from "./malformed-path";
import { errorResponse, newResponseHeaders } from "./responses";

/** A preflight: the path's methods, and leave to call them from any page where its operations say so. */
function preflight(path: CompiledPath): Response {
  const methods = [...path.byMethod.keys()];
  const headers = newResponseHeaders();
  headers.set("Allow", [...methods, "OPTIONS"].join(", "));
  const cors = [...path.byMethod].filter(([, operation]) => operation.cors).map(([method]) => method);
  if (cors.length > 0) {
    headers.set("Access-Control-Allow-Origin", "*");
    headers.set("Access-Control-Allow-Methods", [...cors, "OPTIONS"].join(", "));
    headers.set("Access-Control-Allow-Headers", "Content-Type");
    headers.set("Access-Control-Max-Age", "86400");
  }
  return new Response(null, { status: 204, headers });
}

/** One path of the route table and the operation of each method at it. */
interface CompiledPath {
  /** Each segment: its literal text, or null for a parameter. */
  segments: (string | null)[];
  paramNames: string[];
  byMethod: Map<string, RestOperation>;
}

function compile(path: string): CompiledPath {
  const paramNames: string[] = [];
  const segments = path.split("/").map((segment) => {
    const param = /^\{(\w+)\}$/.exec(segment);
    if (!param) return segment;
    paramNames.push(param[1]!);
    return null;
  });
  return { segments, paramNames, byMethod: new Map() };
}

/** A parameter takes a whole non-empty segment; a literal, exactly its text. */
const matches = (path: CompiledPath, segments: string[]) =>
  path.segments.every((segment, index) => (segment === null ? segments[index] !== "" : segment === segments[index]));

/**
 * Routes a request to its declared operation: the operations are the route table, so
 * paths cannot drift from the OpenAPI document. Unknown paths are 404 JSON and known
 * paths with another method 405 JSON, both with the error envelope.
 */
export function createRouter(operations: readonly RestOperation[]) {
  const paths = new Map<string, CompiledPath>();
  for (const operation of operations) {
    const compiled = paths.get(operation.rest.path) ?? compile(operation.rest.path);
    compiled.byMethod.set(operation.rest.method, operation);
    paths.set(operation.rest.path, compiled);
  }
  // Static segments win over parameters: fewer parameters first. The first path that
  // matches wins whatever the method: /keys/bootstrap is never /keys/{keyId}. Paths
  // without parameters are found by their text, the others among those as long.
  const literal = new Map([...paths].filter(([, path]) => path.paramNames.length === 0));
  const bySegmentCount = new Map<number, CompiledPath[]>();
  for (const path of [...paths.values()].sort((a, b) => a.paramNames.length - b.paramNames.length)) {
    if (path.paramNames.length === 0) continue;
    bySegmentCount.set(path.segments.length, [...(bySegmentCount.get(path.segments.length) ?? []), path]);
  }

  return async function dispatch(request: Request): Promise<Response> {
    // Next.js hands route handlers a NextRequest, its URL already parsed.
    const url = "nextUrl" in request ? (request as NextRequest).nextUrl : new URL(request.url);
    const pathname = url.pathname.replace(/(.)\/+$/, "$1");
    if (hasMalformedEscape(pathname)) return errorResponse(malformedPathError(), newResponseHeaders());
    const method = request.method === "HEAD" ? "GET" : request.method;
    const segments = pathname.split("/");
    const path = literal.get(pathname) ?? bySegmentCount.get(segments.length)?.find((candidate) => matches(candidate, segments));

    if (!path) {
      return errorResponse(
        new AppError("not_found", `No endpoint at ${pathname}. The endpoint list is at /api/v1/openapi.json.`),
        newResponseHeaders(),
      );
    }
    if (method === "OPTIONS") return preflight(path);
    const operation = path.byMethod.get(method);
    if (!operation) {
      const allowed = [...path.byMethod.keys()].join(", ");
      const headers = newResponseHeaders();
      headers.set("Allow", allowed);
      return errorResponse(
        new AppError("method_not_allowed", `${request.method} is not allowed here. Allowed: ${allowed}.`),
        headers,
      );
    }
    const params: Record<string, string> = {};
    let param = 0;
    path.segments.forEach((segment, index) => {
      if (segment === null) params[path.paramNames[param++]!] = decodeURIComponent(segments[index]!);
    });
    return handleOperation(operation, request, params);
  };
}
