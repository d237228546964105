"use client";

import "altcha/types/react";
import type { AltchaWidgetElement } from "altcha";
import { useEffect, useRef, useState } from "react";

/**
 * The ALTCHA proof-of-work check: it fetches a challenge from our own server, solves it
 * in the browser as soon as the page loads, and puts the solution into the form as
 * `altcha`. No third party, no tracking. The challenge takes well under a second on one
 * core, so one worker solves it: more only cost a phone their start-up, and the ones ended
 * early can leave their script's fetch unfinished.
 *
 * A solution works once: each new `solveAgain` value (a refused submission's state) throws
 * the used one away and solves a fresh challenge, so the next submission carries one.
 */
export function AltchaWidget({ describedBy, solveAgain }: { describedBy?: string; solveAgain?: unknown }) {
  const [ready, setReady] = useState(false);
  const widget = useRef<AltchaWidgetElement>(null);
  const first = useRef(true);
  useEffect(() => {
    import("altcha").then(() => setReady(true));
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each refused submission (a new object) asks for a new solution
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const element = widget.current;
    if (!element?.reset) return;
    element.reset();
    void element.verify();
  }, [solveAgain]);
  return (
    <div aria-describedby={describedBy} className="min-h-[4.5rem]">
      {ready ? (
        <altcha-widget
          ref={widget}
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
