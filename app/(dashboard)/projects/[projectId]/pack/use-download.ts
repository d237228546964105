"use client";

import { useState } from "react";
import { isUpgrade, type UpgradeBody } from "@/components/project/upgrade-card";
import { describeError } from "@/lib/actions/form-state";
import type { ErrorEnvelope } from "@/lib/errors";

/** Saves a response as a file under the name the server gave it. */
async function saveResponse(response: Response) {
  const disposition = response.headers.get("content-disposition") ?? "";
  const name = decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1] ?? "launch-pack");
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement("a"), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads one of the pack's files (`/projects/{id}/files?…`): which one is on its way, and why one failed (or the plan it needs). */
export function useDownload(projectId: string) {
  const [upgrade, setUpgrade] = useState<UpgradeBody>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState<string>();

  const download = async (query: string, key: string) => {
    setBusy(key);
    setFailure(undefined);
    try {
      const response = await fetch(`/projects/${projectId}/files?${query}`);
      if (response.ok) return await saveResponse(response);
      const error = (await response.json().catch(() => null)) as (ErrorEnvelope & Partial<UpgradeBody>) | null;
      if (error && isUpgrade(error)) setUpgrade(error as UpgradeBody);
      else
        setFailure(
          error
            ? describeError(error, Number(response.headers.get("retry-after")) || undefined)
            : "The download failed. Try again in a moment.",
        );
    } catch {
      setFailure("The download failed: check your connection and try again.");
    } finally {
      setBusy(undefined);
    }
  };
  return { download, busy, failure, upgrade };
}
