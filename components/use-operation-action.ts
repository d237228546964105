"use client";

import { useRouter } from "next/navigation";
import { startTransition, useState } from "react";
import { isUpgrade, type UpgradeBody } from "@/components/upgrade-offer";
import { describeFailure } from "@/lib/actions/form-state";
import type { ActionResult } from "@/lib/actions/run-operation";

type Failure = Extract<ActionResult<unknown>, { ok: false }>;

export interface RunOptions {
  /** Refresh the page's data on success (default true). */
  refresh?: boolean;
  /** Handles a failure itself (e.g. as a message with a tone, or field errors) instead of `error`. */
  onFailure?: (failure: Failure) => void;
}

/**
 * The one way a client component calls a server action outside a form: pending state, the
 * failure as a sentence (or, with `upgradeOffer`, a 402 as the upgrade card's body), and a
 * refresh of the page's data on success. The action is awaited outside any transition (a
 * long action inside an async transition would hold back every other transition, the
 * router's included); only the refresh is a transition.
 */
export function useOperationAction({ upgradeOffer = false }: { upgradeOffer?: boolean } = {}) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [offer, setOffer] = useState<UpgradeBody | null>(null);

  /** Runs `action`; answers whether it succeeded. */
  async function run<T>(
    action: () => Promise<ActionResult<T>>,
    onSuccess?: (data: T) => void,
    options: RunOptions = {},
  ): Promise<boolean> {
    setPending(true);
    setError(null);
    try {
      const result = await action();
      if (!result.ok) {
        const upgrade = upgradeOffer && isUpgrade(result.error) ? result.error : null;
        setOffer(upgrade);
        if (upgrade) return false;
        if (options.onFailure) options.onFailure(result);
        else setError(describeFailure(result));
        return false;
      }
      onSuccess?.(result.data);
      if (options.refresh !== false) startTransition(() => router.refresh());
      return true;
    } catch {
      setError("The connection dropped before an answer came back. Reload the page to see where things stand.");
      return false;
    } finally {
      setPending(false);
    }
  }

  return { pending, error, offer, setError, run };
}
