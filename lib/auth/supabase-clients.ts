import type { SupabaseClient } from "@supabase/supabase-js";
import { config } from "@/lib/config";
import { sessionCookie } from "./cookies";
import type { RequestCookie, SessionCookie } from "./provider";

/**
 * We never open Supabase Realtime, but supabase-js builds its client eagerly and, on
 * Node 20 (no global WebSocket), refuses without a transport: give it one that is never used.
 */
class NoRealtime {
  constructor() {
    throw new Error("Supabase Realtime is not used by Launchloop");
  }
}
const realtime = { transport: NoRealtime as never };

/**
 * The Supabase libraries load on first use, so a server without Supabase never loads them
 * (supabase-js prints a Node 20 deprecation notice whenever it is imported).
 */
const supabaseJs = () => import("@supabase/supabase-js");
const supabaseSsr = () => import("@supabase/ssr");

export function supabaseSettings() {
  const settings = config().supabase;
  if (!settings) throw new Error("Supabase is not configured (SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY)");
  return settings;
}

/** A client with the service role key: admin calls (delete a user) and storage. Never sent to a browser. */
export async function supabaseAdmin(): Promise<SupabaseClient> {
  const { url, serviceRoleKey } = supabaseSettings();
  const { createClient } = await supabaseJs();
  return createClient(url, serviceRoleKey, {
    realtime,
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

/** A stateless client with the anon key, for calls that need no session (sign-up, recovery e-mails, token checks). */
export async function supabaseAnon(): Promise<SupabaseClient> {
  const { url, anonKey } = supabaseSettings();
  const { createClient } = await supabaseJs();
  return createClient(url, anonKey, {
    realtime,
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

/**
 * A per-request `@supabase/ssr` client over a cookie jar: it reads the browser's cookies
 * and collects the ones it writes, which the face then sets, always HttpOnly, SameSite=Lax
 * and Secure over https (the browser never needs to read them: every call is server-side).
 */
export async function supabaseForCookies(incoming: RequestCookie[]) {
  const { url, anonKey } = supabaseSettings();
  const { createServerClient } = await supabaseSsr();
  const jar = new Map(incoming.map((cookie) => [cookie.name, cookie.value]));
  const written = new Map<string, SessionCookie>();
  const client = createServerClient(url, anonKey, {
    realtime,
    cookies: {
      getAll: () => [...jar].map(([name, value]) => ({ name, value })),
      setAll: (cookies) => {
        for (const { name, value, options } of cookies) {
          const cleared = !value || options?.maxAge === 0;
          if (cleared) jar.delete(name);
          else jar.set(name, value);
          written.set(name, sessionCookie(name, cleared ? "" : value, cleared ? 0 : (options?.maxAge ?? 400 * 24 * 3600) * 1000));
        }
      },
    },
  });
  return { client, written: () => [...written.values()], names: () => [...jar.keys()] };
}

/** The `session_id` claim of a Supabase access token: the session the browser is signed in with. */
export function sessionIdOf(accessToken: string): string | undefined {
  return claimOf(accessToken, "session_id");
}

/** The `sub` claim: the Supabase user the token says it is for (unverified until Supabase Auth vouches for it). */
export function userIdOf(accessToken: string): string | undefined {
  return claimOf(accessToken, "sub");
}

function claimOf(accessToken: string, claim: string): string | undefined {
  try {
    const payload = JSON.parse(Buffer.from(accessToken.split(".")[1] ?? "", "base64url").toString("utf8"));
    return typeof payload[claim] === "string" ? payload[claim] : undefined;
  } catch {
    return undefined;
  }
}
