"use client";

import "altcha/types/react";
import { useEffect, useState } from "react";

/**
 * The ALTCHA proof-of-work check: it fetches a challenge from our own server, solves it
 * in the browser as soon as the page loads, and puts the solution into the form as
 * `altcha`. No third party, no tracking. The challenge takes well under a second on one
 * core, so one worker solves it: more only cost a phone their start-up, and the ones ended
 * early can leave their script's fetch unfinished.
 */
export function AltchaWidget({ describedBy }: { describedBy?: string }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    import("altcha").then(() => setReady(true));
  }, []);
  return (
    <div aria-describedby={describedBy} className="min-h-[4.5rem]">
      {ready ? (
        <altcha-widget
          challenge="/api/auth/captcha"
          name="altcha"
          auto="onload"
          workers={1}
          style={{ "--altcha-border-radius": "10px", "--altcha-color-primary": "#4b3fe0" }}
        />
      ) : (
        <p className="rounded-lg border border-line px-4 py-3 text-sm text-muted">Loading the spam check…</p>
      )}
    </div>
  );
}
