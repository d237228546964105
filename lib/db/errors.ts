import { AppError } from "@/lib/errors";

export const causesOf = function* (error: unknown): Generator<Record<string, unknown>> {
  for (let current = error, depth = 0; current && typeof current === "object" && depth < 10; depth++) {
    yield current as Record<string, unknown>;
    current = (current as { cause?: unknown }).cause;
  }
};

/** True when a database error (or one it wraps) is a unique-constraint violation. */
export function isUniqueViolation(error: unknown): boolean {
  for (const current of causesOf(error)) if (current.code === "23505") return true;
  return false;
}

// Socket errors, postgres.js connection codes, and SQLSTATEs that mean "the database is not
// there for us" (connection exceptions, shutdown, no such database, bad credentials, full).
const unavailableCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "57P01",
  "57P02",
  "57P03",
  "3D000",
  "28000",
  "28P01",
  "53300",
]);

/** True when an error (or one it wraps) says the database cannot be reached or refuses us. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const current of causesOf(error)) {
    const code = current.code;
    if (typeof code === "string" && (unavailableCodes.has(code) || code.startsWith("08"))) return true;
  }
  return false;
}

/** The answer for a database outage: 503, retryable, with a hint of when to retry. */
export function databaseUnavailable(cause?: unknown): AppError {
  return new AppError("service_unavailable", undefined, { cause, headers: { "Retry-After": "5" } });
}

/** An error a face can render: database outages become 503; everything else is unchanged. */
export function asServiceError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  return isDatabaseUnavailable(error) ? databaseUnavailable(error) : error;
}

/** Hides the password of a connection URL wherever it appears in a text. */
export const withoutPassword = (text: string) => text.replace(/(postgres(?:ql)?:\/\/[^:/@\s]*:)[^@\s]*@/gi, "$1***@");

/**
 * One line for a log about an unexpected error: names, SQLSTATE or socket codes and the
 * driver's message, never a query's text or parameters (they hold e-mails, text, key hashes).
 */
export function describeError(error: unknown): string {
  const parts: string[] = [];
  for (const current of causesOf(error)) {
    const name = typeof current.name === "string" ? current.name : "Error";
    const code = typeof current.code === "string" ? ` ${current.code}` : "";
    // Drizzle's query errors carry the statement and every parameter in their message, and a
    // Postgres message may quote a value: keep only the SQLSTATE of those.
    const fromDatabase = "query" in current || "params" in current || /^[0-9A-Z]{5}$/.test(code.trim());
    const message = fromDatabase || typeof current.message !== "string" ? "" : `: ${withoutPassword(current.message)}`;
    parts.push(`${name}${code}${message}`);
  }
  const top = [...causesOf(error)][0];
  const frame = typeof top?.stack === "string" && !("query" in top) ? top.stack.split("\n").slice(1, 4).join("\n") : "";
  return [parts.join(" <- ") || String(error), frame].filter(Boolean).join("\n");
}
