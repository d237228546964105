import { authorizationParamNames } from "@/lib/schemas/oauth-params";

/** Strict percent-encoding: the path survives the sign-in page's `next` check (letters, digits and `-._~` only). */
const encode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The consent page's path for an authorization request's parameters (only those it knows). */
export function consentPath(params: { get(name: string): string | null }): string {
  const query = authorizationParamNames
    .flatMap((name) => {
      const value = params.get(name);
      return value === null ? [] : [`${name}=${encode(value)}`];
    })
    .join("&");
  return `/oauth/consent${query ? `?${query}` : ""}`;
}
