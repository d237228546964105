import { idParams } from "@/lib/schemas/common";
import { contentEditRequest, contentItemParams, contentItemResponse, contentListResponse, exportQuery } from "@/lib/schemas/content";
import * as content from "@/lib/services/content";
import * as exports from "@/lib/services/exports";
import { defineOperation, fileResult } from "./operation";

const markdown = ["text/markdown; charset=utf-8"] as const;

export const listContent = defineOperation({
  id: "listContent",
  method: "GET",
  path: "/api/v1/projects/{id}/content",
  auth: "key",
  tag: "Launch pack",
  summary: "The launch pack's content items",
  description: "Items of approved runs, plus those of a completed run awaiting review (marked `awaitingReview`).",
  params: idParams,
  response: contentListResponse,
  errors: [400, 401, 404, 429],
  tool: {
    name: "content_list",
    title: "List the launch pack",
    description:
      "Lists the launch pack's content items (home page, posts, emails...) with their Markdown bodies, including those of a run awaiting review.",
    readOnly: true, idempotent: true,
  },
  handler: ({ params }, ctx) => content.listContent(ctx, params.id),
});

export const downloadAllContent = defineOperation({
  id: "downloadAllContent",
  method: "GET",
  path: "/api/v1/projects/{id}/content/download-all",
  auth: "key",
  tag: "Launch pack",
  summary: "Every content item as one Markdown document",
  description: "Plans without exports get 402 `exports`.",
  params: idParams,
  response: fileResult,
  fileTypes: markdown,
  errors: [400, 401, 402, 404, 429],
  handler: ({ params }, ctx) => exports.downloadAllContent(ctx, params.id),
});

export const editContent = defineOperation({
  id: "editContent",
  method: "PATCH",
  path: "/api/v1/content/{itemId}",
  auth: "key",
  tag: "Launch pack",
  summary: "Edit a content item's title and body",
  description: "Edits are kept when later steps run. Counts against the hourly write limit.",
  params: contentItemParams,
  body: contentEditRequest,
  response: contentItemResponse,
  errors: [400, 401, 404, 429],
  limit: "write",
  tool: {
    name: "content_edit",
    title: "Edit a content item",
    description:
      "Replaces a content item's body (and optionally title) with the founder's version. The playbook learns from the edit.",
    idempotent: true,
  },
  handler: ({ params, body }, ctx) => content.editContent(ctx, params.itemId, body),
});

export const downloadContent = defineOperation({
  id: "downloadContent",
  method: "GET",
  path: "/api/v1/content/{itemId}/download",
  auth: "key",
  tag: "Launch pack",
  summary: "One content item as Markdown",
  params: contentItemParams,
  response: fileResult,
  fileTypes: markdown,
  errors: [400, 401, 404, 429],
  handler: ({ params }, ctx) => content.downloadContent(ctx, params.itemId),
});

export const exportLaunchPack = defineOperation({
  id: "exportLaunchPack",
  method: "GET",
  path: "/api/v1/export",
  auth: "key",
  tag: "Launch pack",
  summary: "Export the launch pack as JSON, DOCX, PDF or XLSX",
  description: "Plans without exports get 402 `exports`.",
  query: exportQuery,
  response: fileResult,
  fileTypes: [
    "application/json",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    "application/pdf",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ],
  errors: [400, 401, 402, 404, 429],
  handler: ({ query }, ctx) => exports.exportLaunchPack(ctx, query),
});

export const exportAccount = defineOperation({
  id: "exportAccount",
  method: "GET",
  path: "/api/v1/account/export",
  auth: "key",
  tag: "Account",
  summary: "Everything your account owns, as JSON",
  description: "Never includes a secret or a hash.",
  response: fileResult,
  fileTypes: ["application/json"],
  errors: [401, 429],
  handler: (_input, ctx) => exports.exportAccount(ctx),
});

export const contentOperations = [listContent, downloadAllContent, editContent, downloadContent, exportLaunchPack, exportAccount];
