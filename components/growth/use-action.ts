"use client";

import { useRouter } from "next/navigation";
import { startTransition, useState } from "react";
import type { ActionResult } from "@/lib/actions/run-operation";
import { isUpgrade, type UpgradeBody } from "@/components/project/upgrade-card";
import { describeFailure } from "@/lib/actions/form-state";

/**
 * Runs a growth server action: pending state, the failure as a sentence (or the 402's
 * upgrade offer), and a refresh of the page's data on success. The action is awaited
 * outside any transition (a long action inside an async transition would hold back every
 * other transition, the router's included); only the refresh is a transition.
 */
export function useGrowthAction() {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [offer, setOffer] = useState<UpgradeBody | null>(null);
  async function run<T>(action: () => Promise<ActionResult<T>>, onSuccess?: (data: T) => void, options: { refresh?: boolean } = { refresh: true }) {
    setPending(true);
    setError(null);
    try {
      const result = await action();
      if (!result.ok) {
        const upgrade = isUpgrade(result.error) ? result.error : null;
        setOffer(upgrade);
        setError(upgrade ? null : describeFailure(result));
        return;
      }
      onSuccess?.(result.data);
      if (options.refresh !== false) startTransition(() => router.refresh());
    } catch {
      setError("The connection dropped before an answer came back. Reload the page to see where things stand.");
    } finally {
      setPending(false);
    }
  }
  return { pending, error, offer, setError, run };
}
