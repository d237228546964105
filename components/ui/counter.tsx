"use client";

import { useEffect, useState } from "react";
import { cx } from "./cx";

/** A live "12 / 200" counter for the input with id `inputId`; polite, so it does not interrupt typing. */
export function Counter({ id, inputId, max }: { id: string; inputId: string; max: number }) {
  const [length, setLength] = useState<number | undefined>(undefined);
  useEffect(() => {
    const input = document.getElementById(inputId) as HTMLInputElement | HTMLTextAreaElement | null;
    if (!input) return;
    const update = () => setLength(input.value.length);
    update();
    input.addEventListener("input", update);
    return () => input.removeEventListener("input", update);
  }, [inputId]);
  return (
    <span id={id} aria-live="polite" className={cx("text-xs tabular-nums", (length ?? 0) > max ? "text-danger" : "text-muted")}>
      {length === undefined ? `max ${max}` : `${length} / ${max}`}
    </span>
  );
}
