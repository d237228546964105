import { idParams } from "@/lib/schemas/common";
import {
  conversionAcceptedResponse,
  conversionListResponse,
  conversionRequest,
  ingestKeyCreatedResponse,
  ingestKeyCreateRequest,
  ingestKeyListResponse,
  ingestKeyParams,
  ingestKeyResponse,
  linkCreateRequest,
  linkListResponse,
  linkParams,
  linkResponse,
  linkSettingsRequest,
  linkSettingsResponse,
  linkUpdateRequest,
  resultsQuery,
  resultsResponse,
  siteConversionRequest,
  siteConversionResponse,
} from "@/lib/schemas/links";
import { listConversions as readConversions, reportConversion } from "@/lib/services/links/conversions";
import {
  revokeIngestKey as dropIngestKey,
  createIngestKey as makeIngestKey,
  listIngestKeys as readIngestKeys,
} from "@/lib/services/links/ingest-keys";
import * as links from "@/lib/services/links/links";
import { projectResults } from "@/lib/services/links/results";
import { readLinkSettings, updateLinkSettings as saveLinkSettings } from "@/lib/services/links/settings";
import { trackSiteConversion as recordSiteConversion } from "@/lib/services/links/site-conversion";
import { defineOperation } from "./operation";

// Tracked links, the conversions that come back, and what they add up to.

export const listLinks = defineOperation({
  id: "listLinks",
  rest: { method: "GET", path: "/api/v1/projects/{id}/links" },
  tag: "Results",
  summary: "The project's tracked links with their clicks and conversions",
  description:
    "One link per post that links to the founder's site (made when its draft is written) and any made by hand. `shortUrl` is what posts carry; it redirects to `targetUrl`.",
  params: idParams,
  response: linkListResponse,
  tool: {
    name: "links_list",
    title: "List tracked links",
    description:
      "The project's tracked links, newest first: each post's short link (`shortUrl`), its destination, on or off, and its clicks and conversions; a link's `id` is links_update's `linkId`.",
    readOnly: true,
    idempotent: true,
  },
  handler: ({ params }, ctx) => links.listLinks(ctx, { projectId: params.id }),
});

export const createLink = defineOperation({
  id: "createLink",
  rest: { method: "POST", path: "/api/v1/projects/{id}/links" },
  tag: "Results",
  summary: "Make a tracked link to any address",
  description: "For a post Launchloop did not write (a bio, a forum reply): an http or https address only.",
  params: idParams,
  body: linkCreateRequest,
  status: 201,
  response: linkResponse,
  limit: "write",
  handler: ({ params, body }, ctx) => links.createLink(ctx, { projectId: params.id, ...body }),
});

export const updateLink = defineOperation({
  id: "updateLink",
  rest: { method: "PATCH", path: "/api/v1/links/{linkId}" },
  tag: "Results",
  summary: "Change where a tracked link points, or turn it off",
  description:
    "Off, the item's draft carries the destination itself again; the short link keeps redirecting so posts already out never break.",
  params: linkParams,
  body: linkUpdateRequest,
  response: linkResponse,
  limit: "write",
  // The short link is Launchloop's own redirect: changing it reaches nothing outside (no `reaches`).
  tool: {
    name: "links_update",
    title: "Change a tracked link",
    description:
      "Points a tracked link at another http(s) `destination`, or turns it off (`enabled: false`: the post's draft carries the destination itself; posts already out keep redirecting) or on again.",
    idempotent: true,
  },
  handler: ({ params, body }, ctx) => links.updateLink(ctx, { linkId: params.linkId, ...body }),
});

export const recordConversion = defineOperation({
  id: "recordConversion",
  rest: { method: "POST", path: "/api/v1/projects/{id}/conversions" },
  principals: ["key", "session", "ingest"],
  tag: "Results",
  summary: "Report a sign-up, purchase or other conversion",
  description:
    "From your server, with an API key or the project's secret conversion key (`llw_…`, which can do nothing else). Idempotent by event and `externalId`: the same one twice is one conversion (`duplicate: true`). With the `ll_click` value the visitor landed with, it is attributed to that post; without it, or with an unknown one, it is kept unattributed.",
  params: idParams,
  body: conversionRequest,
  status: 202,
  response: conversionAcceptedResponse,
  handler: ({ params, body }, ctx) => reportConversion(ctx, { projectId: params.id, ...body }),
});

export const listConversions = defineOperation({
  id: "listConversions",
  rest: { method: "GET", path: "/api/v1/projects/{id}/conversions" },
  tag: "Results",
  summary: "The project's conversions, newest first",
  description: "At most 500, each with the post, channel and link it is attributed to (or `attributed: false`).",
  params: idParams,
  response: conversionListResponse,
  handler: ({ params }, ctx) => readConversions(ctx, { projectId: params.id }),
});

export const getResults = defineOperation({
  id: "getResults",
  rest: { method: "GET", path: "/api/v1/projects/{id}/results" },
  tag: "Results",
  summary: "Clicks, sign-ups and conversion rate by item, channel, angle or week",
  description:
    "Counted clicks (bots, prefetches and a visitor's repeats within the hour left out) and attributed conversions between `from` and `to` (UTC days), grouped by `groupBy`, with unattributed conversions beside them.",
  params: idParams,
  query: resultsQuery,
  response: resultsResponse,
  tool: {
    name: "results_get",
    title: "Read results",
    description:
      "Which posts brought clicks and sign-ups, by item, channel, angle, week or tracked link. Read it before planning a week.",
    readOnly: true,
    idempotent: true,
  },
  handler: ({ params, query }, ctx) => projectResults(ctx, { projectId: params.id, ...query }),
});

export const getLinkSettings = defineOperation({
  id: "getLinkSettings",
  rest: { method: "GET", path: "/api/v1/projects/{id}/link-settings" },
  tag: "Results",
  summary: "The project's site address, link tracking and attribution window",
  description:
    "The site posts link to (set here, else the first address of the onboarding answers), whether new drafts get tracked links, and how many days after a click a conversion is credited to it.",
  params: idParams,
  response: linkSettingsResponse,
  handler: ({ params }, ctx) => readLinkSettings(ctx, { projectId: params.id }),
});

export const updateLinkSettings = defineOperation({
  id: "updateLinkSettings",
  rest: { method: "PATCH", path: "/api/v1/projects/{id}/link-settings" },
  tag: "Results",
  summary: "Set the site address, turn link tracking on or off, change the attribution window",
  description:
    "Send at least one member. Turning tracking off changes no draft already written; turn a single post's link off with `PATCH /links/{linkId}`.",
  params: idParams,
  body: linkSettingsRequest,
  response: linkSettingsResponse,
  limit: "write",
  handler: ({ params, body }, ctx) => saveLinkSettings(ctx, { projectId: params.id, ...body }),
});

export const trackSiteConversion = defineOperation({
  id: "trackSiteConversion",
  rest: { method: "POST", path: "/api/v1/track" },
  principals: ["none"],
  cors: true,
  tag: "Results",
  summary: "Report a conversion from the founder's site (the Launchloop script)",
  description:
    "What `launchloop.track(event, {externalId})` posts, from any origin, with the project's publishable key in the body. It can add conversions to that project and read nothing.",
  body: siteConversionRequest,
  status: 202,
  errors: ["unauthorized"],
  response: siteConversionResponse,
  handler: ({ body }, ctx) => recordSiteConversion(ctx, body),
});

export const listIngestKeys = defineOperation({
  id: "listIngestKeys",
  scope: "never",
  rest: { method: "GET", path: "/api/v1/projects/{id}/ingest-keys" },
  tag: "Results",
  summary: "The project's conversion keys (secret and publishable)",
  description: "Each key's kind, name, first characters and last use; the keys themselves were shown once, when made.",
  params: idParams,
  response: ingestKeyListResponse,
  handler: ({ params }, ctx) => readIngestKeys(ctx, { projectId: params.id }),
});

export const createIngestKey = defineOperation({
  id: "createIngestKey",
  scope: "never",
  rest: { method: "POST", path: "/api/v1/projects/{id}/ingest-keys" },
  tag: "Results",
  summary: "Make a key that can only report conversions for this project",
  description:
    "`publishable`: for the script on your site (it is public). `secret`: for your server, as `Authorization: Bearer llw_…` on `POST /projects/{id}/conversions`. Shown once.",
  params: idParams,
  body: ingestKeyCreateRequest,
  status: 201,
  response: ingestKeyCreatedResponse,
  limit: "write",
  handler: ({ params, body }, ctx) => makeIngestKey(ctx, { projectId: params.id, ...body }),
});

export const revokeIngestKey = defineOperation({
  id: "revokeIngestKey",
  scope: "never",
  rest: { method: "DELETE", path: "/api/v1/projects/{id}/ingest-keys/{keyId}" },
  tag: "Results",
  summary: "Revoke a conversion key",
  description: "From then on the key is refused; conversions it reported stay.",
  params: ingestKeyParams,
  response: ingestKeyResponse,
  handler: ({ params }, ctx) => dropIngestKey(ctx, { projectId: params.id, keyId: params.keyId }),
});
