import { Badge, cx } from "./ui";

/** The plan a gated action needs, on the action itself before any click: "Pro". */
export function PlanBadge({ plan, className }: { plan: string; className?: string }) {
  return (
    <Badge tone="accent" className={cx("ml-1.5", className)} data-testid="plan-badge">
      {plan}
      <span className="sr-only"> plan</span>
    </Badge>
  );
}
