"use client";

import { useEffect } from "react";

/**
 * Shows a page's own address once it is drawn under a shorter one (`/projects` is the
 * dashboard, `/projects/{id}` its launch review): drawing it there saves a phone the round
 * trip of a redirect. The router follows `replaceState`, so tabs and breadcrumbs follow too.
 */
export function AddressOfPage({ pathname }: { pathname: string }) {
  useEffect(() => {
    if (window.location.pathname === pathname) return;
    // After the commit: the router takes over `replaceState` in its own effect, which runs after this one.
    const timer = setTimeout(() =>
      window.history.replaceState(null, "", `${pathname}${window.location.search}${window.location.hash}`),
    );
    return () => clearTimeout(timer);
  }, [pathname]);
  return null;
}
