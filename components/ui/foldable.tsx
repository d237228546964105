"use client";

import { type ReactNode, useId, useLayoutEffect, useRef, useState } from "react";

/**
 * Long content folded to a screenful with "Show all"; short content shown as is. The fold
 * is measured after render, so it never hides a section that fits. Below 640 px it folds to
 * `narrowMaxHeight`, where a screenful is shorter.
 */
export function Foldable({
  children,
  maxHeight = 480,
  narrowMaxHeight = maxHeight,
  label,
}: {
  children: ReactNode;
  maxHeight?: number;
  narrowMaxHeight?: number;
  label: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const id = useId();
  const [long, setLong] = useState(false);
  const [open, setOpen] = useState(false);
  const [limit, setLimit] = useState(maxHeight);
  useLayoutEffect(() => {
    const narrow = window.matchMedia("(max-width: 639px)");
    const measure = () => {
      const fold = narrow.matches ? narrowMaxHeight : maxHeight;
      setLimit(fold);
      if (ref.current) setLong(ref.current.scrollHeight > fold + 120);
    };
    measure();
    narrow.addEventListener("change", measure);
    return () => narrow.removeEventListener("change", measure);
  }, [maxHeight, narrowMaxHeight]);
  const folded = long && !open;
  return (
    <div>
      <div
        id={id}
        ref={ref}
        className={
          folded
            ? "relative overflow-hidden after:pointer-events-none after:absolute after:inset-x-0 after:bottom-0 after:h-20 after:bg-gradient-to-t after:from-surface"
            : undefined
        }
        style={folded ? { maxHeight: limit } : undefined}
      >
        {children}
      </div>
      {long && (
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((value) => !value)}
          className="mt-2 text-sm font-medium text-accent hover:underline"
        >
          {open ? `Fold ${label}` : `Show all of ${label}`}
        </button>
      )}
    </div>
  );
}
