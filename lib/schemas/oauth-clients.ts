import { z } from "zod";
import { config } from "@/lib/config";
import { safeString } from "@/lib/schemas/common";
import { requestedScopes } from "@/lib/schemas/oauth-scopes";

/** Schemes that open something of the browser's or the system's, never an app of the client's. */
const forbiddenSchemes = new Set([
  "javascript:",
  "data:",
  "file:",
  "vbscript:",
  "about:",
  "blob:",
  "ws:",
  "wss:",
  "ftp:",
  "ms-settings:",
  "shell:",
  "intent:",
  "chrome:",
]);
/** Loopback IP literals: a redirect to one matches a registered one on any port (RFC 8252 §7.3). */
const loopbackIps = new Set(["127.0.0.1", "[::1]"]);
/** `localhost` is loopback too, but matched exactly (port included), as before. */
const loopbackHosts = new Set([...loopbackIps, "localhost"]);
/**
 * What a private-use scheme's first label may be (RFC 8252 §7.1: the reverse of a domain the
 * app's maker controls, e.g. `com.example.app`): a two-letter country code or one of these
 * top-level domains. So `claude.ai:` (a forward domain name, someone else's) is refused.
 */
const topLevelLabels = new Set([
  "com",
  "org",
  "net",
  "edu",
  "gov",
  "int",
  "io",
  "app",
  "dev",
  "ai",
  "info",
  "biz",
  "xyz",
  "tech",
  "cloud",
  "page",
  "site",
  "online",
]);

/** Whether a private-use scheme (without its colon) is in reverse-domain form with a top-level first label. */
export function reverseDomainScheme(scheme: string): boolean {
  const labels = scheme.split(".");
  if (labels.length < 2 || !labels.every((label) => /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/.test(label))) return false;
  const first = labels[0]!;
  return topLevelLabels.has(first) || /^[a-z]{2}$/.test(first);
}

/** A URL, or null for a string that is not one. */
export const parsedUrl = (value: string) => {
  try {
    return new URL(value);
  } catch {
    return null;
  }
};

/**
 * A redirect URI a client may register (RFC 8252): https; http only to a loopback address;
 * or an app's private-use scheme in reverse-domain form (`com.example.app:/cb`). Never a
 * fragment, never a scheme of the browser's or the system's.
 */
export function acceptableRedirectUri(value: string): boolean {
  const url = parsedUrl(value);
  if (!url || url.hash || value.includes("#") || forbiddenSchemes.has(url.protocol)) return false;
  if (url.protocol === "http:") return loopbackHosts.has(url.hostname);
  if (url.protocol === "https:") return Boolean(url.hostname);
  const scheme = url.protocol.slice(0, -1);
  // A known assistant's own scheme from before RFC 8252 (Cursor's `cursor://`), named in OAUTH_APP_SCHEMES.
  return reverseDomainScheme(scheme) || config().oauthAppSchemes.includes(scheme);
}

/** A loopback IP redirect without its port, for matching on any port. */
const withoutPort = (url: URL) => `${url.protocol}//${url.hostname}${url.pathname}${url.search}`;

/**
 * Whether a requested redirect URI is one the client registered: exactly, or for http to a
 * loopback IP literal (`127.0.0.1`, `[::1]`) with any port (RFC 8252 §7.3: a native app
 * listens on whatever port it gets). It must also still be acceptable by today's rules.
 */
export function registeredRedirectUri(registered: readonly string[], requested: string): boolean {
  if (!acceptableRedirectUri(requested)) return false;
  if (registered.includes(requested)) return true;
  const url = parsedUrl(requested)!;
  if (url.protocol !== "http:" || !loopbackIps.has(url.hostname)) return false;
  return registered.some((candidate) => {
    const known = parsedUrl(candidate);
    return known !== null && known.protocol === "http:" && withoutPort(known) === withoutPort(url);
  });
}

/** Where a redirect URI sends the founder, in words for the consent page. */
export type RedirectTarget = { kind: "web"; host: string } | { kind: "loopback"; port: string } | { kind: "app"; scheme: string };

export function redirectTargetOf(redirectUri: string): RedirectTarget {
  const url = new URL(redirectUri);
  if (url.protocol === "https:") return { kind: "web", host: url.host };
  if (url.protocol === "http:") return { kind: "loopback", port: url.port || "80" };
  return { kind: "app", scheme: url.protocol.slice(0, -1) };
}

const redirectUris = z
  .array(
    safeString()
      .max(2_000)
      .refine(
        acceptableRedirectUri,
        "Each redirect URI must be https, http to a loopback address, or an app's own scheme in reverse-domain form (com.example.app:/callback), without a fragment.",
      ),
  )
  .min(1)
  .max(10);

/**
 * What we use of a client's metadata (RFC 7591 names); anything else it says is ignored,
 * as the RFC asks. Every client is public: a registration asking for a secret-based
 * method is answered with `none` (RFC 7591 lets the server replace requested values).
 */
export const clientMetadata = z.looseObject({
  redirect_uris: redirectUris,
  client_name: safeString().trim().min(1).max(100).optional(),
  token_endpoint_auth_method: z.string().max(100).optional(),
  grant_types: z
    .array(z.string())
    .refine((types) => types.includes("authorization_code"), "grant_types must include authorization_code")
    .optional(),
  response_types: z
    .array(z.string())
    .refine((types) => types.includes("code"), "response_types must include code")
    .optional(),
  scope: z
    .string()
    .max(200)
    .refine((scope) => requestedScopes(scope) !== null, "Unknown scope.")
    .optional(),
});

/** A Client ID Metadata Document: the client's metadata at its client_id URL, always a public client. */
export const metadataDocument = clientMetadata.extend({
  client_id: z.string(),
  token_endpoint_auth_method: z
    .literal("none", { error: 'Only public clients (token_endpoint_auth_method "none") are supported.' })
    .optional(),
  client_secret: z.undefined({ error: "A client metadata document must not carry a secret." }).optional(),
});

export type RegistrationRequest = z.infer<typeof clientMetadata>;

export const isMetadataDocumentId = (clientId: string) => /^https?:\/\//i.test(clientId);

/** A zod error in one line: where and what. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0]!;
  return `${issue.path.join(".") || "metadata"}: ${issue.message}`;
}
