import "server-only";
import { hkdfSync } from "node:crypto";
import { config } from "@/lib/config";
import { dataDirSecret, sealWithKey, unsealWithKey } from "@/lib/security/secret";

/** What a connection keeps secret, per network; sealed as one JSON document. */
export interface ConnectionSecrets {
  /** Bluesky */
  appPassword?: string;
  accessJwt?: string;
  refreshJwt?: string;
  /** Mastodon (and the OAuth networks) */
  clientId?: string;
  clientSecret?: string;
  accessToken?: string;
  refreshToken?: string;
  /** When the OAuth access token runs out (ISO time), if the network said. */
  expiresAt?: string;
  /** Discord: the token part of the channel webhook's URL (the URL's id is the connection's account id). */
  webhookToken?: string;
  /** WordPress: the login the application password (`appPassword`) belongs to, for HTTP Basic. */
  username?: string;
  /** Buttondown */
  apiKey?: string;
  /** PKCE verifier while an OAuth authorization is under way. */
  codeVerifier?: string;
  /** Whatever else a provider keeps (an API key, a webhook URL): only its own module reads it. */
  [field: string]: string | undefined;
}

/** CONNECTIONS_KEY (any long secret; stretched to 32 bytes), or one generated into the data directory. */
function connectionsKey(): Buffer {
  const secret = config().connectionsKey ?? dataDirSecret("connections-key");
  return Buffer.from(hkdfSync("sha256", secret, "launchloop", "connections", 32));
}

/** AES-256-GCM: only the network modules and the connections service open these. */
export const sealSecrets = (secrets: ConnectionSecrets) => sealWithKey(JSON.stringify(secrets), connectionsKey());

export const openSecrets = (sealed: string): ConnectionSecrets =>
  JSON.parse(unsealWithKey(sealed, connectionsKey())) as ConnectionSecrets;
