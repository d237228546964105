"use client";

import { useState } from "react";
import { Button, CopyButton, TextField } from "@/components/ui";
import { useOperationAction } from "@/components/use-operation-action";
import { describeFailure, fieldErrorsOf } from "@/lib/actions/form-state";
import type { ActionResult } from "@/lib/actions/run-operation";

interface Props {
  siteUrl: string | null;
  siteUrlFrom: "settings" | "onboarding" | null;
  linkTracking: boolean;
  appUrl: string;
  saveSettings: (body: unknown) => Promise<ActionResult<unknown>>;
  makeSiteKey: () => Promise<ActionResult<{ key: string }>>;
}

/** Where links point, whether posts carry them, and the snippet that reports sign-ups from the site. */
export function SiteSetup({ siteUrl, siteUrlFrom, linkTracking, appUrl, saveSettings, makeSiteKey }: Props) {
  const [address, setAddress] = useState(siteUrl ?? "");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [siteKey, setSiteKey] = useState<string | null>(null);
  const settings = useOperationAction();
  const snippet = useOperationAction();

  async function saveAddress(event: React.FormEvent) {
    event.preventDefault();
    setFieldError(null);
    await settings.run(() => saveSettings({ siteUrl: address.trim() === "" ? null : address.trim() }), undefined, {
      onFailure: (failure) => setFieldError(fieldErrorsOf(failure.error).siteUrl ?? describeFailure(failure)),
    });
  }

  const tag = `<script src="${appUrl}/launchloop.js" data-key="${siteKey ?? "llp_…"}" defer></script>`;
  const call = `launchloop.track("signup", { externalId: user.id });`;
  return (
    <div className="space-y-6">
      <form onSubmit={saveAddress} className="space-y-3" noValidate>
        <TextField
          label="Your site"
          name="siteUrl"
          type="url"
          value={address}
          onChange={(event) => setAddress(event.target.value)}
          placeholder="https://your-product.com"
          hint={
            siteUrlFrom === "onboarding"
              ? "Taken from your onboarding answers. Posts that link here get their own tracked link."
              : "Posts that link here get their own tracked link, so you see which post brought each sign-up."
          }
          error={fieldError ?? undefined}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" variant="secondary" disabled={settings.pending}>
            {settings.pending ? "Saving…" : "Save address"}
          </Button>
          <label className="inline-flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              defaultChecked={linkTracking}
              onChange={(event) => void settings.run(() => saveSettings({ linkTracking: event.target.checked }))}
            />
            Add tracked links to new drafts
          </label>
        </div>
        {settings.error && <p className="text-sm text-danger">{settings.error}</p>}
      </form>
      <div className="space-y-3">
        <p className="text-sm">
          Put this on every page of your site, then call <code className="font-mono text-xs">track</code> where someone signs up.
          It keeps the click in your site&apos;s own storage and sets no cookie.
        </p>
        <pre className="rounded-lg bg-canvas p-3 font-mono text-xs leading-relaxed break-all whitespace-pre-wrap">
          {tag}
          {"\n"}
          {call}
        </pre>
        <div className="flex flex-wrap items-center gap-3">
          {siteKey ? (
            <CopyButton value={`${tag}\n<script>${call}</script>`} label="Copy snippet" />
          ) : (
            <Button
              variant="secondary"
              disabled={snippet.pending}
              onClick={() => void snippet.run(makeSiteKey, (data) => setSiteKey(data.key), { refresh: false })}
            >
              {snippet.pending ? "Making a key…" : "Make a website key"}
            </Button>
          )}
          {siteKey && <span className="text-sm text-muted">Shown once: copy it now. It can only report conversions.</span>}
        </div>
        {snippet.error && <p className="text-sm text-danger">{snippet.error}</p>}
      </div>
    </div>
  );
}
