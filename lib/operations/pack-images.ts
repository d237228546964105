import { fileResultSchema } from "@/lib/core/file-result";
import { idParams } from "@/lib/schemas/common";
import {
  deletedPackImageResponse,
  packImageListResponse,
  packImageParams,
  packImageRenderRequest,
  packImageResponse,
  packImageUpdateRequest,
  sharedImageParams,
} from "@/lib/schemas/pack-images";
import * as images from "@/lib/services/pack-images/pack-images";
import { defineOperation } from "./operation";

// The launch pack's brand cards: drawn from the brand system, each with alt text in the project's language.

export const listPackImages = defineOperation({
  id: "listPackImages",
  rest: { method: "GET", path: "/api/v1/projects/{id}/pack-images" },
  tag: "Launch pack",
  summary: "The launch pack's brand cards, each with a short-lived PNG URL and its alt text",
  description:
    "Five cards drawn from the chosen name, tagline, palette and logo when the launch assets step completes: `open-graph` 1200x630, " +
    "`square` 1080x1080, `portrait` 1080x1350, `product-hunt` 1270x760, `header` 1500x500. `url` lasts an hour; list again for a new one.",
  params: idParams,
  response: packImageListResponse,
  handler: ({ params }, ctx) => images.listPackImages(ctx, { projectId: params.id }),
});

export const renderPackImages = defineOperation({
  id: "renderPackImages",
  rest: { method: "POST", path: "/api/v1/projects/{id}/pack-images/render" },
  tag: "Launch pack",
  summary: "Draw the brand cards again from the brand as it is now (one kind, or all five)",
  description:
    "Takes the current name, tagline, palette and logo; a card whose headline or alt text the founder wrote keeps them. " +
    "A card that fails to draw keeps its last PNG and says why in `error`.",
  params: idParams,
  body: packImageRenderRequest,
  bodyOptional: true,
  response: packImageListResponse,
  limit: "write",
  tool: {
    name: "pack_images_render",
    title: "Render brand cards",
    description:
      "Draws the launch pack's brand cards (Open Graph, square, portrait, Product Hunt, header) from the brand; returns PNG URLs and alt text.",
    idempotent: true,
  },
  handler: ({ params, body }, ctx) => images.renderPackImages(ctx, { projectId: params.id, kind: body.kind }),
});

export const updatePackImage = defineOperation({
  id: "updatePackImage",
  rest: { method: "PATCH", path: "/api/v1/pack-images/{packImageId}" },
  tag: "Launch pack",
  summary: "Change a card's headline or alt text; the card is drawn again",
  description:
    "The founder's words are kept on later draws (a new launch assets run does not replace them). A new headline without new alt text writes the alt text anew.",
  params: packImageParams,
  body: packImageUpdateRequest,
  response: packImageResponse,
  limit: "write",
  handler: ({ params, body }, ctx) => images.updatePackImage(ctx, { imageId: params.packImageId, ...body }),
});

export const deletePackImage = defineOperation({
  id: "deletePackImage",
  rest: { method: "DELETE", path: "/api/v1/pack-images/{packImageId}" },
  tag: "Launch pack",
  summary: "Remove a card and its PNG",
  description: "Rendering its kind again (POST /api/v1/projects/{id}/pack-images/render) draws it anew.",
  params: packImageParams,
  response: deletedPackImageResponse,
  handler: ({ params }, ctx) => images.deletePackImage(ctx, { imageId: params.packImageId }),
});

export const getSharedPackImage = defineOperation({
  id: "getSharedPackImage",
  rest: { method: "GET", path: "/api/v1/share/{token}/images/{kind}" },
  principals: ["none"],
  tag: "Launch pack",
  summary: "A brand card behind a live share link (the share page's Open Graph image)",
  description: "No key: the share link's token is the secret. Unknown or revoked links, and cards not drawn, answer 404.",
  params: sharedImageParams,
  response: fileResultSchema,
  files: { "image/png": { description: "The card as PNG" } },
  handler: ({ params }, ctx) => images.getSharedPackImage(ctx, params),
});
