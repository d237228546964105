"use client";

import { useState } from "react";
import { Badge, Button, CopyButton, EmptyState, Input, Notice } from "@/components/ui";
import { When } from "@/components/ui/when";
import { useOperationAction } from "@/components/use-operation-action";
import { createShare, revokeShare } from "./actions";

interface Link {
  id: string;
  hint: string;
  createdAt: string;
  revokedAt: string | null;
}

/** Create, copy (once) and revoke the read-only links to the launch pack. */
export function ShareLinks({ projectId, links }: { projectId: string; links: Link[] }) {
  const [created, setCreated] = useState<string>();
  const { pending, error: failure, run } = useOperationAction();

  const create = () =>
    run(
      () => createShare(projectId),
      (data) => setCreated(data.url),
    );
  const revoke = (linkId: string) => run(() => revokeShare(projectId, linkId));

  const live = links.filter((link) => !link.revokedAt);
  return (
    <div className="space-y-4">
      {created && (
        <Notice tone="success" title="Your new link">
          <div className="mt-2 flex flex-wrap gap-2">
            <label htmlFor="share-url" className="sr-only">
              Share link
            </label>
            <Input
              id="share-url"
              readOnly
              value={created}
              className="min-w-0 flex-1 font-mono text-sm"
              onFocus={(event) => event.target.select()}
            />
            <CopyButton value={created} />
          </div>
          <p className="mt-2">Copy it now: for your safety we keep only a fingerprint of it and cannot show it again.</p>
        </Notice>
      )}
      {failure && <Notice tone="danger">{failure}</Notice>}
      {links.length === 0 ? (
        <EmptyState title="No link yet" description="Create one to let someone read the launch pack without an account." />
      ) : (
        <ul className="divide-y divide-line rounded-lg border border-line" aria-label="Share links">
          {links.map((link) => (
            <li key={link.id} className="flex flex-wrap items-center gap-3 px-4 py-3 text-sm">
              <span className="font-mono">{link.hint}…</span>
              <span className="text-muted">
                created <When at={link.createdAt} relative />
              </span>
              {link.revokedAt ? (
                <Badge tone="neutral" className="ml-auto">
                  Revoked
                </Badge>
              ) : (
                <>
                  <Badge tone="success">Live</Badge>
                  <Button variant="ghost" size="sm" className="ml-auto" onClick={() => revoke(link.id)} disabled={pending}>
                    Revoke
                  </Button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <Button onClick={create} disabled={pending}>
        {live.length ? "Create another link" : "Create a share link"}
      </Button>
    </div>
  );
}
