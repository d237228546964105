import type { HTMLAttributes, TdHTMLAttributes, ThHTMLAttributes } from "react";
import { cx } from "./cx";

/**
 * A table that scrolls sideways on narrow screens instead of breaking the page. The wrapper
 * is positioned so screen-reader-only (absolute) cells scroll with it rather than widen the page.
 */
export function Table({ className, caption, children, ...props }: HTMLAttributes<HTMLTableElement> & { caption?: string }) {
  return (
    <div className="relative -mx-5 overflow-x-auto sm:mx-0">
      <table className={cx("w-full border-collapse text-left text-sm", className)} {...props}>
        {caption && <caption className="sr-only">{caption}</caption>}
        {children}
      </table>
    </div>
  );
}

export function THead(props: HTMLAttributes<HTMLTableSectionElement>) {
  return <thead className="border-b border-line text-xs font-semibold tracking-wide text-muted uppercase" {...props} />;
}

export function TBody(props: HTMLAttributes<HTMLTableSectionElement>) {
  return <tbody className="divide-y divide-line" {...props} />;
}

export function TR(props: HTMLAttributes<HTMLTableRowElement>) {
  return <tr {...props} />;
}

export function TH({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      scope="col"
      className={cx("px-5 py-2.5 font-semibold whitespace-nowrap sm:px-3 first:sm:pl-0 last:sm:pr-0", className)}
      {...props}
    />
  );
}

export function TD({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cx("px-5 py-3 align-middle sm:px-3 first:sm:pl-0 last:sm:pr-0", className)} {...props} />;
}
