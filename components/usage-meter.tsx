import { cx } from "./ui";

/** "3 / 15" with a bar; the numbers are the accessible text, the bar only decoration. */
export function UsageMeter({ label, used, limit, note }: { label: string; used: number; limit: number; note?: string }) {
  const ratio = limit > 0 ? Math.min(1, used / limit) : 1;
  return (
    <div className="space-y-2">
      <div className="flex items-baseline justify-between gap-3 text-[15px]">
        <span className="font-medium">{label}</span>
        <span className="tabular-nums">
          <strong>{used}</strong>{" "}
          <span className="text-muted">
            / {limit}
            {note ? ` ${note}` : ""}
          </span>
        </span>
      </div>
      <div aria-hidden className="h-2 overflow-hidden rounded-full bg-sunken">
        <div
          className={cx("h-full rounded-full", ratio >= 1 ? "bg-danger" : ratio >= 0.8 ? "bg-warning" : "bg-accent")}
          style={{ width: `${Math.max(ratio * 100, used > 0 ? 4 : 0)}%` }}
        />
      </div>
    </div>
  );
}
