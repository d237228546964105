"use client";

import { useEffect, useState } from "react";
import { Badge, Button, Input, Notice } from "@/components/ui";
import { useOperationAction } from "@/components/use-operation-action";
import { describeError } from "@/lib/actions/form-state";
import type { NetworkView } from "@/lib/networks/provider";
import type { Network } from "@/lib/schemas/publishing";
import {
  connectBlueskyAction,
  connectWithFormAction,
  deleteConnectionAction,
  saveTimeZoneAction,
  startMastodonAction,
  startOAuthAction,
} from "./actions";

export interface ConnectionView {
  id: string;
  network: Network;
  status: "pending" | "connected" | "disconnected";
  handle: string | null;
  serviceUrl: string;
  statusReason: string | null;
}

const oauthNetworks = [
  { network: "x", hint: "X asks you to allow Launchloop to post for you (posts and threads), then sends you back here." },
  { network: "linkedin", hint: "LinkedIn asks you to allow Launchloop to post on your profile, then sends you back here." },
  {
    network: "threads",
    hint: "Threads asks you to allow Launchloop to post for you and read your posts' insights, then sends you back here.",
  },
  { network: "reddit", hint: "Reddit asks you to allow Launchloop to submit posts for you; you pick the subreddit per post." },
] as const;

/** "X", "X and LinkedIn", "X, LinkedIn and Reddit". */
const inWords = (names: string[]) =>
  names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : (names[0] ?? "");

/**
 * Connected accounts: Bluesky with an app password (and an optional hosting provider),
 * Mastodon through the instance's own authorize page, LinkedIn and X through theirs where
 * the server has their OAuth client; the time zone scheduled posts use.
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
  // Bluesky has its own card; every other network connected with a form gets one drawn from its fields.
  const forms = networks.filter(
    (view) => view.connect.kind === "form" && view.network !== "bluesky" && connectable.includes(view.network),
  );
  /** A refusal of a form network's field, shown under it (`discord.webhookUrl`). */
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
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

  // onSubmit, not a form action: React resets a form after its action, and a mistyped password should not cost the handle.
  const submitted = (handler: (form: FormData) => void) => (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    handler(new FormData(event.currentTarget));
  };

  const connectBluesky = (form: FormData) => {
    setMessage(null);
    return run(
      () =>
        connectBlueskyAction(
          projectId,
          String(form.get("handle") ?? ""),
          String(form.get("appPassword") ?? ""),
          String(form.get("serviceUrl") ?? ""),
        ),
      (data) => {
        (document.getElementById("bluesky-password") as HTMLInputElement | null)?.form?.reset();
        setMessage({ tone: "success", text: `Bluesky is connected as ${data.connection.handle}.` });
      },
      failed,
    );
  };

  const connectForm = (view: NetworkView, form: FormData) => {
    setMessage(null);
    setFieldErrors({});
    const fields = Object.fromEntries(
      view.connect.fields
        .map((field) => [field.name, String(form.get(field.name) ?? "").trim()] as const)
        .filter(([, value]) => value !== ""),
    );
    return run(
      () => connectWithFormAction(projectId, view.network, fields),
      (data) => {
        (document.getElementById(`connect-${view.network}-form`) as HTMLFormElement | null)?.reset();
        setMessage({ tone: "success", text: `${view.label} is connected as ${data.connection.handle}.` });
      },
      {
        onFailure: (result) => {
          // The operation names the field: as an issue (`fields.webhookUrl`) or in its sentence ("fields.siteUrl: …").
          const found: Record<string, string> = {};
          const issues = Array.isArray(result.error.issues) ? (result.error.issues as { path: string; message: string }[]) : [];
          for (const issue of issues) {
            const field = /^fields\.(\w+)$/.exec(issue.path)?.[1];
            if (field) found[`${view.network}.${field}`] ??= issue.message;
          }
          const said = /^fields\.(\w+): (.*)$/s.exec(result.error.error);
          if (said) found[`${view.network}.${said[1]}`] ??= said[2]!;
          setFieldErrors(found);
          setMessage({
            tone: "danger",
            text: Object.keys(found).length
              ? `${view.label} was not connected: ${Object.values(found).join(" ")}`
              : describeError(result.error, result.retryAfterSeconds),
          });
        },
      },
    );
  };

  const connectMastodon = (form: FormData) => {
    setMessage(null);
    return run(
      () => startMastodonAction(projectId, String(form.get("instanceUrl") ?? "")),
      (data) => window.location.assign(data.authorizeUrl),
      { ...failed, refresh: false },
    );
  };

  const connectOAuth = (network: (typeof oauthNetworks)[number]["network"]) => {
    setMessage(null);
    return run(
      () => startOAuthAction(projectId, network),
      (data) => window.location.assign(data.authorizeUrl),
      { ...failed, refresh: false },
    );
  };
  const offered = oauthNetworks.filter((entry) => connectable.includes(entry.network));
  const byHand = oauthNetworks.filter((entry) => !connectable.includes(entry.network));

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

      <div className="grid gap-6 lg:grid-cols-2">
        <form
          onSubmit={submitted(connectBluesky)}
          className="space-y-3 rounded-xl border border-line p-4"
          aria-labelledby="bluesky-title"
        >
          <p id="bluesky-title" className="font-semibold">
            Connect Bluesky
          </p>
          <p className="text-sm text-muted">
            Use an app password (Bluesky → Settings → Privacy and security → App passwords), never your main password.
          </p>
          <div className="space-y-1">
            <label htmlFor="bluesky-handle" className="text-xs font-medium text-muted">
              Handle
            </label>
            <Input id="bluesky-handle" name="handle" required maxLength={253} placeholder="you.bsky.social" autoComplete="off" />
          </div>
          <div className="space-y-1">
            <label htmlFor="bluesky-password" className="text-xs font-medium text-muted">
              App password
            </label>
            <Input id="bluesky-password" name="appPassword" type="password" required maxLength={100} autoComplete="off" />
          </div>
          <div className="space-y-1">
            <label htmlFor="bluesky-pds" className="text-xs font-medium text-muted">
              Hosting provider (optional)
            </label>
            <Input id="bluesky-pds" name="serviceUrl" type="url" maxLength={300} placeholder="https://bsky.social" />
          </div>
          <Button type="submit" size="sm" disabled={pending}>
            Connect Bluesky
          </Button>
        </form>

        <form
          onSubmit={submitted(connectMastodon)}
          className="space-y-3 rounded-xl border border-line p-4"
          aria-labelledby="mastodon-title"
        >
          <p id="mastodon-title" className="font-semibold">
            Connect Mastodon
          </p>
          <p className="text-sm text-muted">
            Your instance asks you to allow Launchloop to post for you, then sends you back here.
          </p>
          <div className="space-y-1">
            <label htmlFor="mastodon-instance" className="text-xs font-medium text-muted">
              Your instance
            </label>
            <Input
              id="mastodon-instance"
              name="instanceUrl"
              type="url"
              required
              maxLength={300}
              placeholder="https://mastodon.social"
            />
          </div>
          <Button type="submit" size="sm" disabled={pending}>
            Connect Mastodon
          </Button>
        </form>
        {forms.map((view) => (
          <form
            key={view.network}
            id={`connect-${view.network}-form`}
            onSubmit={submitted((form) => connectForm(view, form))}
            className="space-y-3 rounded-xl border border-line p-4"
            aria-labelledby={`${view.network}-title`}
            data-testid={`connect-${view.network}`}
          >
            <p id={`${view.network}-title`} className="font-semibold">
              Connect {view.label}
            </p>
            {view.connect.fields.map((field) => {
              const id = `${view.network}-${field.name}`;
              return (
                <div key={field.name} className="space-y-1">
                  <label htmlFor={id} className="text-xs font-medium text-muted">
                    {field.label}
                    {field.optional ? " (optional)" : ""}
                  </label>
                  <Input
                    id={id}
                    name={field.name}
                    type={field.kind === "password" ? "password" : field.kind === "url" ? "url" : "text"}
                    required={!field.optional}
                    maxLength={2000}
                    placeholder={field.placeholder}
                    autoComplete="off"
                    aria-invalid={fieldErrors[`${view.network}.${field.name}`] ? true : undefined}
                    aria-describedby={
                      [field.help && `${id}-help`, fieldErrors[`${view.network}.${field.name}`] && `${id}-error`]
                        .filter(Boolean)
                        .join(" ") || undefined
                    }
                  />
                  {fieldErrors[`${view.network}.${field.name}`] && (
                    <p id={`${id}-error`} className="text-xs text-danger" data-testid="field-error">
                      {fieldErrors[`${view.network}.${field.name}`]}
                    </p>
                  )}
                  {field.help && (
                    <p id={`${id}-help`} className="text-xs text-muted">
                      {field.help}
                    </p>
                  )}
                </div>
              );
            })}
            <Button type="submit" size="sm" disabled={pending}>
              Connect {view.label}
            </Button>
          </form>
        ))}
        {offered.map(({ network, hint }) => (
          <section
            key={network}
            className="space-y-3 rounded-xl border border-line p-4"
            aria-labelledby={`${network}-title`}
            data-testid={`connect-${network}`}
          >
            <p id={`${network}-title`} className="font-semibold">
              Connect {networkLabel(network)}
            </p>
            <p className="text-sm text-muted">{hint}</p>
            <Button size="sm" disabled={pending} onClick={() => connectOAuth(network)}>
              Connect {networkLabel(network)}
            </Button>
          </section>
        ))}
      </div>
      {byHand.length > 0 && (
        <p className="text-sm text-muted">
          {inWords(byHand.map((entry) => networkLabel(entry.network)))}: open the post in the network's composer from the week
          board, or copy it.
        </p>
      )}

      <div className="flex flex-wrap items-end gap-3 rounded-xl border border-line p-4">
        <div className="min-w-0 flex-1 space-y-1">
          <label htmlFor="time-zone" className="text-xs font-medium text-muted">
            Your time zone (approved posts default to their planned day at the channel's usual hour)
          </label>
          <Input id="time-zone" value={zone} maxLength={64} onChange={(event) => setZone(event.target.value)} />
          {detected && detected !== zone && <p className="text-xs text-muted">This browser says {detected}.</p>}
        </div>
        <Button size="sm" variant="secondary" disabled={pending || zone === timeZone} onClick={saveZone}>
          Save time zone
        </Button>
      </div>
    </div>
  );
}
