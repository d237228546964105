import { config } from "@/lib/config";
import { metaResponse, openApiDocumentSchema } from "@/lib/schemas/meta";
import * as account from "./account";
import * as accountAdmin from "./account-admin";
import * as alerts from "./alerts";
import * as billing from "./billing";
import * as calendarFeed from "./calendar-feed";
import { getCaptchaChallenge } from "./captcha";
import * as connectedApps from "./connected-apps";
import * as content from "./content";
import * as dashboard from "./dashboard";
import { describeService } from "./discovery";
import * as events from "./events";
import * as growth from "./growth";
import * as itemCsv from "./item-csv";
import * as itemImages from "./item-images";
import * as keys from "./keys";
import * as links from "./links";
import { buildOpenApiDocument } from "./openapi";
import { type AnyOperation, defineOperation, hasRestBinding, type RestOperation } from "./operation";
import * as packImages from "./pack-images";
import * as projects from "./projects";
import * as publishing from "./publishing";
import * as reviews from "./reviews";
import * as webhooks from "./webhooks";

const getMeta = defineOperation({
  id: "getMeta",
  rest: { method: "GET", path: "/api/v1/meta" },
  principals: ["none"],
  tag: "Discovery",
  summary: "Product, pricing, auth instructions and the endpoint map",
  description:
    "What an agent needs to start: the product, the plans and their limits, the steps to a first API key, every endpoint " +
    "with its auth, and where the OpenAPI document and the MCP server are. Public; no key.",
  response: metaResponse,
  handler: async () => describeService(apiOperations, config().appUrl),
});

let openApiDocument: Record<string, unknown> | undefined;

const getOpenApi = defineOperation({
  id: "getOpenApi",
  rest: { method: "GET", path: "/api/v1/openapi.json" },
  principals: ["none"],
  tag: "Discovery",
  summary: "This API as an OpenAPI 3.1 document",
  description:
    "This document: every REST operation with its parameters, request and response schemas and error answers, generated " +
    "from the same declarations the server runs. Public; no key.",
  response: openApiDocumentSchema,
  handler: async () => (openApiDocument ??= buildOpenApiDocument(apiOperations, config().appUrl)),
});

/**
 * Every operation, by id, in the order of the specification's endpoint table (each module's
 * own order): what faces call (`executeOperation(operations.createProject, raw, ctx)`).
 * The REST routes, the OpenAPI document and /meta are the ones with a REST binding.
 */
export const operations = {
  getMeta,
  getOpenApi,
  signup: account.signup,
  resendConfirmation: account.resendConfirmation,
  bootstrapApiKey: account.bootstrapApiKey,
  getMe: account.getMe,
  listKeys: keys.listKeys,
  revokeKey: keys.revokeKey,
  createKey: keys.createKey,
  deleteProject: accountAdmin.deleteProject,
  deleteAccount: accountAdmin.deleteAccount,
  openBillingPortal: accountAdmin.openBillingPortal,
  listProjects: projects.listProjects,
  createProject: projects.createProject,
  getProject: projects.getProject,
  updateProject: projects.updateProject,
  confirmProject: projects.confirmProject,
  startAgent: projects.startAgent,
  reviewRun: projects.reviewRun,
  getPlaybook: projects.getPlaybook,
  updateDecisions: projects.updateDecisions,
  streamProjectEvents: events.streamProjectEvents,
  getOnboardingDraft: dashboard.getOnboardingDraft,
  saveOnboardingDraft: dashboard.saveOnboardingDraft,
  startProjectFromDraft: dashboard.startProjectFromDraft,
  discardOnboardingDraft: dashboard.discardOnboardingDraft,
  listShareLinks: dashboard.listShareLinks,
  createShareLink: dashboard.createShareLink,
  revokeShareLink: dashboard.revokeShareLink,
  getSharedPack: dashboard.getSharedPack,
  getProjectLogo: dashboard.getProjectLogo,
  listActiveJobs: events.listActiveJobs,
  uploadProjectLogo: dashboard.uploadProjectLogo,
  removeProjectLogo: dashboard.removeProjectLogo,
  getLaunchFreshness: dashboard.getLaunchFreshness,
  refreshOutdatedStep: dashboard.refreshOutdatedStep,
  listContent: content.listContent,
  downloadAllContent: content.downloadAllContent,
  editContent: content.editContent,
  getContentItem: content.getContentItem,
  fillContentBlank: content.fillContentBlank,
  listContentVersions: content.listContentVersions,
  downloadContent: content.downloadContent,
  exportLaunchPack: content.exportLaunchPack,
  listPackImages: packImages.listPackImages,
  renderPackImages: packImages.renderPackImages,
  updatePackImage: packImages.updatePackImage,
  deletePackImage: packImages.deletePackImage,
  getSharedPackImage: packImages.getSharedPackImage,
  exportAccount: content.exportAccount,
  startGrowth: growth.startGrowth,
  listCycles: growth.listCycles,
  planCycle: growth.planCycle,
  approveCycle: growth.approveCycle,
  submitRetro: growth.submitRetro,
  generateItem: growth.generateItem,
  reviewItem: growth.reviewItem,
  editItemDraft: growth.editItemDraft,
  listItemDrafts: growth.listItemDrafts,
  updateTask: growth.updateTask,
  listItemImages: itemImages.listItemImages,
  uploadItemImage: itemImages.uploadItemImage,
  attachItemCard: itemImages.attachItemCard,
  updateItemImage: itemImages.updateItemImage,
  removeItemImage: itemImages.removeItemImage,
  previewItemImport: itemCsv.previewItemImport,
  importItems: itemCsv.importItems,
  exportWeekItems: itemCsv.exportWeekItems,
  createReviewLink: reviews.createReviewLink,
  listReviewLinks: reviews.listReviewLinks,
  revokeReviewLink: reviews.revokeReviewLink,
  listItemReviews: reviews.listItemReviews,
  getReviewSettings: reviews.getReviewSettings,
  updateReviewSettings: reviews.updateReviewSettings,
  listCycleReviews: reviews.listCycleReviews,
  getReviewWeek: reviews.getReviewWeek,
  approveAsReviewer: reviews.approveAsReviewer,
  requestChangesAsReviewer: reviews.requestChangesAsReviewer,
  editAsReviewer: reviews.editAsReviewer,
  scheduleItem: publishing.scheduleItem,
  publishItem: publishing.publishItem,
  confirmPublication: publishing.confirmPublication,
  pullItemMetrics: publishing.pullItemMetrics,
  listConnections: publishing.listConnections,
  deleteConnection: publishing.deleteConnection,
  getPublishingSettings: publishing.getPublishingSettings,
  updatePublishingSettings: publishing.updatePublishingSettings,
  listLinks: links.listLinks,
  createLink: links.createLink,
  updateLink: links.updateLink,
  recordConversion: links.recordConversion,
  listConversions: links.listConversions,
  getResults: links.getResults,
  getLinkSettings: links.getLinkSettings,
  updateLinkSettings: links.updateLinkSettings,
  trackSiteConversion: links.trackSiteConversion,
  listIngestKeys: links.listIngestKeys,
  createIngestKey: links.createIngestKey,
  revokeIngestKey: links.revokeIngestKey,
  connectBluesky: publishing.connectBluesky,
  connectWithForm: publishing.connectWithForm,
  startMastodonConnection: publishing.startMastodonConnection,
  finishMastodonConnection: publishing.finishMastodonConnection,
  startOAuthConnection: publishing.startOAuthConnection,
  finishOAuthConnection: publishing.finishOAuthConnection,
  downloadGrowthCalendar: calendarFeed.downloadGrowthCalendar,
  getCalendarSubscription: calendarFeed.getCalendarSubscription,
  createCalendarSubscription: calendarFeed.createCalendarSubscription,
  revokeCalendarSubscription: calendarFeed.revokeCalendarSubscription,
  subscribedCalendar: calendarFeed.subscribedCalendar,
  getBilling: billing.getBilling,
  createCheckout: billing.createCheckout,
  getCaptchaChallenge,
  answerAuthorization: connectedApps.answerAuthorization,
  listConnectedApps: connectedApps.listConnectedApps,
  revokeConnectedApp: connectedApps.revokeConnectedApp,
  listAlerts: alerts.listAlerts,
  dismissAlert: alerts.dismissAlert,
  getAlertPreferences: alerts.getAlertPreferences,
  updateAlertPreferences: alerts.updateAlertPreferences,
  listWebhookEndpoints: webhooks.listWebhookEndpoints,
  createWebhookEndpoint: webhooks.createWebhookEndpoint,
  getWebhookEndpoint: webhooks.getWebhookEndpoint,
  updateWebhookEndpoint: webhooks.updateWebhookEndpoint,
  deleteWebhookEndpoint: webhooks.deleteWebhookEndpoint,
  rotateWebhookSecret: webhooks.rotateWebhookSecret,
  listWebhookDeliveries: webhooks.listWebhookDeliveries,
  redeliverWebhook: webhooks.redeliverWebhook,
} as const;

/** The operations with a REST binding, in the table's order: the router's table, the OpenAPI paths and /meta's endpoints. */
export const apiOperations: readonly RestOperation[] = Object.values(operations as Record<string, AnyOperation>).filter(
  hasRestBinding,
);
