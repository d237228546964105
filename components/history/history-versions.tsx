"use client";

import { useState } from "react";
import { cx } from "@/components/ui";
import { When } from "@/components/ui/when";
import { lineDiff } from "./line-diff";

/** An item's earlier versions to pick from, the chosen one shown as a diff against the text as it is now. */
export function HistoryVersions({
  versions,
  now,
}: {
  versions: Array<{ id: string; body: string; createdAt: string }>;
  now: string;
}) {
  const [chosen, setChosen] = useState(0);
  const version = versions[chosen];
  return (
    <div className="space-y-3">
      <ol className="flex flex-wrap gap-2" aria-label="Earlier versions">
        {versions.map((entry, index) => (
          <li key={entry.id}>
            <button
              type="button"
              aria-pressed={index === chosen}
              onClick={() => setChosen(index)}
              className={cx(
                "rounded-full border px-3 py-1 text-sm",
                index === chosen ? "border-accent bg-accent-soft text-accent-strong" : "border-line hover:bg-sunken",
              )}
            >
              Draft {versions.length - index} · <When at={entry.createdAt} relative />
            </button>
          </li>
        ))}
      </ol>
      {version && (
        <div className="max-h-80 overflow-auto rounded-lg border border-line font-mono text-xs" data-testid="version-diff">
          <p className="border-b border-line px-3 py-1.5 text-muted">That version → now</p>
          {lineDiff(version.body, now).map((line, index) => (
            <p
              key={index}
              className={cx(
                "px-3 py-0.5 break-words whitespace-pre-wrap",
                line.kind === "added" && "bg-success-soft text-success",
                line.kind === "removed" && "bg-danger-soft text-danger line-through",
              )}
            >
              <span aria-hidden>{line.kind === "added" ? "+ " : line.kind === "removed" ? "− " : "  "}</span>
              <span className="sr-only">{line.kind === "added" ? "Added: " : line.kind === "removed" ? "Removed: " : ""}</span>
              {line.text || " "}
            </p>
          ))}
        </div>
      )}
    </div>
  );
}
