import { allScopes, type OAuthScope } from "@/lib/schemas/oauth-scopes";
import { apiOperations } from "./index";
import { admits, scopeOf } from "./operation";

/** What one scope opens to a connected app, as the consent page lists it. */
export interface ScopeReach {
  /** Tool families (a tool name's first word: `projects`, `growth`…) with a tool the scope opens. */
  families: string[];
  /** The tools it opens, by name. */
  tools: string[];
  /** Tools whose arguments need the scope only when sent (a schedule needs launchloop:publish). */
  arguments: { tool: string; fields: string[] }[];
}

let reach: Record<OAuthScope, ScopeReach> | undefined;

/**
 * For each scope, the MCP tools it opens, derived from the operations' declarations (their
 * `scope` and `fieldScopes`): the same table the MCP server and the executor check.
 */
export function scopeReach(): Record<OAuthScope, ScopeReach> {
  if (reach) return reach;
  const tools = apiOperations.filter((operation) => operation.tool && admits(operation, "grant"));
  const familyOf = (name: string) => name.split("_")[0]!;
  reach = Object.fromEntries(
    allScopes.map((scope) => {
      const own = tools.filter((operation) => scopeOf(operation) === scope).map((operation) => operation.tool!.name);
      const byArgument = tools.flatMap((operation) => {
        const fields = Object.entries(operation.fieldScopes ?? {})
          .filter(([, needed]) => needed === scope)
          .map(([field]) => field);
        return fields.length > 0 ? [{ tool: operation.tool!.name, fields }] : [];
      });
      const families = [...new Set([...own, ...byArgument.map((entry) => entry.tool)].map(familyOf))];
      return [scope, { families, tools: own, arguments: byArgument }];
    }),
  ) as Record<OAuthScope, ScopeReach>;
  return reach;
}
