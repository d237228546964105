/** The parameters of an authorization request, as the client sent them. */
export interface AuthorizationParams {
  client_id?: string;
  redirect_uri?: string;
  response_type?: string;
  scope?: string;
  state?: string;
  code_challenge?: string;
  code_challenge_method?: string;
  resource?: string;
}

export const authorizationParamNames = [
  "client_id",
  "redirect_uri",
  "response_type",
  "scope",
  "state",
  "code_challenge",
  "code_challenge_method",
  "resource",
] as const;

/** The parameters of an authorization request from a query or a form (each at most once, at most 2,000 characters). */
export function authorizationParamsOf(source: { getAll(name: string): unknown[] }): AuthorizationParams {
  const params: AuthorizationParams = {};
  for (const name of authorizationParamNames) {
    const values = source.getAll(name).filter((value): value is string => typeof value === "string");
    if (values.length === 1 && values[0]!.length <= 2_000) params[name] = values[0];
  }
  return params;
}
