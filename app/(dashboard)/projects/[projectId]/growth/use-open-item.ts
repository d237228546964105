import { useEffect, useRef, useState } from "react";
import type { GrowthItem } from "@/components/growth/types";

/** What still needs the founder first: a draft to review, then an item to draft, then one to publish. */
const reviewOrder: GrowthItem["status"][] = ["draft", "planned", "approved"];

const itemIdIn = (hash: string) => /^#item-(.+)$/.exec(hash)?.[1] ?? null;

const firstToReview = (ordered: GrowthItem[]) =>
  reviewOrder.map((status) => ordered.find((item) => item.status === status)).find(Boolean) ?? ordered[0];

/**
 * The one item whose draft the board shows: the one the address names (`#item-…`, which the
 * calendar, Previous, Next and the blank warnings link to), else the first that needed the
 * founder when the board opened (it stays open when approved). Following a link to an item
 * scrolls to its draft.
 */
export function useOpenItem(ordered: GrowthItem[]) {
  const [namedId, setNamedId] = useState(() => firstToReview(ordered)?.id ?? null);
  const scrollPending = useRef(false);
  useEffect(() => {
    const follow = () => {
      const id = itemIdIn(window.location.hash);
      if (!id) return;
      scrollPending.current = true;
      setNamedId(id);
    };
    follow();
    window.addEventListener("hashchange", follow);
    return () => window.removeEventListener("hashchange", follow);
  }, []);
  useEffect(() => {
    if (!scrollPending.current || !namedId) return;
    scrollPending.current = false;
    document.getElementById(`item-${namedId}`)?.scrollIntoView({ block: "start" });
  }, [namedId]);

  const openItem = ordered.find((item) => item.id === namedId) ?? firstToReview(ordered);
  return { openItem, position: openItem ? ordered.indexOf(openItem) : -1 };
}
