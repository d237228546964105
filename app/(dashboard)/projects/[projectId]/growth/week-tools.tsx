"use client";

import dynamic from "next/dynamic";
import { type ComponentProps, useState } from "react";
import type { ItemsCsvCard as CsvCard } from "./items-csv-card";
import type { ReviewLinksCard as ReviewCard } from "./review-links-card";

// Asked for now and then, so their code loads on the first open, not with the week's board.
const ItemsCsvCard = dynamic(() => import("./items-csv-card").then((module) => module.ItemsCsvCard));
const ReviewLinksCard = dynamic(() => import("./review-links-card").then((module) => module.ReviewLinksCard));

/** The week's review links and CSV, folded: the drafts are the work, these are for now and then. */
export function WeekTools({ csv, review }: { csv: ComponentProps<typeof CsvCard>; review: ComponentProps<typeof ReviewCard> }) {
  const [opened, setOpened] = useState(false);
  return (
    <details
      className="rounded-xl border border-line bg-surface"
      data-testid="week-tools"
      onToggle={(event) => event.currentTarget.open && setOpened(true)}
    >
      <summary className="cursor-pointer px-4 py-3 text-sm font-medium">
        Review links and CSV: ask someone to review this week, or move its items in and out of a spreadsheet
      </summary>
      {opened && (
        <div className="space-y-4 px-4 pb-4">
          <ItemsCsvCard {...csv} />
          <ReviewLinksCard {...review} />
        </div>
      )}
    </details>
  );
}
