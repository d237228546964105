import type { GrowthItem } from "@/components/growth/types";

const count = (value: number, one: string, many = `${one}s`) => `${value} ${value === 1 ? one : many}`;

/** An item's tracked link and what it brought, beside the network's numbers: sign-ups first. */
export function ItemResults({ tracking }: { tracking: GrowthItem["tracking"] }) {
  if (!tracking) return null;
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" data-testid="item-results">
      <span className="font-semibold">{count(tracking.signups, "sign-up")}</span>
      <span className="text-muted">{count(tracking.clicks, "click")}</span>
      <span className="min-w-0 truncate font-mono text-xs text-muted" title="This post's tracked link">
        {tracking.shortUrl.replace(/^https?:\/\//, "")}
      </span>
    </p>
  );
}

/** The week board's small line: sign-ups and clicks once a post's link was clicked. */
export function ItemResultsBadge({ tracking }: { tracking: GrowthItem["tracking"] }) {
  if (!tracking || (tracking.clicks === 0 && tracking.signups === 0)) return null;
  return (
    <span className="block text-xs text-muted tabular-nums" data-testid="board-item-results">
      {count(tracking.signups, "sign-up")} · {count(tracking.clicks, "click")}
    </span>
  );
}
