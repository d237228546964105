import { localAuthProvider } from "./local-provider";
import type { AuthProvider } from "./provider";

export type { AuthProvider, SignupDoor } from "./provider";

/** The auth provider in use (built-in until Supabase Auth is configured). */
export function authProvider(): AuthProvider {
  return localAuthProvider;
}
