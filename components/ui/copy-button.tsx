"use client";

import { useState } from "react";
import { Button } from "./button";

/**
 * Copies `value` to the clipboard and says so (to sighted users and screen readers); a `guard`
 * (e.g. the blank guard) may ask first.
 */
export function CopyButton({
  value,
  label = "Copy",
  guard,
}: {
  value: string;
  label?: string;
  guard?: (action: string, run: () => void) => void;
}) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      // Clipboard refused (insecure context): select the text for a manual copy instead.
      return;
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 2500);
  }
  return (
    <Button variant="secondary" size="sm" onClick={() => (guard ? guard("Copy", () => void copy()) : void copy())}>
      <span aria-live="polite">{copied ? "Copied" : label}</span>
    </Button>
  );
}
