import "server-only";
import { and, eq, gt } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { oauthClients } from "@/lib/db/schema";
import { isUnsafeText } from "@/lib/schemas/common";
import { firstIssue, isMetadataDocumentId, metadataDocument, parsedUrl } from "@/lib/schemas/oauth-clients";
import { fetchOutbound, type OutboundResponse, OutboundUrlError } from "@/lib/security/outbound-url";

/**
 * An assistant (MCP client) as this authorization server knows it: registered here (RFC 7591)
 * or described by its Client ID Metadata Document. Not a social network's OAuth app (lib/networks).
 */
export interface RegisteredClient {
  id: string;
  kind: "registered" | "metadata_document";
  name: string;
  redirectUris: string[];
}

/** Why a client could not be used, in words safe to show on the authorization page. */
export class ClientProblem extends Error {}

const documentLimits = { timeoutMs: 5_000, maxBytes: 16_384 };
const cacheSeconds = { fallback: 3_600, min: 300, max: 86_400 };

const toClient = (row: typeof oauthClients.$inferSelect): RegisteredClient => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  redirectUris: row.redirectUris,
});

/** How long a fetched document is kept: its Cache-Control max-age, within bounds. */
function cacheLifetimeSeconds(cacheControl: string): number {
  const maxAge = /max-age=(\d+)/.exec(cacheControl)?.[1];
  if (/no-store|no-cache/.test(cacheControl)) return cacheSeconds.min;
  return Math.min(cacheSeconds.max, Math.max(cacheSeconds.min, maxAge ? Number(maxAge) : cacheSeconds.fallback));
}

/** Fetches and checks a Client ID Metadata Document; throws a ClientProblem saying what is wrong. */
async function fetchMetadataDocument(clientId: string, url: URL) {
  if (url.pathname === "/" || url.hash) throw new ClientProblem("A client_id URL needs a path and no fragment.");
  let response: OutboundResponse;
  try {
    response = await fetchOutbound(clientId, { ...documentLimits, accept: "application/json" });
  } catch (error) {
    throw new ClientProblem(
      `The client's metadata document could not be fetched: ${error instanceof OutboundUrlError ? error.message : "failed"}.`,
    );
  }
  if (response.status !== 200) throw new ClientProblem(`The client's metadata document answered ${response.status}.`);
  let json: unknown;
  try {
    json = JSON.parse(response.body);
  } catch {
    throw new ClientProblem("The client's metadata document is not JSON.");
  }
  const parsed = metadataDocument.safeParse(json);
  if (!parsed.success) throw new ClientProblem(`The client's metadata document is not valid: ${firstIssue(parsed.error)}`);
  if (parsed.data.client_id !== clientId) throw new ClientProblem("The client's metadata document names another client_id.");
  return { document: parsed.data, lifetimeSeconds: cacheLifetimeSeconds(response.cacheControl) };
}

/**
 * The client behind a `client_id`: a registered one, or a metadata document (from the
 * cache while it is fresh, else fetched, checked and cached). Throws a ClientProblem when
 * there is none or its document is unusable. `mayFetch` is asked only when the cache has
 * no fresh copy (it may throw a ClientProblem saying why not).
 */
export async function findClient(
  db: Database,
  clientId: string,
  now: Date,
  { mayFetch = async () => true }: { mayFetch?: () => Promise<boolean> } = {},
): Promise<RegisteredClient> {
  if (clientId.length > 500 || isUnsafeText(clientId)) throw new ClientProblem("Unknown client.");
  if (!isMetadataDocumentId(clientId)) {
    const [row] = await db
      .select()
      .from(oauthClients)
      .where(and(eq(oauthClients.id, clientId), eq(oauthClients.kind, "registered")));
    if (!row)
      throw new ClientProblem("Unknown client: register it first, or use a client metadata document URL as its client_id.");
    return toClient(row);
  }
  const url = parsedUrl(clientId);
  if (!url) throw new ClientProblem("The client_id is not a valid URL.");
  const [cached] = await db
    .select()
    .from(oauthClients)
    .where(and(eq(oauthClients.id, clientId), eq(oauthClients.kind, "metadata_document"), gt(oauthClients.expiresAt, now)));
  if (cached) return toClient(cached);
  if (!(await mayFetch())) throw new ClientProblem("Unknown client.");
  const { document, lifetimeSeconds } = await fetchMetadataDocument(clientId, url);
  const values = {
    id: clientId,
    kind: "metadata_document" as const,
    name: document.client_name ?? url.host,
    redirectUris: document.redirect_uris,
    expiresAt: new Date(now.getTime() + lifetimeSeconds * 1000),
  };
  const [row] = await db
    .insert(oauthClients)
    .values(values)
    .onConflictDoUpdate({
      target: oauthClients.id,
      set: { name: values.name, redirectUris: values.redirectUris, expiresAt: values.expiresAt },
      where: eq(oauthClients.kind, "metadata_document"),
    })
    .returning();
  if (!row) throw new ClientProblem("Unknown client.");
  return toClient(row);
}
