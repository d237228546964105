import { idParams } from "@/lib/schemas/common";
import {
  createdShareLinkResponse,
  draftResponse,
  launchFreshnessResponse,
  logoResponse,
  logoUploadRequest,
  refreshedStepResponse,
  saveDraftRequest,
  sharedPackResponse,
  shareLinkListResponse,
  shareLinkParams,
  shareLinkResponse,
  shareTokenParams,
} from "@/lib/schemas/dashboard";
import { createProjectRequest, projectResponse } from "@/lib/schemas/project";
import * as drafts from "@/lib/services/onboarding-drafts";
import * as pipeline from "@/lib/services/pipeline";
import * as logos from "@/lib/services/project-logos";
import * as shares from "@/lib/services/share-links";
import { defineOperation } from "./operation";

// Operations of the browser face only: declared like every other one (closed validation,
// limits, principals, response schemas through the one executor), but not REST routes or
// MCP tools, so their paths name the dashboard's own door.

export const getOnboardingDraft = defineOperation({
  id: "getOnboardingDraft",
  reads: true,
  principals: ["session"],
  tag: "Dashboard",
  summary: "The onboarding wizard's saved answers",
  response: draftResponse,
  handler: (_input, ctx) => drafts.getDraft(ctx),
});

export const saveOnboardingDraft = defineOperation({
  id: "saveOnboardingDraft",
  principals: ["session"],
  tag: "Dashboard",
  summary: "Keep the onboarding wizard's answers so far",
  body: saveDraftRequest,
  response: draftResponse,
  handler: ({ body }, ctx) => drafts.saveDraft(ctx, body),
});

export const startProjectFromDraft = defineOperation({
  id: "startProjectFromDraft",
  principals: ["session"],
  tag: "Dashboard",
  summary: "Create and confirm the onboarded project, and forget the draft, all at once",
  body: createProjectRequest,
  status: 201,
  response: projectResponse,
  errors: ["upgrade_required"],
  handler: ({ body }, ctx) => drafts.startProjectFromDraft(ctx, body),
});

export const discardOnboardingDraft = defineOperation({
  id: "discardOnboardingDraft",
  principals: ["session"],
  tag: "Dashboard",
  summary: "Forget the onboarding wizard's answers",
  response: draftResponse,
  handler: (_input, ctx) => drafts.discardDraft(ctx),
});

export const listShareLinks = defineOperation({
  id: "listShareLinks",
  reads: true,
  principals: ["session"],
  tag: "Dashboard",
  summary: "The project's read-only share links",
  params: idParams,
  response: shareLinkListResponse,
  handler: ({ params }, ctx) => shares.listShareLinks(ctx, { projectId: params.id }),
});

export const createShareLink = defineOperation({
  id: "createShareLink",
  principals: ["session"],
  tag: "Dashboard",
  summary: "Create a read-only link to the launch pack (its address is shown once)",
  params: idParams,
  response: createdShareLinkResponse,
  limit: "write",
  handler: ({ params }, ctx) => shares.createShareLink(ctx, { projectId: params.id }),
});

export const revokeShareLink = defineOperation({
  id: "revokeShareLink",
  principals: ["session"],
  tag: "Dashboard",
  summary: "Revoke a share link",
  params: shareLinkParams,
  response: shareLinkResponse,
  handler: ({ params }, ctx) => shares.revokeShareLink(ctx, { projectId: params.id, linkId: params.linkId }),
});

export const getSharedPack = defineOperation({
  id: "getSharedPack",
  reads: true,
  principals: ["none"],
  tag: "Dashboard",
  summary: "The launch pack behind a live share link",
  params: shareTokenParams,
  response: sharedPackResponse,
  handler: ({ params }, ctx) => shares.getSharedPack(ctx, params),
});

export const getProjectLogo = defineOperation({
  id: "getProjectLogo",
  reads: true,
  principals: ["session"],
  tag: "Dashboard",
  summary: "The project's brand logo (a short-lived URL), if any",
  params: idParams,
  response: logoResponse,
  handler: ({ params }, ctx) => logos.getLogo(ctx, { projectId: params.id }),
});

export const uploadProjectLogo = defineOperation({
  id: "uploadProjectLogo",
  principals: ["session"],
  tag: "Dashboard",
  summary: "Upload or replace the project's brand logo (PNG, JPEG or WebP, up to 512 KB)",
  params: idParams,
  body: logoUploadRequest,
  response: logoResponse,
  limit: "write",
  handler: ({ params, body }, ctx) => logos.uploadLogo(ctx, { projectId: params.id, logo: body }),
});

export const removeProjectLogo = defineOperation({
  id: "removeProjectLogo",
  principals: ["session"],
  tag: "Dashboard",
  summary: "Remove the project's brand logo",
  params: idParams,
  response: logoResponse,
  handler: ({ params }, ctx) => logos.removeLogo(ctx, { projectId: params.id }),
});

export const getLaunchFreshness = defineOperation({
  id: "getLaunchFreshness",
  reads: true,
  principals: ["session"],
  tag: "Dashboard",
  summary: "Which approved steps were drafted before the founder last changed a decision",
  params: idParams,
  response: launchFreshnessResponse,
  handler: ({ params }, ctx) => pipeline.getLaunchFreshness(ctx, { projectId: params.id }),
});

export const refreshOutdatedStep = defineOperation({
  id: "refreshOutdatedStep",
  principals: ["session"],
  tag: "Dashboard",
  summary: "Draft the earliest out-of-date step again with the current decisions, replacing its pack items",
  params: idParams,
  response: refreshedStepResponse,
  errors: ["not_found", "agent_running", "upgrade_required", "daily_run_limit"],
  long: true,
  handler: ({ params }, ctx) => pipeline.refreshOutdatedStep(ctx, { projectId: params.id }),
});
