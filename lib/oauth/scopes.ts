/** The scopes a client may ask for, each with the words the consent page shows. */
export const oauthScopes = {
  "launchloop:read": "See your account, projects, launch packs, playbooks and growth plans",
  "launchloop:write": "Create and change projects, run agents, plan and draft growth weeks, as you (within your plan's limits)",
} as const;

export type OAuthScope = keyof typeof oauthScopes;
export const allScopes = Object.keys(oauthScopes) as OAuthScope[];

const isScope = (value: string): value is OAuthScope => Object.hasOwn(oauthScopes, value);

/** The scopes a request's `scope` asks for (all of them when it names none), or null when it names one we do not have. */
export function requestedScopes(scope: string | string[] | undefined | null): OAuthScope[] | null {
  const words = (Array.isArray(scope) ? scope : (scope ?? "").split(" ")).map((word) => word.trim()).filter(Boolean);
  if (words.length === 0) return [...allScopes];
  if (!words.every(isScope)) return null;
  return allScopes.filter((known) => words.includes(known));
}

/** What a tool or resource needs: reading for read-only ones, writing for everything else. */
export const scopeFor = (readOnly: boolean): OAuthScope => (readOnly ? "launchloop:read" : "launchloop:write");
