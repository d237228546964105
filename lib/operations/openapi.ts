import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject, ZodOpenApiResponsesObject } from "zod-openapi";
import { createDocument } from "zod-openapi";
import { type ErrorCode, errorCodes } from "@/lib/errors";
import { errorEnvelope, upgradeError } from "@/lib/schemas/errors";
import { idempotencyKeySchema } from "@/lib/schemas/idempotency";
import { replayHeader } from "./idempotent";
import { type AnyOperation, admits, errorCodesOf, type RestOperation, takesIdempotencyKey } from "./operation";
import { type OperationTag, operationTags } from "./tags";

const integerHeader = (description: string) => ({ description, schema: { type: "integer" as const } });

/** The `Idempotency-Key` request header, one component every write refers to. */
const idempotencyKeyParameter = idempotencyKeySchema.optional().meta({
  description:
    "A key of your own (e.g. a V4 UUID, at most 255 printable ASCII characters) for this write: a retry with the same key and the same request within 24 hours answers the first answer again, error or success, with `Idempotent-Replayed: true`, and does nothing twice. The same key with another request is 422 `idempotency_key_reused`; while the first still runs, 409 `idempotency_request_in_progress`.",
  param: { in: "header", name: "Idempotency-Key", id: "IdempotencyKey" },
});

const replayedHeader = {
  [replayHeader]: {
    description: "`true` when this is the kept answer of an earlier request with the same `Idempotency-Key`",
    schema: { type: "string" as const, enum: ["true"] },
  },
};

/** The operation's error codes grouped by status, each status described by its codes and their meaning. */
function errorResponses(operation: AnyOperation): ZodOpenApiResponsesObject {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorCodesOf(operation)) {
    const { status } = errorCodes[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: ZodOpenApiResponsesObject = {};
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[String(status) as "400"] = {
      description: codes.map((code) => `\`${code}\`: ${errorCodes[code].message}`).join(" "),
      content: { "application/json": { schema: status === 402 ? upgradeError : errorEnvelope } },
      ...(codes.includes("idempotency_request_in_progress") && {
        headers: { "Retry-After": integerHeader("Whole seconds to wait, with `idempotency_request_in_progress`") },
      }),
      ...(status === 429 && {
        headers: {
          "Retry-After": integerHeader("Whole seconds to wait: to UTC midnight for the daily run cap"),
          "X-RateLimit-Limit": integerHeader("The limit of the current window"),
          "X-RateLimit-Remaining": integerHeader("Requests left in the window"),
        },
      }),
    };
  }
  responses.default = { description: "Unexpected error", content: { "application/json": { schema: errorEnvelope } } };
  return responses;
}

function describeOperation(operation: AnyOperation): ZodOpenApiOperationObject {
  const status = String(operation.status ?? 200) as "200";
  const binary = { type: "string" as const, format: "binary" };
  const success = operation.files
    ? {
        description: `The file, as an attachment: ${Object.entries(operation.files)
          .map(([type, file]) => `${type}: ${file.description}`)
          .join("; ")}`,
        content: Object.fromEntries(
          Object.entries(operation.files).map(([type, file]) => [type, { schema: file.schema ?? binary }]),
        ),
      }
    : {
        description: "Success",
        content: { "application/json": { schema: operation.response } },
        ...(takesIdempotencyKey(operation) && { headers: replayedHeader }),
      };
  return {
    operationId: operation.id,
    summary: operation.summary,
    description: [operation.description, operation.long && "Long-running: may block for up to about 5 minutes."]
      .filter(Boolean)
      .join(" "),
    tags: [operation.tag],
    security: admits(operation, "key") ? [{ bearerAuth: [] }] : [],
    ...(takesIdempotencyKey(operation) && { parameters: [idempotencyKeyParameter] }),
    requestParams: {
      ...(operation.params && { path: operation.params as never }),
      ...(operation.query && { query: operation.query as never }),
    },
    ...(operation.body && {
      requestBody: { required: !operation.bodyOptional, content: { "application/json": { schema: operation.body } } },
    }),
    responses: { [status]: success, ...errorResponses(operation) },
  };
}

/** The OpenAPI 3.1 document, generated from the operation declarations and their zod schemas. */
export function buildOpenApiDocument(operations: readonly RestOperation[], appUrl: string): Record<string, unknown> {
  const paths: ZodOpenApiPathsObject = {};
  for (const operation of operations) {
    const { method, path } = operation.rest;
    paths[path] ??= {};
    paths[path]![method.toLowerCase() as "get"] = describeOperation(operation);
  }
  const used = new Set(operations.map((operation) => operation.tag));
  const tags = (Object.keys(operationTags) as OperationTag[])
    .filter((name) => used.has(name))
    .map((name) => ({ name, description: operationTags[name] }));
  const document = createDocument({
    openapi: "3.1.0",
    info: {
      title: "Launchloop API",
      version: "1.0.0",
      description:
        "Launchloop turns a founder's onboarding answers into a reviewed launch pack through five agent runs, then runs a weekly growth loop. " +
        "Every non-2xx answer is JSON: `{error, code, retryable}`.",
    },
    servers: [{ url: appUrl }],
    tags,
    paths,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          description: "An API key (`llk_...`): sign up, then exchange the e-mail's token at /api/v1/keys/bootstrap.",
        },
      },
    },
  });
  return document as unknown as Record<string, unknown>;
}
