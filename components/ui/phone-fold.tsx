"use client";

import { type ReactNode, useLayoutEffect, useRef } from "react";
import { cx } from "./cx";

/**
 * A secondary part of a page, open on wider screens and folded behind its summary below
 * 640 px, where every part adds to a long scroll. Drawn open (the server does not know the
 * width) with its content hidden by CSS on a phone until the browser places it (`data-placed`),
 * so a phone never sees it open and fold; an address that points into it (or at one of
 * `anchors`) opens it.
 */
const none: string[] = [];

export function PhoneFold({
  summary,
  children,
  className,
  anchors = none,
  "data-testid": testId,
}: {
  summary: ReactNode;
  children: ReactNode;
  className?: string;
  /** Ids elsewhere on the page (e.g. its card's heading) whose address opens it. */
  anchors?: string[];
  "data-testid"?: string;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  // Placed once per page (and again when the width crosses 640 px), never on a re-render.
  const anchorList = anchors.join(" ");
  useLayoutEffect(() => {
    const details = ref.current;
    if (!details) return;
    const narrow = window.matchMedia("(max-width: 639px)");
    const place = () => {
      const hash = decodeURIComponent(window.location.hash.slice(1));
      const target = hash ? document.getElementById(hash) : null;
      const pointedAt = hash !== "" && (anchorList.split(" ").includes(hash) || Boolean(target && details.contains(target)));
      details.open = !narrow.matches || pointedAt;
      details.dataset.placed = "";
    };
    place();
    narrow.addEventListener("change", place);
    return () => narrow.removeEventListener("change", place);
  }, [anchorList]);
  return (
    <details ref={ref} open className={cx("phone-fold group/fold", className)} data-testid={testId}>
      <summary className="cursor-pointer py-1 text-sm font-medium text-accent sm:hidden">{summary}</summary>
      {children}
    </details>
  );
}
