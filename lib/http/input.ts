import { AppError } from "@/lib/errors";
import type { RawInput } from "@/lib/operations/execute";
import type { AnyOperation } from "@/lib/operations/operation";

const maxBodyBytes = 1024 * 1024;

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

/** An HTTP request's input for an operation: path parameters, query string, JSON body. */
export async function readRawInput(operation: AnyOperation, request: Request, pathParams: Record<string, string>): Promise<RawInput> {
  return {
    params: pathParams,
    query: Object.fromEntries(new URL(request.url).searchParams),
    body: operation.body ? await readJsonBody(request) : undefined,
  };
}
