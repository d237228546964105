/** The scopes a client may ask for, each with the words the consent page shows. */
export const oauthScopes = {
  "launchloop:read": "See your account, projects, launch packs, playbooks and growth plans",
  "launchloop:write": "Create and change projects, run agents, plan and draft growth weeks, as you (within your plan's limits)",
  "launchloop:publish": "Post to your connected social accounts: publish an approved item now, or schedule it so it goes out",
} as const;

export type OAuthScope = keyof typeof oauthScopes;
export const allScopes = Object.keys(oauthScopes) as OAuthScope[];

/**
 * What a request that names no scope gets, and what the MCP server's 401 challenge asks for:
 * reading and writing. Posting to a network is asked for by name (`launchloop:publish`).
 */
export const defaultScopes: OAuthScope[] = ["launchloop:read", "launchloop:write"];

/** The scope that lets an app post to the founder's connected accounts. */
export const publishScope: OAuthScope = "launchloop:publish";

const isScope = (value: string): value is OAuthScope => Object.hasOwn(oauthScopes, value);

/** The scopes a request's `scope` asks for (the default ones when it names none), or null when it names one we do not have. */
export function requestedScopes(scope: string | string[] | undefined | null): OAuthScope[] | null {
  const words = (Array.isArray(scope) ? scope : (scope ?? "").split(" ")).map((word) => word.trim()).filter(Boolean);
  if (words.length === 0) return [...defaultScopes];
  if (!words.every(isScope)) return null;
  return allScopes.filter((known) => words.includes(known));
}
