import { AppError } from "@/lib/errors";
import type { RestOperation } from "@/lib/operations/operation";
import { handleOperation } from "./handle";
import { hasMalformedEscape, malformedPathError } from "./malformed-path";
import { errorResponse, newResponseHeaders } from "./responses";

interface CompiledRoute {
  operation: RestOperation;
  pattern: RegExp;
  paramNames: string[];
}

function compile(operation: RestOperation): CompiledRoute {
  const paramNames: string[] = [];
  const source = operation.rest.path
    .split("/")
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      if (!param) return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      paramNames.push(param[1]!);
      return "([^/]+)";
    })
    .join("/");
  return { operation, pattern: new RegExp(`^${source}$`), paramNames };
}

/**
 * Routes a request to its declared operation: the operations are the route table, so
 * paths cannot drift from the OpenAPI document. Unknown paths are 404 JSON and known
 * paths with another method 405 JSON, both with the error envelope.
 */
export function createRouter(operations: readonly RestOperation[]) {
  // Static segments win over parameters: fewer parameters first.
  const routes = operations.map(compile).sort((a, b) => a.paramNames.length - b.paramNames.length);

  return async function dispatch(request: Request): Promise<Response> {
    const pathname = new URL(request.url).pathname.replace(/(.)\/+$/, "$1");
    if (hasMalformedEscape(pathname)) return errorResponse(malformedPathError(), newResponseHeaders());
    const method = request.method === "HEAD" ? "GET" : request.method;
    const matching = routes
      .map((route) => ({ route, match: route.pattern.exec(pathname) }))
      .filter((candidate) => candidate.match);
    // The most specific path wins whatever the method: /keys/bootstrap is never /keys/{keyId}.
    const candidates = matching.filter(
      (candidate) => candidate.route.operation.rest.path === matching[0]?.route.operation.rest.path,
    );

    if (candidates.length === 0) {
      return errorResponse(
        new AppError("not_found", `No endpoint at ${pathname}. The endpoint list is at /api/v1/openapi.json.`),
        newResponseHeaders(),
      );
    }
    const chosen = candidates.find((candidate) => candidate.route.operation.rest.method === method);
    if (!chosen) {
      const allowed = [...new Set(candidates.map((candidate) => candidate.route.operation.rest.method))].join(", ");
      const headers = newResponseHeaders();
      headers.set("Allow", allowed);
      return errorResponse(
        new AppError("method_not_allowed", `${request.method} is not allowed here. Allowed: ${allowed}.`),
        headers,
      );
    }
    const params = Object.fromEntries(
      chosen.route.paramNames.map((name, index) => [name, decodeURIComponent(chosen.match![index + 1]!)]),
    );
    return handleOperation(chosen.route.operation, request, params);
  };
}
