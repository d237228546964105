/**
 * The groups operations are declared in, each described once: an operation's `tag`, the
 * OpenAPI document's top-level `tags` (those of REST operations, in this order) and the
 * reference's sections all come from this table.
 */
export const operationTags = {
  Discovery: "What the service is and how to call it: product, pricing, auth steps, the endpoint map and this document. No key.",
  Account:
    "Sign up, confirm the e-mail for a first API key (shown once), read the account, list and revoke keys, export everything the account owns.",
  Projects: "A project holds the founder's onboarding answers; confirm it to enter the pipeline, then follow it and its events.",
  Pipeline:
    "The five agent runs, in order (market-strategist to launch-assets): start the current step, then approve or reject its run.",
  Playbook: "The project's accumulated strategy (the Marketing Playbook) and the founder's decisions.",
  "Launch pack":
    "The generated content of approved runs: list, edit, download as Markdown, export as JSON, DOCX, PDF or XLSX (paid plans).",
  Growth:
    "The weekly growth loop: plan a cycle, approve it, write and review drafts, update founder tasks, submit the retro; the calendar feed.",
  Publishing: "Connected social accounts, the project's time zone, publishing an approved item and pulling its numbers.",
  Results:
    "Tracked links on every post, the conversions the founder's server or site reports, and what they add up to by post, channel, angle and week.",
  Webhooks:
    "Endpoints that receive the account's events (run, week, item, connection, conversion) signed per Standard Webhooks, and each delivery's attempts.",
  Billing: "The plan and billing state, and a hosted checkout link for an upgrade.",
  Dashboard: "What the signed-in dashboard does beyond the REST API (no REST route, not in the document).",
} as const;

export type OperationTag = keyof typeof operationTags;
