import { fileResultSchema as fileResult } from "@/lib/core/file-result";
import { cycleParams, itemImportPreviewResponse, itemImportRequest, itemImportResponse } from "@/lib/schemas/growth";
import * as growth from "@/lib/services/growth";
import { defineOperation } from "./operation";

const importRules =
  "Columns (first line): channel, day, title, text, link; at most 100 rows. A row's problems: an unknown channel, a day outside the week, missing text, text too long for the channel (as it counts), a bad link, a channel with 10 items this week. " +
  "A link is added on its own line when the text has none; an empty title takes the text's first words.";

export const previewItemImport = defineOperation({
  id: "previewItemImport",
  rest: { method: "POST", path: "/api/v1/growth/cycles/{cycleId}/items/import-preview" },
  reads: true,
  tag: "Growth",
  summary: "Check a CSV of items for the week: each row as it would be saved, with its problems",
  description: `Saves nothing. ${importRules} Needs an approved week (409 \`cycle_state\`).`,
  params: cycleParams,
  body: itemImportRequest,
  response: itemImportPreviewResponse,
  errors: ["cycle_state"],
  handler: ({ params, body }, ctx) => growth.previewItemImport(ctx, { ...params, ...body }),
});

export const importItems = defineOperation({
  id: "importItems",
  rest: { method: "POST", path: "/api/v1/growth/cycles/{cycleId}/items/import" },
  tag: "Growth",
  summary: "Add the valid rows of a CSV to the week as drafts, all at once",
  description: `The rows are checked again when saved; those with problems are left out and listed. ${importRules} Counts against the hourly write limit.`,
  params: cycleParams,
  body: itemImportRequest,
  response: itemImportResponse,
  errors: ["cycle_state", "upgrade_required"],
  limit: "write",
  handler: ({ params, body }, ctx) => growth.importItems(ctx, { ...params, ...body }),
});

export const exportWeekItems = defineOperation({
  id: "exportWeekItems",
  rest: { method: "GET", path: "/api/v1/growth/cycles/{cycleId}/items.csv" },
  tag: "Growth",
  summary: "The week's items as CSV (channel, day, title, text, link, status)",
  description:
    "The columns an import takes, plus the status. Cells that a spreadsheet would read as a formula are escaped with a leading `'` (an import removes it).",
  params: cycleParams,
  response: fileResult,
  files: { "text/csv; charset=utf-8": { description: "CSV (RFC 4180), one item per row" } },
  handler: ({ params }, ctx) => growth.exportWeekItems(ctx, params),
});
