"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import type { GrowthItem } from "@/components/growth/types";
import { Dialog, Notice } from "@/components/ui";
import { describeFailure } from "@/lib/actions/form-state";
import type { NetworkView } from "@/lib/networks/provider";
import { ConnectForm } from "../settings/connect-form";
import { scheduleItemAction } from "./actions";

/**
 * Connects an item's network without leaving the item: project settings' form for that
 * network (each refusal at its field) in a dialog, or its authorize page for an OAuth network.
 * An account connected here is the item's account at once (an OAuth one is picked on return).
 * Offered only for a network this server can connect.
 */
export function ConnectDialog({
  projectId,
  itemId,
  view,
  onItem,
}: {
  projectId: string;
  itemId: string;
  view: NetworkView;
  onItem: (item: GrowthItem) => void;
}) {
  return (
    <Dialog
      trigger={{ label: `Connect ${view.label}`, size: "sm", variant: "secondary" }}
      title={`Connect ${view.label}`}
      description={`Once connected, this post goes out on ${view.label} at its time by itself.`}
    >
      {(close) => <ConnectAndAttach projectId={projectId} itemId={itemId} view={view} onItem={onItem} onDone={close} />}
    </Dialog>
  );
}

function ConnectAndAttach({
  projectId,
  itemId,
  view,
  onItem,
  onDone,
}: {
  projectId: string;
  itemId: string;
  view: NetworkView;
  onItem: (item: GrowthItem) => void;
  onDone: () => void;
}) {
  const router = useRouter();
  const [notAttached, setNotAttached] = useState<string | null>(null);
  return (
    <div className="space-y-3">
      {notAttached && <Notice tone="danger">{notAttached}</Notice>}
      <ConnectForm
        projectId={projectId}
        view={view}
        autoFocus
        onConnected={async (_message, connection) => {
          const attached = await scheduleItemAction(itemId, { connectionId: connection.id });
          if (!attached.ok)
            return setNotAttached(`${view.label} is connected, but this post is not on it yet: ${describeFailure(attached)}`);
          // The item on its account at once; the board reads the new account list (and the item) again.
          onItem(attached.data.item);
          router.refresh();
          onDone();
        }}
      />
    </div>
  );
}
