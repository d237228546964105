import "server-only";
import { cookies, headers } from "next/headers";
import { cache } from "react";
import { authProvider } from "@/lib/auth";
import type { BrowserSession, RequestCookie, SessionCookie } from "@/lib/auth/provider";
import { getDatabase } from "@/lib/db";
import { clientIpOf } from "@/lib/http/client-ip";

/** The cookies of the current request. */
export async function requestCookies(): Promise<RequestCookie[]> {
  return (await cookies()).getAll().map(({ name, value }) => ({ name, value }));
}

/** The caller's address, read the same way as the REST face reads it. */
export async function requestClientIp(): Promise<string> {
  return clientIpOf(await headers());
}

/**
 * Sets cookies on the response. Only server actions and route handlers may: during a
 * page render Next refuses, which is fine for refreshes (the next action sends them).
 */
export async function writeCookies(list: SessionCookie[]): Promise<void> {
  const store = await cookies();
  for (const cookie of list) {
    try {
      store.set(cookie.name, cookie.value, cookie.options);
    } catch {
      return;
    }
  }
}

/** The signed-in browser of this request, resolved once per request, or null. */
export const currentBrowserSession = cache(async (): Promise<BrowserSession | null> => {
  // Cookies first: a request without any (and the build's prerendering) never opens the database.
  const cookies = await requestCookies();
  if (cookies.length === 0) return null;
  const found = await authProvider().currentSession(await getDatabase(), cookies, new Date());
  if (!found) return null;
  await writeCookies(found.cookies);
  return found.session;
});
