import "server-only";
import type { z } from "zod";
import type { ServiceContext } from "@/lib/core/context";
import { cardAltText } from "@/lib/i18n/card-words";
import { renderCard } from "@/lib/images/render-card";
import type { itemCardRequest } from "@/lib/schemas/item-images";
import { getOwnedItem } from "../growth/load";
import { packDesign } from "../pack-images/card-design";
import { attachItemImage } from "./attach";
import { countItemImages, refuseImageOver } from "./load";
import { describeImage } from "./serialize";

/**
 * The card a post gets: square, the shape every network shows whole alone and crops least
 * beside other images (two side by side, a grid of four); a landscape card lost its words.
 */
const postCardSize = "square" as const;

/**
 * A brand card drawn for one post (the project's name, colours and logo, the post's title as
 * its headline unless the founder gives one), attached like an upload, with alt text written
 * in the project's language unless given. A post with four images already is refused first,
 * without drawing (a cheap count; the count under the item's lock in `attachItemImage` decides).
 */
export async function attachItemCard(
  ctx: ServiceContext,
  { itemId, card }: { itemId: string; card: z.infer<typeof itemCardRequest> },
) {
  const { item, project } = await getOwnedItem(ctx.db, { accountId: ctx.account.id, itemId });
  // A full post is refused before a card is drawn; the count under the item's lock stays the rule.
  refuseImageOver(await countItemImages(ctx.db, { accountId: ctx.account.id, itemId: item.id }));
  const design = await packDesign(ctx.db, project);
  const headline = card.headline ?? item.title;
  const drawn = await renderCard({ ...design.base, headline }, postCardSize);
  const alt =
    card.alt ??
    cardAltText(project.language, { kind: postCardSize, name: design.base.name, headline, logo: Boolean(design.base.logo) });
  const row = await attachItemImage(ctx.db, {
    accountId: ctx.account.id,
    itemId: item.id,
    image: { bytes: drawn.png, contentType: "image/png", width: drawn.width, height: drawn.height },
    alt,
    source: "card",
    now: ctx.now,
  });
  return { image: await describeImage(row) };
}
