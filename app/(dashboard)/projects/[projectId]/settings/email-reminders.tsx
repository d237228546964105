"use client";

import { useState } from "react";
import { describeFailure } from "@/lib/actions/form-state";
import { saveEmailRemindersAction } from "./actions";

/**
 * Whether a post due on a channel with no connected account is also e-mailed to the founder
 * (the post ready to copy and an Open in … link); the growth page says it either way.
 */
export function EmailReminders({ projectId, enabled }: { projectId: string; enabled: boolean }) {
  const [on, setOn] = useState(enabled);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="space-y-1" data-testid="email-reminders">
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-4"
          checked={on}
          disabled={pending}
          aria-describedby="email-reminders-help"
          onChange={async (event) => {
            const next = event.target.checked;
            setOn(next);
            setPending(true);
            setError(null);
            const result = await saveEmailRemindersAction(projectId, next);
            setPending(false);
            if (!result.ok) {
              setOn(!next);
              setError(describeFailure(result));
            }
          }}
        />
        <span className="font-medium">E-mail me when a post is due to post by hand</span>
      </label>
      <p id="email-reminders-help" className="text-xs text-muted">
        For channels with no connected account: at the post's time you get the post ready to copy and an Open in … link. The
        growth page shows it either way.
      </p>
      {error && <p className="text-xs text-danger">{error}</p>}
    </div>
  );
}
