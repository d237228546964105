import type { ReactNode } from "react";
import { cx } from "./cx";

export type NoticeTone = "info" | "success" | "warning" | "danger";

const tones: Record<NoticeTone, string> = {
  info: "border-accent/20 bg-accent-soft text-ink",
  success: "border-success/20 bg-success-soft text-ink",
  warning: "border-warning/30 bg-warning-soft text-ink",
  danger: "border-danger/25 bg-danger-soft text-ink",
};

/**
 * A message in the page (a form's overall error, a confirmation). Errors are announced
 * at once (role=alert), everything else politely (role=status).
 */
export function Notice({
  tone = "info",
  title,
  children,
  className,
}: {
  tone?: NoticeTone;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div
      role={tone === "danger" ? "alert" : "status"}
      className={cx("rounded-lg border px-4 py-3 text-sm", tones[tone], className)}
    >
      {title && <p className="font-semibold">{title}</p>}
      {children && <div className={cx(title ? "mt-1" : undefined, "text-ink/90")}>{children}</div>}
    </div>
  );
}
