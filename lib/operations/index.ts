import { config } from "@/lib/config";
import { buildOpenApiDocument } from "@/lib/http/openapi";
import { metaResponse, openApiDocumentSchema } from "@/lib/schemas/meta";
import { describeService } from "@/lib/services/discovery";
import { accountOperations } from "./account";
import { billingOperations } from "./billing";
import { contentOperations } from "./content";
import { growthOperations } from "./growth";
import { defineOperation, type AnyOperation } from "./operation";
import { projectOperations } from "./projects";

const getMeta = defineOperation({
  id: "getMeta",
  method: "GET",
  path: "/api/v1/meta",
  auth: "none",
  tag: "Discovery",
  summary: "Product, pricing, auth instructions and the endpoint map",
  response: metaResponse,
  errors: [429],
  handler: async () => describeService(apiOperations, config().appUrl),
});

let openApiDocument: Record<string, unknown> | undefined;

const getOpenApi = defineOperation({
  id: "getOpenApi",
  method: "GET",
  path: "/api/v1/openapi.json",
  auth: "none",
  tag: "Discovery",
  summary: "This API as an OpenAPI 3.1 document",
  response: openApiDocumentSchema,
  errors: [429],
  handler: async () => (openApiDocument ??= buildOpenApiDocument(apiOperations, config().appUrl)),
});

/** Every REST operation of /api/v1, in the order of the specification's endpoint table. */
export const apiOperations: readonly AnyOperation[] = [
  getMeta,
  getOpenApi,
  ...accountOperations,
  ...projectOperations,
  ...contentOperations,
  ...growthOperations,
  ...billingOperations,
];
