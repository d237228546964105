import "server-only";
import type { ServiceContext } from "@/lib/core/context";
import { getOwnedItem } from "../growth/load";
import { imagesOfItem } from "./load";
import { describeImage } from "./serialize";

/** The item's images, first to last, each with a short-lived URL. */
export async function listItemImages(ctx: ServiceContext, { itemId }: { itemId: string }) {
  const { item } = await getOwnedItem(ctx.db, { accountId: ctx.account.id, itemId });
  const rows = await imagesOfItem(ctx.db, { accountId: ctx.account.id, itemId: item.id });
  return { images: await Promise.all(rows.map(describeImage)) };
}
