import { z } from "zod";
import { fileResultSchema as fileResult } from "@/lib/core/file-result";
import { idParams, pageQuery } from "@/lib/schemas/common";
import {
  contentBlankFillRequest,
  contentBlankFillResponse,
  contentEditRequest,
  contentItemParams,
  contentItemResponse,
  contentListResponse,
  contentVersionListResponse,
  exportQuery,
} from "@/lib/schemas/content";
import { accountExportSchema, exportMediaTypes, launchPackSchema } from "@/lib/schemas/exports";
import * as content from "@/lib/services/content";
import * as exports from "@/lib/services/exports";
import { defineOperation } from "./operation";

const markdown = { "text/markdown; charset=utf-8": { description: "Markdown", schema: z.string() } };

export const listContent = defineOperation({
  id: "listContent",
  rest: { method: "GET", path: "/api/v1/projects/{id}/content" },
  tag: "Launch pack",
  summary: "The launch pack's content items",
  description:
    "Items of approved runs, plus those of a completed run awaiting review (marked `awaitingReview`), in pipeline order. " +
    "Send `limit` (and then the answer's `nextCursor` as `cursor`) to page through them; without either, every item.",
  params: idParams,
  query: pageQuery,
  response: contentListResponse,
  tool: {
    name: "content_list",
    title: "List the launch pack",
    description:
      "Lists the launch pack's content items (home page, posts, emails...) with their Markdown bodies, including those of a run awaiting review.",
    readOnly: true,
    idempotent: true,
  },
  handler: ({ params, query }, ctx) => content.listContent(ctx, { projectId: params.id, ...query }),
});

export const downloadAllContent = defineOperation({
  id: "downloadAllContent",
  rest: { method: "GET", path: "/api/v1/projects/{id}/content/download-all" },
  tag: "Launch pack",
  summary: "Every content item as one Markdown document",
  description: "Plans without exports get 402 `exports`.",
  params: idParams,
  response: fileResult,
  files: markdown,
  errors: ["upgrade_required"],
  handler: ({ params }, ctx) => exports.downloadAllContent(ctx, { projectId: params.id }),
});

export const editContent = defineOperation({
  id: "editContent",
  rest: { method: "PATCH", path: "/api/v1/content/{itemId}" },
  tag: "Launch pack",
  summary: "Edit a content item's title and body",
  description: "Edits are kept when later steps run. Counts against the hourly write limit.",
  params: contentItemParams,
  body: contentEditRequest,
  response: contentItemResponse,
  limit: "write",
  tool: {
    name: "content_edit",
    title: "Edit a content item",
    description:
      "Replaces a content item's body (and optionally title) with the founder's version. The playbook learns from the edit.",
    destructive: true,
    idempotent: true,
  },
  handler: ({ params, body }, ctx) => content.editContent(ctx, { ...params, ...body }),
});

/** One pack item with its body (dashboard only): the pages render bodies on the server and load one when it is edited or copied. */
export const getContentItem = defineOperation({
  id: "getContentItem",
  reads: true,
  principals: ["session"],
  tag: "Dashboard",
  summary: "A pack item with its Markdown body",
  params: contentItemParams,
  response: contentItemResponse,
  handler: ({ params }, ctx) => content.getContent(ctx, params),
});

/** Fills one blank of a pack item (dashboard only), on the item's text as it is when saved. */
export const fillContentBlank = defineOperation({
  id: "fillContentBlank",
  principals: ["session"],
  tag: "Dashboard",
  summary: "Fill one blank of a pack item",
  params: contentItemParams,
  body: contentBlankFillRequest,
  response: contentBlankFillResponse,
  limit: "write",
  handler: ({ params, body }, ctx) => content.fillContentBlank(ctx, { ...params, ...body }),
});

/** The draft history of a pack item (dashboard only): what each founder edit replaced. */
export const listContentVersions = defineOperation({
  id: "listContentVersions",
  reads: true,
  principals: ["session"],
  tag: "Dashboard",
  summary: "A pack item's earlier versions, newest first",
  params: contentItemParams,
  response: contentVersionListResponse,
  handler: ({ params }, ctx) => content.listContentVersions(ctx, params),
});

export const downloadContent = defineOperation({
  id: "downloadContent",
  rest: { method: "GET", path: "/api/v1/content/{itemId}/download" },
  tag: "Launch pack",
  summary: "One content item as Markdown",
  description: "The item's title and body as a Markdown file (an attachment named after the item).",
  params: contentItemParams,
  response: fileResult,
  files: markdown,
  handler: ({ params }, ctx) => content.downloadContent(ctx, params),
});

export const exportLaunchPack = defineOperation({
  id: "exportLaunchPack",
  rest: { method: "GET", path: "/api/v1/export" },
  tag: "Launch pack",
  summary: "Export the launch pack as JSON, DOCX, PDF, XLSX or a zip of them all with the brand cards",
  description: "Plans without exports get 402 `exports`.",
  query: exportQuery,
  response: fileResult,
  files: {
    [exportMediaTypes.json]: { description: "`format=json`: the launch pack as data", schema: launchPackSchema },
    [exportMediaTypes.docx]: { description: "`format=docx`: a Word document" },
    [exportMediaTypes.pdf]: { description: "`format=pdf`: a PDF document" },
    [exportMediaTypes.xlsx]: { description: "`format=xlsx`: a spreadsheet, one sheet per section" },
    [exportMediaTypes.zip]: {
      description:
        "`format=zip`: the pack's files in one zip (PDF, DOCX, XLSX, Markdown, JSON) and its brand cards as PNGs with their alt text",
    },
  },
  errors: ["not_found", "upgrade_required"],
  handler: ({ query }, ctx) => exports.exportLaunchPack(ctx, query),
});

export const exportAccount = defineOperation({
  id: "exportAccount",
  rest: { method: "GET", path: "/api/v1/account/export" },
  tag: "Account",
  summary: "Everything your account owns, as JSON",
  description: "Never includes a secret or a hash.",
  response: fileResult,
  files: {
    "application/json": {
      description: "The account export (`launchloop.account-export`, version 1)",
      schema: accountExportSchema,
    },
  },
  handler: (_input, ctx) => exports.exportAccount(ctx),
});
