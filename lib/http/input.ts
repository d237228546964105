import { AppError } from "@/lib/errors";
import type { RawInput } from "@/lib/operations/execute";
import type { AnyOperation } from "@/lib/operations/operation";
import { readBodyText } from "./body";
import { queryOf } from "./raw-query";

/** A declared media type other than JSON (`application/json`, `application/*+json`); none declared counts as JSON. */
const notJson = (contentType: string | null) =>
  contentType !== null && contentType.trim() !== "" && !/^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(contentType.trim());

async function readJsonBody(request: Request): Promise<unknown> {
  const raw = await readBodyText(request);
  if (raw.trim() === "") return undefined;
  if (notJson(request.headers.get("content-type"))) throw new AppError("unsupported_media_type");
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new AppError("invalid_json");
  }
  if (nestingDepth(raw) > maxNesting)
    throw new AppError("invalid_request", `The body is nested deeper than ${maxNesting} levels.`);
  return parsed;
}

const maxNesting = 64;

/** How deep arrays and objects nest in a JSON text (strings skipped), counted without recursion. */
function nestingDepth(json: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < json.length; index++) {
    const char = json[index];
    if (inString) {
      if (char === "\\") index++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === "{" || char === "[") deepest = Math.max(deepest, ++depth);
    else if (char === "}" || char === "]") depth--;
  }
  return deepest;
}

/** An HTTP request's input for an operation: path parameters, query string, JSON body (checked by the executor). */
export async function readRawInput(
  operation: AnyOperation,
  request: Request,
  pathParams: Record<string, string>,
): Promise<RawInput> {
  const raw = {
    params: pathParams,
    query: queryOf(request),
    body: operation.body ? await readJsonBody(request) : undefined,
  };
  return raw;
}
