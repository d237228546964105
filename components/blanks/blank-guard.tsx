"use client";

import { type ReactNode, useState } from "react";
import { Badge, Button, Modal } from "@/components/ui";
import { type BlankPlace, blanksLeft, totalBlanks } from "@/lib/drafts/blanks";

/**
 * Asks before an action that sends a draft out (copy, download, export, share, approve,
 * publish) while blanks remain, and says where they are. With no blank the action runs at once.
 */
export function useBlankGuard(places: BlankPlace[]): { guard: (action: string, run: () => void) => void; dialog: ReactNode } {
  const [pending, setPending] = useState<{ action: string; run: () => void }>();
  const total = totalBlanks(places);
  const guard = (action: string, run: () => void) => (total === 0 ? run() : setPending({ action, run }));
  const close = () => setPending(undefined);
  const dialog = (
    <Modal
      open={pending !== undefined}
      onClose={close}
      title={`${blanksLeft(total)}: ${pending?.action.toLowerCase() ?? ""} anyway?`}
      description="These parts still say what only you know. Filled in, they read as yours; left, they go out as brackets."
    >
      <ul className="max-h-60 space-y-1.5 overflow-y-auto text-sm" aria-label="Where the blanks are">
        {places.map((place) => (
          <li key={place.where} className="flex items-center justify-between gap-3">
            {place.href ? (
              <a href={place.href} onClick={close} className="min-w-0 truncate">
                {place.where}
              </a>
            ) : (
              <span className="min-w-0 truncate">{place.where}</span>
            )}
            <Badge tone="warning">{place.count}</Badge>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={close}>
          Fill them first
        </Button>
        <Button
          onClick={() => {
            const run = pending?.run;
            close();
            run?.();
          }}
        >
          {pending?.action} anyway
        </Button>
      </div>
    </Modal>
  );
  return { guard, dialog };
}

/** "3 blanks left" as a badge, or nothing when none is left. */
export function BlankCount({ count, className }: { count: number; className?: string }) {
  if (count === 0) return null;
  return (
    <Badge tone="warning" className={className} data-testid="blank-count">
      {blanksLeft(count)}
    </Badge>
  );
}
