import "server-only";
import type { ActionResult } from "@/lib/actions/run-operation";
import type { FileResult } from "@/lib/core/file-result";
import { type ErrorCode, errorCodes } from "@/lib/errors";
import { isStreamed, responseBody } from "@/lib/http/server-sent-events";

/** A file operation's result for the browser: the file (an attachment, or a stream as it comes), or the REST envelope with its status. */
export function sessionFileResponse(result: ActionResult<unknown>): Response {
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (!result.ok) {
    if (result.retryAfterSeconds) headers.set("Retry-After", String(result.retryAfterSeconds));
    return Response.json(result.error, { status: errorCodes[result.error.code as ErrorCode]?.status ?? 500, headers });
  }
  const file = result.data as FileResult;
  headers.set("Content-Type", file.contentType);
  if (isStreamed(file.body)) {
    headers.set("X-Accel-Buffering", "no");
    return new Response(responseBody(file.body), { status: 200, headers });
  }
  const asciiName = file.filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  headers.set(
    "Content-Disposition",
    `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
  );
  return new Response(file.body as BodyInit, { status: 200, headers });
}
