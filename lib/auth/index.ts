import { config } from "@/lib/config";
import { localAuthProvider } from "./local-provider";
import type { AuthProvider } from "./provider";
import { supabaseAuthProvider } from "./supabase-provider";

export type {
  AuthProvider,
  BrowserSession,
  ConfirmResult,
  Delivery,
  PasswordReset,
  RequestCookie,
  SessionCookie,
  SignedIn,
  SignInResult,
  SignupDoor,
} from "./provider";

/** The auth provider in use: Supabase Auth when SUPABASE_* is configured, otherwise the built-in one. */
export function authProvider(): AuthProvider {
  return config().supabase ? supabaseAuthProvider : localAuthProvider;
}
