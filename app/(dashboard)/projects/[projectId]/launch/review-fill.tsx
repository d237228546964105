"use client";

import { useRouter } from "next/navigation";
import type { ReactNode } from "react";
import { FillableDraft } from "@/components/blanks/fillable-draft";
import { describeError } from "@/lib/actions/form-state";
import { fillContentBlank } from "../pack/actions";

/** A draft under review rendered on the server (`children`): its blanks fill in place and the page shows the result. */
export function ReviewFill({ itemId, children }: { itemId: string; children: ReactNode }) {
  const router = useRouter();
  const fill = async (index: number, value: string) => {
    const result = await fillContentBlank(itemId, index, value);
    if (!result.ok) return describeError(result.error, result.retryAfterSeconds);
    router.refresh();
    return undefined;
  };
  return <FillableDraft onFill={fill}>{children}</FillableDraft>;
}
