import { config } from "@/lib/config";
import { metaResponse, openApiDocumentSchema } from "@/lib/schemas/meta";
import * as account from "./account";
import * as accountAdmin from "./account-admin";
import * as billing from "./billing";
import * as calendarFeed from "./calendar-feed";
import { getCaptchaChallenge } from "./captcha";
import * as content from "./content";
import * as growth from "./growth";
import * as keys from "./keys";
import { describeService } from "./discovery";
import * as events from "./events";
import * as dashboard from "./dashboard";
import { buildOpenApiDocument } from "./openapi";
import { type AnyOperation, defineOperation } from "./operation";
import * as projects from "./projects";

const getMeta = defineOperation({
  id: "getMeta",
  method: "GET",
  path: "/api/v1/meta",
  principals: ["none"],
  tag: "Discovery",
  summary: "Product, pricing, auth instructions and the endpoint map",
  response: metaResponse,
  handler: async () => describeService(apiOperations, config().appUrl),
});

let openApiDocument: Record<string, unknown> | undefined;

const getOpenApi = defineOperation({
  id: "getOpenApi",
  method: "GET",
  path: "/api/v1/openapi.json",
  principals: ["none"],
  tag: "Discovery",
  summary: "This API as an OpenAPI 3.1 document",
  response: openApiDocumentSchema,
  handler: async () => (openApiDocument ??= buildOpenApiDocument(apiOperations, config().appUrl)),
});

/** Every operation, by id: what faces call (`executeOperation(operations.createProject, raw, ctx)`). */
export const operations = {
  getMeta,
  getOpenApi,
  ...account,
  ...keys,
  ...accountAdmin,
  ...projects,
  ...events,
  ...dashboard,
  ...content,
  ...growth,
  ...calendarFeed,
  ...billing,
  getCaptchaChallenge,
} as const;

/** Every REST operation of /api/v1, in the order of the specification's endpoint table: the router's table. */
export const apiOperations: readonly AnyOperation[] = [
  getMeta,
  getOpenApi,
  account.signup,
  account.bootstrapApiKey,
  account.getMe,
  keys.listKeys,
  keys.revokeKey,
  projects.listProjects,
  projects.createProject,
  projects.getProject,
  projects.updateProject,
  projects.confirmProject,
  projects.startAgent,
  projects.reviewRun,
  projects.getPlaybook,
  projects.updateDecisions,
  events.streamProjectEvents,
  content.listContent,
  content.downloadAllContent,
  content.editContent,
  content.downloadContent,
  content.exportLaunchPack,
  content.exportAccount,
  growth.startGrowth,
  growth.listCycles,
  growth.planCycle,
  growth.approveCycle,
  growth.submitRetro,
  growth.generateItem,
  growth.reviewItem,
  growth.updateTask,
  calendarFeed.downloadGrowthCalendar,
  calendarFeed.getCalendarSubscription,
  calendarFeed.createCalendarSubscription,
  calendarFeed.revokeCalendarSubscription,
  calendarFeed.subscribedCalendar,
  billing.getBilling,
  billing.createCheckout,
];
