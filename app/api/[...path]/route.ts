import { AppError } from "@/lib/errors";
import { errorResponse, newResponseHeaders } from "@/lib/http/responses";

export const dynamic = "force-dynamic";

/** Any /api path no route serves: the 404 envelope instead of the HTML page. */
function notFound(request: Request) {
  const pathname = new URL(request.url).pathname;
  return errorResponse(
    new AppError("not_found", `No endpoint at ${pathname}. The endpoint list is at /api/v1/openapi.json.`),
    newResponseHeaders(),
  );
}

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
