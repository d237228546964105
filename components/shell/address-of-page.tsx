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
    window.history.replaceState(null, "", `${pathname}${window.location.search}${window.location.hash}`);
  }, [pathname]);
  return null;
}
