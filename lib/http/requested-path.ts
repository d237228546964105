import { safeReturnPath } from "@/lib/schemas/return-path";

/** The request header in which proxy.ts passes the page asked for (path and query) to the pages. */
export const requestedPathHeader = "x-launchloop-path";

/** The sign-in page that comes back to `requested` (a path of this site) once signed in. */
export function signInFor(requested: string | null | undefined): string {
  const next = safeReturnPath(requested, "/dashboard");
  return next === "/dashboard" ? "/login" : `/login?next=${encodeURIComponent(next)}`;
}
