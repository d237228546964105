"use client";

import { useEffect } from "react";

/**
 * Takes an e-mailed link's token out of the address bar once the page has it, so it is
 * not left in the history, a shared screen or a bookmark. The form keeps it.
 */
export function ForgetLinkToken() {
  useEffect(() => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has("token_hash")) return;
    url.searchParams.delete("token_hash");
    url.searchParams.delete("type");
    window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
  }, []);
  return null;
}
