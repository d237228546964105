"use client";

import { useEffect, useRef, useState } from "react";
import type { z } from "zod";
import { Button, Field, Input, Notice } from "@/components/ui";
import { useOperationAction } from "@/components/use-operation-action";
import { describeFailure } from "@/lib/actions/form-state";
import type { ErrorEnvelope } from "@/lib/errors";
import type { NetworkView } from "@/lib/networks/provider";
import type { oauthNetworkSchema } from "@/lib/schemas/publishing";
import { connectWithFormAction, startMastodonAction, startOAuthAction } from "./actions";

type OAuthNetwork = z.infer<typeof oauthNetworkSchema>;

/** What connecting a network asks of the founder, in one line (the "Add an account" list and the form). */
export const connectHints: Record<string, string> = {
  bluesky: "With an app password, never your main password.",
  mastodon: "Your instance asks you to allow Launchloop to post for you, then sends you back here.",
  x: "X asks you to allow Launchloop to post for you (posts and threads), then sends you back here.",
  linkedin: "LinkedIn asks you to allow Launchloop to post on your profile, then sends you back here.",
  threads: "Threads asks you to allow Launchloop to post for you and read your posts' insights, then sends you back here.",
  reddit: "Reddit asks you to allow Launchloop to submit posts for you; you pick the subreddit per post.",
  discord: "A channel's webhook: Launchloop posts there.",
  wordpress: "Your site, with an application password.",
  buttondown: "Your newsletter, with an API key.",
};

/**
 * The refusals of one field, by the field's name: an issue's path ends with it
 * (`fields.appPassword`, `instance.instanceUrl`, `instanceUrl`).
 */
function fieldErrorsFor(view: NetworkView, error: ErrorEnvelope): Record<string, string> {
  const names = new Set(view.connect.fields.map((field) => field.name));
  const found: Record<string, string> = {};
  const issues = Array.isArray(error.issues) ? (error.issues as { path: string; message: string }[]) : [];
  for (const issue of issues) {
    const name = issue.path.split(".").at(-1) ?? "";
    if (names.has(name)) found[name] ??= issue.message;
  }
  return found;
}

/**
 * One network's way in, for project settings or a dialog elsewhere: its form (an app
 * password, a webhook, a Mastodon instance) with each refusal at the field it concerns, or
 * the button that sends the founder to the network's own authorize page.
 */
export function ConnectForm({
  projectId,
  view,
  onConnected,
  onCancel,
  autoFocus = false,
  showHint = true,
}: {
  projectId: string;
  view: NetworkView;
  /** After a form network connected (OAuth networks come back to project settings instead). */
  onConnected?: (message: string, connection: { id: string }) => void;
  onCancel?: () => void;
  /** Puts the cursor in the first field (a form opened by a click). */
  autoFocus?: boolean;
  /** Whether the line on what connecting asks is shown (a list that shows it beside the form says no). */
  showHint?: boolean;
}) {
  const { pending, run } = useOperationAction();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const { fields } = view.connect;
  const prefix = `connect-${view.network}`;

  useEffect(() => {
    if (autoFocus) formRef.current?.querySelector<HTMLInputElement>("input")?.focus();
  }, [autoFocus]);

  const refused = (result: { error: ErrorEnvelope; retryAfterSeconds?: number }) => {
    const found = fieldErrorsFor(view, result.error);
    setFieldErrors(found);
    const reasons = Object.values(found);
    setFailure(reasons.length ? `${view.label} was not connected: ${reasons.join(" ")}` : describeFailure(result));
  };

  const startOAuth = () => {
    setFailure(null);
    return run(
      () => startOAuthAction(projectId, view.network as OAuthNetwork),
      (data) => window.location.assign(data.authorizeUrl),
      { onFailure: refused, refresh: false },
    );
  };

  // onSubmit, not a form action: React resets a form after its action, and a mistyped password should not cost the handle.
  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values = Object.fromEntries(
      fields.map((field) => [field.name, String(form.get(field.name) ?? "").trim()] as const).filter(([, value]) => value !== ""),
    );
    setFailure(null);
    setFieldErrors({});
    if (view.connect.kind === "oauth")
      return run(
        () => startMastodonAction(projectId, values.instanceUrl ?? ""),
        (data) => window.location.assign(data.authorizeUrl),
        { onFailure: refused, refresh: false },
      );
    return run(
      () => connectWithFormAction(projectId, view.network, values),
      (data) => {
        formRef.current?.reset();
        onConnected?.(`${view.label} is connected as ${data.connection.handle}.`, data.connection);
      },
      { onFailure: refused },
    );
  };

  const hint = showHint ? connectHints[view.network] : undefined;
  if (fields.length === 0)
    return (
      <div className="space-y-3" data-testid={prefix}>
        {failure && <Notice tone="danger">{failure}</Notice>}
        {hint && <p className="text-sm text-muted">{hint}</p>}
        <ConnectButtons onCancel={onCancel}>
          <Button size="sm" variant={showHint ? "primary" : "secondary"} disabled={pending} onClick={startOAuth}>
            Connect {view.label}
          </Button>
        </ConnectButtons>
      </div>
    );

  return (
    <form
      ref={formRef}
      id={`${prefix}-form`}
      onSubmit={submit}
      noValidate
      className="space-y-3"
      aria-label={`Connect ${view.label}`}
      data-testid={prefix}
    >
      {failure && <Notice tone="danger">{failure}</Notice>}
      {hint && view.connect.kind === "oauth" && <p className="text-sm text-muted">{hint}</p>}
      {fields.map((field) => (
        <Field
          key={field.name}
          id={`${view.network}-${field.name}`}
          name={field.name}
          label={`${field.label}${field.optional ? " (optional)" : ""}`}
          hint={field.help}
          error={fieldErrors[field.name]}
        >
          {(control) => (
            <Input
              {...control}
              type={field.kind === "password" ? "password" : field.kind === "url" ? "url" : "text"}
              required={!field.optional}
              maxLength={2000}
              placeholder={field.placeholder}
              autoComplete="off"
            />
          )}
        </Field>
      ))}
      <ConnectButtons onCancel={onCancel}>
        <Button type="submit" size="sm" disabled={pending}>
          Connect {view.label}
        </Button>
      </ConnectButtons>
    </form>
  );
}

/** The form's way on (its Connect button) and, where the form was opened from a list, Cancel. */
function ConnectButtons({ children, onCancel }: { children: React.ReactNode; onCancel?: () => void }) {
  return (
    <div className="flex flex-wrap gap-2">
      {children}
      {onCancel && (
        <Button size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      )}
    </div>
  );
}
