"use client";

import { useEffect, useState } from "react";
import { Badge, Button, Input, Notice } from "@/components/ui";
import { useOperationAction } from "@/components/use-operation-action";
import { describeError } from "@/lib/actions/form-state";
import type { NetworkView } from "@/lib/networks/provider";
import type { Network } from "@/lib/schemas/publishing";
import { deleteConnectionAction, saveTimeZoneAction } from "./actions";
import { ConnectForm, connectHints } from "./connect-form";

export interface ConnectionView {
  id: string;
  network: Network;
  status: "pending" | "connected" | "disconnected";
  handle: string | null;
  serviceUrl: string;
  statusReason: string | null;
}

/** "X", "X and LinkedIn", "X, LinkedIn and Reddit". */
const inWords = (names: string[]) =>
  names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : (names[0] ?? "");

/**
 * Connected accounts, then "Add an account": one row per network this server can connect,
 * whose button opens its form in place (an app password, a webhook, a Mastodon instance)
 * or sends the founder to the network's authorize page; the time zone scheduled posts use.
 */
export function Connections({
  projectId,
  connections,
  connectable,
  networks,
  timeZone,
  notice,
}: {
  projectId: string;
  connections: ConnectionView[];
  connectable: ConnectionView["network"][];
  /** The networks' views from their providers: their labels. */
  networks: NetworkView[];
  timeZone: string;
  notice: string | null;
}) {
  const { pending, run } = useOperationAction();
  const networkLabel = (network: ConnectionView["network"]) =>
    networks.find((view) => view.network === network)?.label ?? network;
  const offered = networks.filter((view) => connectable.includes(view.network));
  const byHand = networks.filter((view) => !connectable.includes(view.network));
  /** The network whose form is open in the "Add an account" list (one at a time). */
  const [open, setOpen] = useState<Network | null>(null);
  const [message, setMessage] = useState<{ tone: "success" | "danger"; text: string } | null>(
    notice ? { tone: / is connected: /.test(notice) ? "success" : "danger", text: notice } : null,
  );
  const [zone, setZone] = useState(timeZone);
  const [detected, setDetected] = useState<string | null>(null);

  useEffect(() => {
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    setDetected(browserZone);
    if (timeZone === "UTC" && browserZone && browserZone !== "UTC") setZone(browserZone);
  }, [timeZone]);

  const failed = {
    onFailure: (result: { error: Parameters<typeof describeError>[0]; retryAfterSeconds?: number }) =>
      setMessage({ tone: "danger", text: describeError(result.error, result.retryAfterSeconds) }),
  };

  const close = (network: Network) => {
    setOpen(null);
    // Back to the button that opened the form.
    requestAnimationFrame(() => document.getElementById(`add-${network}-button`)?.focus());
  };

  const disconnect = (connection: ConnectionView) =>
    run(
      () => deleteConnectionAction(connection.id),
      () =>
        setMessage({
          tone: "success",
          text: `${networkLabel(connection.network)} ${connection.handle ?? ""} is disconnected; its secrets are deleted.`,
        }),
      failed,
    );

  const saveZone = () =>
    run(
      () => saveTimeZoneAction(projectId, zone),
      (data) => setMessage({ tone: "success", text: `Posts are scheduled in ${data.timeZone} time.` }),
      failed,
    );

  return (
    <div className="space-y-6">
      {message && <Notice tone={message.tone}>{message.text}</Notice>}
      {connections.length > 0 ? (
        <ul className="divide-y divide-line rounded-lg border border-line" aria-label="Connected accounts">
          {connections.map((connection) => (
            <li
              key={connection.id}
              data-testid="connection"
              data-network={connection.network}
              data-status={connection.status}
              className="flex flex-wrap items-center gap-3 px-4 py-3 text-sm"
            >
              <span className="font-medium">{networkLabel(connection.network)}</span>
              <span className="min-w-0 break-all">{connection.handle}</span>
              <span className="min-w-0 break-all text-muted">{new URL(connection.serviceUrl).host}</span>
              <Badge tone={connection.status === "connected" ? "success" : "danger"}>
                {connection.status === "connected" ? "Connected" : "Disconnected"}
              </Badge>
              <Button variant="ghost" size="sm" className="ml-auto" disabled={pending} onClick={() => disconnect(connection)}>
                Disconnect
              </Button>
              {connection.status === "disconnected" && (
                <p className="w-full text-danger">
                  {connection.statusReason ?? "The network refused our access."} Connect it again below; scheduled posts wait.
                </p>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">No account is connected yet: posts are copied and pasted by hand.</p>
      )}

      {offered.length > 0 && (
        <section aria-labelledby="add-account-title" className="space-y-2">
          <h3 id="add-account-title" className="text-sm font-semibold">
            Add an account
          </h3>
          <ul className="divide-y divide-line rounded-lg border border-line">
            {offered.map((view) => {
              const hasForm = view.connect.fields.length > 0;
              const isOpen = open === view.network;
              return (
                <li key={view.network} data-testid={`add-${view.network}`} className="px-4 py-3">
                  <div className="flex items-center justify-between gap-3">
                    <div className="min-w-0">
                      <p className="text-sm font-medium">{view.label}</p>
                      {/* On a phone the row is its name and button; the form's own fields explain the rest. */}
                      <p className="hidden text-sm text-muted sm:block">{connectHints[view.network]}</p>
                    </div>
                    {!hasForm ? (
                      <ConnectForm projectId={projectId} view={view} showHint={false} />
                    ) : (
                      !isOpen && (
                        <Button
                          id={`add-${view.network}-button`}
                          className="shrink-0"
                          size="sm"
                          variant="secondary"
                          onClick={() => {
                            setMessage(null);
                            setOpen(view.network);
                          }}
                        >
                          Connect {view.label}
                        </Button>
                      )
                    )}
                  </div>
                  {hasForm && isOpen && (
                    <div className="mt-3 max-w-xl">
                      <ConnectForm
                        projectId={projectId}
                        view={view}
                        showHint={false}
                        autoFocus
                        onCancel={() => close(view.network)}
                        onConnected={(text) => {
                          close(view.network);
                          setMessage({ tone: "success", text });
                        }}
                      />
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      )}
      {byHand.length > 0 && (
        <p className="text-sm text-muted">
          {inWords(byHand.map((view) => view.label))}: open the post in the network's composer from the week board, or copy it.
        </p>
      )}

      <div className="flex flex-wrap items-end gap-3 rounded-xl border border-line p-4">
        <div className="min-w-0 flex-1 basis-64 space-y-1">
          <label htmlFor="time-zone" className="text-sm font-medium">
            Your time zone
          </label>
          <p id="time-zone-hint" className="text-xs text-muted">
            Approved posts default to their planned day at the channel's usual hour, in this zone.
          </p>
          <Input
            id="time-zone"
            aria-describedby="time-zone-hint"
            value={zone}
            maxLength={64}
            onChange={(event) => setZone(event.target.value)}
          />
          {detected && detected !== zone && <p className="text-xs text-muted">This browser says {detected}.</p>}
        </div>
        <Button size="sm" variant="secondary" disabled={pending || zone === timeZone} onClick={saveZone}>
          Save time zone
        </Button>
      </div>
    </div>
  );
}
