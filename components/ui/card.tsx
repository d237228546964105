import type { HTMLAttributes, ReactNode } from "react";
import { cx } from "./cx";

export function Card({ className, ...props }: HTMLAttributes<HTMLElement>) {
  return <section className={cx("card", className)} {...props} />;
}

/** A card's title row: heading, optional description and actions on the right. */
export function CardHeader({
  title,
  description,
  actions,
  id,
  tone,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  id?: string;
  tone?: "danger";
}) {
  return (
    <div className="card-header">
      <div className="min-w-0 space-y-1">
        <h2 id={id} className={cx("text-lg font-semibold tracking-tight", tone === "danger" && "text-danger")}>
          {title}
        </h2>
        {description && <p className="text-sm text-muted">{description}</p>}
      </div>
      {actions && <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

export function CardBody({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cx("px-5 py-5 sm:px-6", className)} {...props} />;
}

export function CardFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cx(
        "flex flex-wrap items-center justify-end gap-3 border-t border-line bg-canvas/60 px-5 py-3 sm:px-6 rounded-b-[var(--radius-card)]",
        className,
      )}
      {...props}
    />
  );
}
