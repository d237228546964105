import { createDocument } from "zod-openapi";
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject, ZodOpenApiResponsesObject } from "zod-openapi";
import { errorEnvelope, upgradeError } from "@/lib/schemas/errors";
import type { AnyOperation } from "@/lib/operations/operation";

const errorDescriptions: Record<number, string> = {
  400: "Invalid request body or parameters (`invalid_request` with `issues`, `invalid_json`, or a specific code)",
  401: "Missing or invalid API key (`unauthorized`)",
  402: "Plan lock: the body says which plans lift it and how to get a checkout link",
  403: "Not permitted (`signups_closed`, `invalid_invite`, `forbidden`)",
  404: "Does not exist or is not yours (`not_found`)",
  409: "Conflict with the current state (see the operation's description for codes)",
  429: "Rate limit, daily run cap or hourly write limit (`rate_limited`, `daily_run_limit`, `write_limit`)",
  501: "Declared but not available yet (`not_implemented`)",
};

const integerHeader = (description: string) => ({ description, schema: { type: "integer" as const } });

function errorResponses(operation: AnyOperation): ZodOpenApiResponsesObject {
  const statuses = [...operation.errors, ...(operation.handler ? [] : [501])];
  const responses: ZodOpenApiResponsesObject = {};
  for (const status of statuses) {
    responses[String(status) as "400"] = {
      description: errorDescriptions[status] ?? "Error",
      content: { "application/json": { schema: status === 402 ? upgradeError : errorEnvelope } },
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
  const success = operation.fileTypes
    ? {
        description: "The file, as an attachment",
        content: Object.fromEntries(operation.fileTypes.map((type) => [type, { schema: { type: "string" as const, format: "binary" } }])),
      }
    : { description: "Success", content: { "application/json": { schema: operation.response } } };
  return {
    operationId: operation.id,
    summary: operation.summary,
    description: [operation.description, operation.long && "Long-running: may block for up to about 5 minutes."]
      .filter(Boolean)
      .join(" "),
    tags: [operation.tag],
    security: operation.auth === "key" ? [{ bearerAuth: [] }] : [],
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
export function buildOpenApiDocument(operations: readonly AnyOperation[], appUrl: string): Record<string, unknown> {
  const paths: ZodOpenApiPathsObject = {};
  for (const operation of operations) {
    paths[operation.path] ??= {};
    paths[operation.path]![operation.method.toLowerCase() as "get"] = describeOperation(operation);
  }
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
