import type { z } from "zod";
import { AppError } from "@/lib/errors";
import type { AnyOperation } from "@/lib/operations/operation";

const maxBodyBytes = 1024 * 1024;

export function validationIssues(error: z.ZodError, prefix?: string) {
  return error.issues.map((issue) => ({
    path: [prefix, ...issue.path.map(String)].filter(Boolean).join("."),
    message: issue.message,
  }));
}

function invalid(error: z.ZodError, prefix?: string): AppError {
  return new AppError("invalid_request", undefined, { details: { issues: validationIssues(error, prefix) } });
}

async function readJsonBody(request: Request): Promise<unknown> {
  const declaredLength = Number(request.headers.get("content-length") ?? 0);
  if (declaredLength > maxBodyBytes) throw new AppError("payload_too_large");
  const raw = await request.text();
  if (Buffer.byteLength(raw) > maxBodyBytes) throw new AppError("payload_too_large");
  if (raw.trim() === "") return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    throw new AppError("invalid_json");
  }
}

/**
 * Validates path parameters, query and body against the operation's closed schemas.
 * A malformed path id is a 404 unless the operation declares a 400 for bad parameters.
 */
export async function readOperationInput(operation: AnyOperation, request: Request, pathParams: Record<string, string>) {
  let params: unknown;
  if (operation.params) {
    const parsed = operation.params.safeParse(pathParams);
    if (!parsed.success) throw operation.errors.includes(400) ? invalid(parsed.error) : new AppError("not_found");
    params = parsed.data;
  }

  let query: unknown;
  if (operation.query) {
    const parsed = operation.query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!parsed.success) throw invalid(parsed.error);
    query = parsed.data;
  }

  let body: unknown;
  if (operation.body) {
    const raw = await readJsonBody(request);
    const parsed = operation.body.safeParse(raw === undefined && operation.bodyOptional ? {} : raw);
    if (!parsed.success) throw invalid(parsed.error);
    body = parsed.data;
  }

  return { params, query, body };
}
