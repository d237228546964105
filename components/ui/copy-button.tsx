"use client";

import { useState } from "react";
import { Button } from "./button";

/** Copies `value` to the clipboard and says so (to sighted users and screen readers). */
export function CopyButton({ value, label = "Copy" }: { value: string; label?: string }) {
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
    <Button variant="secondary" size="sm" onClick={copy}>
      <span aria-live="polite">{copied ? "Copied" : label}</span>
    </Button>
  );
}
