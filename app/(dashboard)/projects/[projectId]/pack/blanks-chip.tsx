import Link from "next/link";
import { cx } from "@/components/ui";
import { blanksLeft } from "@/lib/drafts/blanks";

/** The pack's blanks as one filter chip with their count: on, the step shows only its parts with blanks left. */
export function BlanksChip({ count, on, href }: { count: number; on: boolean; href: string }) {
  return (
    <Link
      href={href}
      scroll={false}
      data-testid="pack-blanks"
      aria-current={on ? "true" : undefined}
      className={cx(
        "inline-flex items-center gap-2 rounded-full border px-3 py-1 text-sm font-medium no-underline",
        on ? "border-warning bg-warning text-white" : "border-warning/40 bg-warning-soft text-warning hover:border-warning",
      )}
    >
      <span>{blanksLeft(count)} in the pack</span>
      <span className={cx("text-xs font-normal", on ? "text-white/90" : "text-ink/80")}>
        {on ? "✕ Show every part" : "Show only those parts"}
      </span>
    </Link>
  );
}
