"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import { Button, Modal, Notice } from "@/components/ui";

// The versions and their diffs load with the first look at a history (the button starts both reads).
const loadVersionsView = () => import("./history-versions");
const HistoryVersions = dynamic(() => loadVersionsView().then((module) => module.HistoryVersions), {
  loading: () => <p className="text-sm text-muted">Loading…</p>,
});

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
  const [failure, setFailure] = useState<string>();
  const [pending, setPending] = useState(false);
  // Each look starts at the newest version.
  const [looks, setLooks] = useState(0);

  // A read, awaited outside any transition (as useOperationAction does), so nothing else waits on it.
  const show = async () => {
    setFailure(undefined);
    setPending(true);
    void loadVersionsView().catch(() => undefined);
    try {
      const result = await load();
      if (!result.ok) return setFailure(result.error.error);
      setVersions(result.data.versions);
      setNow(current ?? result.data.current ?? "");
      setLooks((count) => count + 1);
      setOpen(true);
    } catch {
      setFailure("The connection dropped before an answer came back. Try again.");
    } finally {
      setPending(false);
    }
  };

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
          <HistoryVersions key={looks} versions={versions} now={now} />
        )}
      </Modal>
    </>
  );
}
