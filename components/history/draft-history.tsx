"use client";

import { useState } from "react";
import { LocalTime } from "@/components/local-time";
import { Button, cx, Modal, Notice } from "@/components/ui";
import { lineDiff } from "./line-diff";

export interface DraftVersion {
  id: string;
  title: string;
  body: string;
  createdAt: string;
}

type Load = () => Promise<
  { ok: true; data: { versions: DraftVersion[]; current?: string } } | { ok: false; error: { error: string } }
>;

/**
 * "History": the item's earlier versions, each shown as a diff against the text as it is now
 * (`current`, or what `load` answers with the versions when the page does not hold the text).
 */
export function DraftHistory({ title, current, load }: { title: string; current?: string; load: Load }) {
  const [open, setOpen] = useState(false);
  const [versions, setVersions] = useState<DraftVersion[]>();
  const [now, setNow] = useState(current ?? "");
  const [chosen, setChosen] = useState(0);
  const [failure, setFailure] = useState<string>();
  const [pending, setPending] = useState(false);

  // A read, awaited outside any transition (as useOperationAction does), so nothing else waits on it.
  const show = async () => {
    setFailure(undefined);
    setPending(true);
    try {
      const result = await load();
      if (!result.ok) return setFailure(result.error.error);
      setVersions(result.data.versions);
      setNow(current ?? result.data.current ?? "");
      setChosen(0);
      setOpen(true);
    } catch {
      setFailure("The connection dropped before an answer came back. Try again.");
    } finally {
      setPending(false);
    }
  };

  const version = versions?.[chosen];
  return (
    <>
      <Button variant="ghost" size="sm" onClick={show} disabled={pending}>
        {pending ? "Loading…" : "History"}
      </Button>
      {failure && <Notice tone="danger">{failure}</Notice>}
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={`History of ${title}`}
        description="Every edit keeps what it replaced."
      >
        {!versions?.length ? (
          <p className="text-sm text-muted">No earlier version: this is the draft as the agents wrote it.</p>
        ) : (
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
                    Draft {versions.length - index} · <LocalTime iso={entry.createdAt} relative />
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
                    <span className="sr-only">
                      {line.kind === "added" ? "Added: " : line.kind === "removed" ? "Removed: " : ""}
                    </span>
                    {line.text || " "}
                  </p>
                ))}
              </div>
            )}
          </div>
        )}
      </Modal>
    </>
  );
}
