import type { FileResult } from "@/lib/core/file-result";
import { JsonText } from "@/lib/core/json-text";
import { asServiceError, describeError } from "@/lib/db/errors";
import { AppError, toErrorEnvelope } from "@/lib/errors";
import { isStreamed, responseBody } from "./server-sent-events";

/**
 * A JSON answer; one the handler sent as JSON text goes out as it is. The body is encoded
 * here: given a string, Response first copies it whole to make it well-formed (40 KB of
 * garbage for a 20 KB project read that is not all ASCII); `Buffer` encodes in one pass,
 * a lone surrogate as U+FFFD all the same.
 */
export function jsonResponse(body: unknown, status: number, headers: Headers): Response {
  headers.set("Content-Type", "application/json; charset=utf-8");
  const bytes = body instanceof JsonText ? body.bytes() : Buffer.from(JSON.stringify(body));
  return new Response(bytes, { status, headers });
}

export function fileResponse(file: FileResult, headers: Headers): Response {
  const asciiName = file.filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  headers.set("Content-Type", file.contentType);
  if (isStreamed(file.body)) return new Response(responseBody(file.body), { status: 200, headers });
  headers.set(
    "Content-Disposition",
    `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
  );
  return new Response(file.body as BodyInit, { status: 200, headers });
}

/**
 * The error envelope as a response. A database outage is a 503; unexpected errors are
 * logged with the request id and their codes (never a query's parameters), never shown.
 */
export function errorResponse(thrown: unknown, headers: Headers): Response {
  const error = asServiceError(thrown);
  if (!(error instanceof AppError)) {
    console.error(`[${headers.get("X-Request-Id")}] unexpected error: ${describeError(error)}`);
  } else if (error.code === "service_unavailable") {
    console.error(`[${headers.get("X-Request-Id")}] database unavailable: ${describeError(error.cause)}`);
  }
  const envelope = toErrorEnvelope(error);
  for (const [name, value] of Object.entries(envelope.headers)) headers.set(name, value);
  return jsonResponse(envelope.body, envelope.status, headers);
}

export function newResponseHeaders(): Headers {
  return new Headers({ "X-Request-Id": crypto.randomUUID(), "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" });
}
