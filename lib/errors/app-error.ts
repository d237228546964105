import { type ErrorCode, errorCodes } from "./codes";

export interface AppErrorOptions {
  /** Extra members of the error body, e.g. `issues` or the upgrade pointer of a 402. */
  details?: Record<string, unknown>;
  /** Response headers that belong to this error, e.g. `Retry-After`. */
  headers?: Record<string, string>;
  cause?: unknown;
}

/** A failure a client should hear about. Transport-free: each face maps it to its own form. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message?: string, options: AppErrorOptions = {}) {
    super(message ?? errorCodes[code].message, { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.details = options.details ?? {};
    this.headers = options.headers ?? {};
  }

  get status(): number {
    return errorCodes[this.code].status;
  }

  get retryable(): boolean {
    return errorCodes[this.code].retryable;
  }
}

export interface ErrorEnvelope {
  error: string;
  code: ErrorCode;
  retryable: boolean;
  [detail: string]: unknown;
}

/** The error envelope for any thrown value; unknown errors never reveal their message. */
export function toErrorEnvelope(error: unknown): { status: number; body: ErrorEnvelope; headers: Record<string, string> } {
  const appError = error instanceof AppError ? error : new AppError("internal_error");
  return {
    status: appError.status,
    headers: appError.headers,
    body: { error: appError.message, code: appError.code, retryable: appError.retryable, ...appError.details },
  };
}
