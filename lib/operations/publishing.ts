import { idParams } from "@/lib/schemas/common";
import { growthItemParams, growthItemResponse, itemScheduleRequest } from "@/lib/schemas/growth";
import {
  blueskyConnectRequest,
  connectionListResponse,
  connectionParams,
  connectionResponse,
  formConnectRequest,
  mastodonCallbackRequest,
  mastodonConnectRequest,
  mastodonConnectResponse,
  oauthCallbackRequest,
  oauthConnectRequest,
  oauthConnectResponse,
  publicationConfirmRequest,
  publishingSettingsReadResponse,
  publishingSettingsRequest,
  publishingSettingsResponse,
} from "@/lib/schemas/publishing";
import * as connections from "@/lib/services/connections";
import * as publishing from "@/lib/services/publishing";
import { readPublishingSettings, updatePublishingSettings as savePublishingSettings } from "@/lib/services/publishing-settings";
import { defineOperation } from "./operation";

// Connected accounts and publishing. Connecting needs the browser (an app password typed
// into a form, an OAuth redirect): those operations are the dashboard's only.

export const listConnections = defineOperation({
  id: "listConnections",
  rest: { method: "GET", path: "/api/v1/projects/{id}/connections" },
  tag: "Publishing",
  summary: "The project's connected network accounts",
  description:
    "Bluesky, Mastodon, LinkedIn and X accounts connected in project settings. Secrets are never returned. Use an id as an item's `connectionId`.",
  params: idParams,
  response: connectionListResponse,
  tool: {
    name: "publishing_list_connections",
    title: "List connected accounts",
    description: "The project's connected accounts (connected in project settings), for growth_review_item's connectionId.",
    readOnly: true,
    idempotent: true,
  },
  handler: ({ params }, ctx) => connections.listConnections(ctx, { projectId: params.id }),
});

export const deleteConnection = defineOperation({
  id: "deleteConnection",
  rest: { method: "DELETE", path: "/api/v1/connections/{connectionId}" },
  tag: "Publishing",
  summary: "Disconnect an account and forget its secrets",
  // Connecting and disconnecting network accounts stays with the founder.
  scope: "never",
  description:
    "Items scheduled on it keep their time, at which the founder is reminded to post them by hand; published posts stay on the network.",
  params: connectionParams,
  response: connectionResponse,
  handler: ({ params }, ctx) => connections.deleteConnection(ctx, params),
});

export const connectBluesky = defineOperation({
  id: "connectBluesky",
  principals: ["session"],
  tag: "Dashboard",
  summary: "Connect a Bluesky account with an app password",
  body: blueskyConnectRequest,
  response: connectionResponse,
  errors: ["connection_refused", "provider_unavailable"],
  limit: "write",
  reaches: "Bluesky: the handle and app password are checked there",
  handler: ({ body: { projectId, ...fields } }, ctx) =>
    connections.connectWithForm(ctx, { projectId, network: "bluesky", fields }),
});

export const connectWithForm = defineOperation({
  id: "connectWithForm",
  principals: ["session"],
  tag: "Dashboard",
  summary:
    "Connect an account with its network's form (a Discord webhook URL, a WordPress application password, a Buttondown API key)",
  body: formConnectRequest,
  response: connectionResponse,
  errors: ["connection_refused", "provider_unavailable"],
  limit: "write",
  reaches: "the network: what the founder typed is checked there",
  handler: ({ body }, ctx) => connections.connectWithForm(ctx, body),
});

export const startMastodonConnection = defineOperation({
  id: "startMastodonConnection",
  principals: ["session"],
  tag: "Dashboard",
  summary: "Register Launchloop on a Mastodon instance and get its authorize page",
  body: mastodonConnectRequest,
  response: mastodonConnectResponse,
  errors: ["connection_refused", "provider_unavailable"],
  limit: "write",
  reaches: "the Mastodon instance: Launchloop is registered there as an app",
  handler: ({ body: { projectId, ...instance } }, ctx) =>
    connections.startOAuthConnection(ctx, { projectId, network: "mastodon", instance }),
});

export const finishMastodonConnection = defineOperation({
  id: "finishMastodonConnection",
  principals: ["session"],
  tag: "Dashboard",
  summary: "Finish connecting Mastodon with the code the instance sent back",
  body: mastodonCallbackRequest,
  response: connectionResponse,
  errors: ["connection_refused", "provider_unavailable"],
  reaches: "the Mastodon instance: the code is exchanged for a token there",
  handler: ({ body }, ctx) => connections.finishOAuthConnection(ctx, { network: "mastodon", ...body }),
});

export const startOAuthConnection = defineOperation({
  id: "startOAuthConnection",
  principals: ["session"],
  tag: "Dashboard",
  summary: "Start connecting LinkedIn or X (OAuth 2.0; PKCE on X) and get the network's authorize page",
  body: oauthConnectRequest,
  response: oauthConnectResponse,
  limit: "write",
  handler: ({ body }, ctx) => connections.startOAuthConnection(ctx, body),
});

export const finishOAuthConnection = defineOperation({
  id: "finishOAuthConnection",
  principals: ["session"],
  tag: "Dashboard",
  summary: "Finish connecting LinkedIn or X with the code the network sent back",
  body: oauthCallbackRequest,
  response: connectionResponse,
  errors: ["connection_refused", "provider_unavailable"],
  reaches: "the social network (LinkedIn, X): the code is exchanged for a token there",
  handler: ({ body }, ctx) => connections.finishOAuthConnection(ctx, body),
});

export const updatePublishingSettings = defineOperation({
  id: "updatePublishingSettings",
  rest: { method: "PATCH", path: "/api/v1/projects/{id}/publishing" },
  tag: "Publishing",
  summary: "Set the time zone scheduled posts default to, and whether reminders to post by hand are e-mailed",
  description:
    "An approved item defaults to its planned day at the channel's usual hour in this IANA time zone (e.g. `Europe/Berlin`). " +
    "`emailReminders` (default off): when a post on a channel with no connected account is due, also e-mail the founder the post, ready to copy.",
  params: idParams,
  body: publishingSettingsRequest,
  response: publishingSettingsResponse,
  handler: ({ params, body }, ctx) => savePublishingSettings(ctx, { projectId: params.id, ...body }),
});

export const publishItem = defineOperation({
  id: "publishItem",
  rest: { method: "POST", path: "/api/v1/growth/items/{itemId}/publish" },
  tag: "Publishing",
  summary: "Publish an approved item on its connected account now",
  scope: "launchloop:publish",
  description:
    "409 `not_publishable` unless the item is approved and has a connected account. The post goes out within seconds: " +
    "`publication.status` moves from `scheduled` to `publishing` to `published` (with `url`) or `failed` (with `error`; call this again to retry).",
  params: growthItemParams,
  status: 202,
  response: growthItemResponse,
  errors: ["not_publishable", "upgrade_required"],
  tool: {
    name: "growth_publish_item",
    title: "Publish an item now",
    description: "Publishes an approved item on its connected account now, or retries a failed one. Only when the founder asks.",
  },
  reaches: "the connected social network: the post goes out on it",
  handler: ({ params }, ctx) => publishing.publishNow(ctx, params),
});

export const confirmPublication = defineOperation({
  id: "confirmPublication",
  rest: { method: "POST", path: "/api/v1/growth/items/{itemId}/publication/confirm" },
  tag: "Publishing",
  summary: "Say whether a post that may have gone out did, or that you posted a due post by hand",
  description:
    "For `publication.status` `unconfirmed`: the post was sent to X or LinkedIn (which take no idempotency key) and the answer was lost, " +
    "so Launchloop never posts it again on its own. `posted` with the live post's `url` marks it `published`; " +
    "`not_posted` posts it again now. For `due` (its time came on a channel with no connected account): `posted` with the `url` " +
    'is the founder\'s "I posted it"; so it is for an approved item with no connected account before its time. ' +
    "A link is always required with `posted`. 409 `not_publishable` when the item is not waiting for this answer.",
  // "Not posted" sends it again: posting, for a connected app.
  scope: "launchloop:publish",
  params: growthItemParams,
  body: publicationConfirmRequest,
  response: growthItemResponse,
  errors: ["not_publishable", "upgrade_required"],
  tool: {
    name: "growth_confirm_publication",
    title: "Confirm whether a post went out",
    description:
      "For an item whose publication is `unconfirmed` (it may have gone out), only with the founder's answer once they checked the account: `posted` marks it published, `not_posted` posts it again.",
  },
  handler: ({ params, body }, ctx) =>
    publishing.confirmPublication(
      ctx,
      body.outcome === "posted"
        ? { itemId: params.itemId, outcome: "posted", url: body.url! }
        : { itemId: params.itemId, outcome: "not_posted" },
    ),
  reaches: "the connected social network: a post not posted goes out again",
});

export const pullItemMetrics = defineOperation({
  id: "pullItemMetrics",
  rest: { method: "POST", path: "/api/v1/growth/items/{itemId}/metrics" },
  tag: "Publishing",
  summary: "Pull a published item's numbers from the network now",
  description: "Likes, reposts or boosts, replies and quotes. They are also pulled about 1 h, 24 h and 7 d after publishing.",
  params: growthItemParams,
  response: growthItemResponse,
  errors: ["not_publishable", "provider_unavailable"],
  tool: {
    name: "growth_item_results",
    title: "Get a post's results",
    description: "Pulls a published item's likes, reposts, replies and quotes now, for the weekly retro.",
    idempotent: true,
  },
  reaches: "the connected social network: the post's numbers are read from it",
  handler: ({ params }, ctx) => publishing.pullItemMetrics(ctx, params),
});

export const scheduleItem = defineOperation({
  id: "scheduleItem",
  tag: "Dashboard",
  summary:
    "Schedule (or unschedule) an approved item: on a connected account it is published, without one the founder is reminded (REST and MCP: the item's PATCH and growth_review_item)",
  scope: "launchloop:publish",
  params: growthItemParams,
  body: itemScheduleRequest,
  response: growthItemResponse,
  errors: ["not_publishable", "upgrade_required"],
  reaches: "the connected social network: the scheduled post goes out on it at its time (without an account, a reminder instead)",
  handler: ({ params, body }, ctx) => publishing.scheduleItem(ctx, { ...params, ...body }),
});

export const getPublishingSettings = defineOperation({
  id: "getPublishingSettings",
  rest: { method: "GET", path: "/api/v1/projects/{id}/publishing" },
  tag: "Publishing",
  summary: "The time zone scheduled posts default to, e-mail reminders, and the networks that can be connected here",
  description:
    "The project's IANA time zone and whether reminders to post by hand are e-mailed (change them with PATCH), and which networks this server can connect accounts of.",
  params: idParams,
  response: publishingSettingsReadResponse,
  handler: ({ params }, ctx) => readPublishingSettings(ctx, { projectId: params.id }),
});
