import { AppError } from "@/lib/errors";
import type { RestOperation } from "@/lib/operations/operation";
import { handleOperation } from "./handle";
import { hasMalformedEscape, malformedPathError } from "./malformed-path";
import { errorResponse, newResponseHeaders } from "./responses";

/** One path of the route table and the operation of each method at it. */
interface CompiledPath {
  pattern: RegExp;
  paramNames: string[];
  byMethod: Map<string, RestOperation>;
}

function compile(path: string): CompiledPath {
  const paramNames: string[] = [];
  const source = path
    .split("/")
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      if (!param) return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      paramNames.push(param[1]!);
      return "([^/]+)";
    })
    .join("/");
  return { pattern: new RegExp(`^${source}$`), paramNames, byMethod: new Map() };
}

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
  // matches wins whatever the method: /keys/bootstrap is never /keys/{keyId}.
  const table = [...paths.values()].sort((a, b) => a.paramNames.length - b.paramNames.length);

  return async function dispatch(request: Request): Promise<Response> {
    const pathname = new URL(request.url).pathname.replace(/(.)\/+$/, "$1");
    if (hasMalformedEscape(pathname)) return errorResponse(malformedPathError(), newResponseHeaders());
    const method = request.method === "HEAD" ? "GET" : request.method;
    let path: CompiledPath | undefined;
    let match: RegExpExecArray | null = null;
    for (const candidate of table) {
      match = candidate.pattern.exec(pathname);
      if (match) {
        path = candidate;
        break;
      }
    }

    if (!path || !match) {
      return errorResponse(
        new AppError("not_found", `No endpoint at ${pathname}. The endpoint list is at /api/v1/openapi.json.`),
        newResponseHeaders(),
      );
    }
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
    path.paramNames.forEach((name, index) => {
      params[name] = decodeURIComponent(match[index + 1]!);
    });
    return handleOperation(operation, request, params);
  };
}
