import { reviewTransition } from "@/lib/growth/item-transitions";
import { itemStatuses } from "@/lib/schemas/growth-lists";

type ItemStatus = (typeof itemStatuses)[number];

/** The review moves lib/growth's transition table allows from a status; publishing has its own form. */
export const reviewMovesFrom = (status: ItemStatus) =>
  itemStatuses.filter((to) => to !== "published" && reviewTransition(status, to) === "allowed");
