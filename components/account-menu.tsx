"use client";

import { useEffect, useRef } from "react";
import { planName } from "./plan-name";
import { Badge } from "./ui";

const item = "menu-item";

/**
 * The account menu: a native disclosure (works with the keyboard and without script),
 * closed on Escape or a click elsewhere once the page is interactive.
 */
export function AccountMenu({ email, plan, signOut }: { email: string; plan: string; signOut: () => Promise<void> }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const close = (event: Event) => {
      const menu = ref.current;
      if (!menu?.open) return;
      if (event instanceof KeyboardEvent ? event.key === "Escape" : !menu.contains(event.target as Node)) {
        menu.open = false;
        if (event instanceof KeyboardEvent) menu.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("click", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("click", close);
      document.removeEventListener("keydown", close);
    };
  }, []);

  return (
    <details ref={ref} className="relative">
      {/* Named by its own text, not aria-label: the name ("Account menu for …") contains the e-mail seen from sm up. */}
      <summary className="menu-trigger">
        <span
          aria-hidden
          className="grid size-7 place-items-center rounded-full bg-accent-soft font-semibold text-accent uppercase"
        >
          {email[0]}
        </span>
        <span className="sr-only">Account menu for {email}</span>
        <span aria-hidden className="hidden max-w-[14rem] truncate sm:inline">
          {email}
        </span>
        <span aria-hidden className="text-muted">
          ▾
        </span>
      </summary>
      <div className="absolute right-0 z-40 mt-2 w-64 rounded-xl border border-line bg-surface p-1.5 shadow-[var(--shadow-pop)]">
        <div className="px-3 py-2">
          <p className="truncate text-sm font-medium">{email}</p>
          <Badge tone="accent" className="mt-1">
            {planName(plan)} plan
          </Badge>
        </div>
        <hr className="my-1 border-line" />
        <a className={item} href="/dashboard">
          All projects
        </a>
        <a className={item} href="/settings/account">
          Account
        </a>
        <a className={item} href="/settings/billing">
          Plan and billing
        </a>
        <hr className="my-1 border-line" />
        <form action={signOut}>
          <button type="submit" className={`${item} w-full text-left`}>
            Sign out
          </button>
        </form>
      </div>
    </details>
  );
}
