import { growthItemParams } from "@/lib/schemas/growth";
import {
  itemCardRequest,
  itemImageListResponse,
  itemImageParams,
  itemImageResponse,
  itemImageUpdateRequest,
  itemImageUploadRequest,
  itemImageUploadResponse,
} from "@/lib/schemas/item-images";
import * as images from "@/lib/services/item-images";
import { defineOperation } from "./operation";

// A growth item's images: up to four per post, each with alt text, sent with the post.

export const listItemImages = defineOperation({
  id: "listItemImages",
  rest: { method: "GET", path: "/api/v1/growth/items/{itemId}/images" },
  tag: "Growth",
  summary: "A growth item's images, first to last, each with a URL that reads it for an hour",
  description: "The images the post carries (at most four), in order, with their alt text, size and source (`upload` or `card`).",
  params: growthItemParams,
  response: itemImageListResponse,
  handler: ({ params }, ctx) => images.listItemImages(ctx, params),
});

export const uploadItemImage = defineOperation({
  id: "uploadItemImage",
  rest: { method: "POST", path: "/api/v1/growth/items/{itemId}/images" },
  tag: "Growth",
  summary: "Attach an image to a growth item (PNG, JPEG or WebP, up to 750 KB, at most four per post)",
  description:
    "Send `contentType`, `data` (the bytes, base64) and optionally `alt`. The bytes must be the image they claim (400 otherwise); " +
    "the image is drawn anew (metadata such as EXIF and location is dropped) and goes last. A fifth image is 409 `image_limit`. " +
    "Alt text is required before the post is scheduled or published: without `alt`, a configured model drafts it from the image and the post " +
    "(`altDrafting`: it lands within seconds; alt text written first is kept), and with none the founder writes it. Counts against the hourly write limit.",
  params: growthItemParams,
  body: itemImageUploadRequest,
  status: 201,
  response: itemImageUploadResponse,
  errors: ["not_publishable", "image_limit"],
  limit: "write",
  tool: {
    name: "growth_attach_image",
    title: "Attach an image to a post",
    description: "Adds an image to a growth item (at most four). Give alt text: a post is not scheduled without it.",
  },
  handler: ({ params, body }, ctx) => images.uploadItemImage(ctx, { itemId: params.itemId, image: body }),
});

export const attachItemCard = defineOperation({
  id: "attachItemCard",
  rest: { method: "POST", path: "/api/v1/growth/items/{itemId}/images/card" },
  tag: "Growth",
  summary: "Attach a brand card drawn for a growth item (a 1080x1080 PNG, the post's title as its headline)",
  description:
    "Draws a card from the project's brand (name, colours, logo) with `headline` (default: the item's title) and attaches it " +
    "like an upload, with alt text in the project's language unless `alt` is given. A fifth image is 409 `image_limit`.",
  params: growthItemParams,
  body: itemCardRequest,
  status: 201,
  response: itemImageResponse,
  errors: ["image_limit"],
  limit: "write",
  tool: {
    name: "growth_attach_card",
    title: "Attach a brand card to a post",
    description: "Draws a brand card (the post's title, or `headline`) and attaches it to a growth item, with alt text.",
  },
  handler: ({ params, body }, ctx) => images.attachItemCard(ctx, { itemId: params.itemId, card: body }),
});

export const updateItemImage = defineOperation({
  id: "updateItemImage",
  rest: { method: "PATCH", path: "/api/v1/growth/items/{itemId}/images/{imageId}" },
  tag: "Growth",
  summary: "Set an image's alt text, or move it to another place",
  description: "`alt` replaces the alt text; `position` (1 is first) moves the image, the others shifting to make room.",
  params: itemImageParams,
  body: itemImageUpdateRequest,
  response: itemImageResponse,
  errors: ["not_publishable"],
  tool: {
    name: "growth_update_image",
    title: "Set an image's alt text or place",
    description: "Sets a post image's alt text and/or moves it (position 1 is first).",
    idempotent: true,
  },
  handler: ({ params, body }, ctx) => images.updateItemImage(ctx, { ...params, ...body }),
});

export const removeItemImage = defineOperation({
  id: "removeItemImage",
  rest: { method: "DELETE", path: "/api/v1/growth/items/{itemId}/images/{imageId}" },
  tag: "Growth",
  summary: "Remove an image from a growth item",
  description: "The images after it move up. Answers the removed image (its URL no longer reads it).",
  params: itemImageParams,
  response: itemImageResponse,
  errors: ["not_publishable"],
  tool: {
    name: "growth_remove_image",
    title: "Remove an image from a post",
    description: "Removes an image from a growth item; the ones after it move up.",
    destructive: true,
    idempotent: true,
  },
  handler: ({ params }, ctx) => images.removeItemImage(ctx, params),
});
