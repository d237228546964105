import { config } from "@/lib/config";
import type { RequestCookie, SessionCookie } from "./provider";

const day = 24 * 60 * 60 * 1000;
/** A session ends after 14 days without use, and 30 days after sign-in however much it is used. */
export const sessionIdleMs = 14 * day;
export const sessionLifetimeMs = 30 * day;

/** Secure cookies everywhere but plain-http development (http://localhost). */
export const secureCookies = () => config().appUrl.startsWith("https://");

/** `__Host-` binds the cookie to this exact host over https; plain http cannot use the prefix. */
export const embeddedSessionCookieName = () => (secureCookies() ? "__Host-ll_session" : "ll_session");

export function sessionCookie(name: string, value: string, maxAgeMs = sessionLifetimeMs): SessionCookie {
  return {
    name,
    value,
    options: { httpOnly: true, secure: secureCookies(), sameSite: "lax", path: "/", maxAge: Math.floor(maxAgeMs / 1000) },
  };
}

export const clearedCookie = (name: string): SessionCookie => sessionCookie(name, "", 0);

export const cookieValue = (cookies: RequestCookie[], name: string) => cookies.find((cookie) => cookie.name === name)?.value;
