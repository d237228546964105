import "server-only";
import OAuth2Server from "@node-oauth/oauth2-server";
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { lockUnrevokedAccess } from "@/lib/db/accounts";
import { oauthClients, oauthGrants, oauthTokens } from "@/lib/db/schema";
import { registeredRedirectUri } from "@/lib/schemas/oauth-clients";
import { requestedScopes } from "@/lib/schemas/oauth-scopes";
import { randomToken, sha256Hex } from "@/lib/security/hashing";
import { ClientProblem, findClient } from "./clients";
import { revokeGrant, tokenPrefixes } from "./grants";

export const lifetimes = {
  codeSeconds: 60,
  /** The bound: access tokens live at most an hour. */
  accessSeconds: 3_600,
  refreshSeconds: 30 * 86_400,
};

/** Who a code or token acts for, as the library carries it: the account, the grant, the resource. */
export interface GrantUser {
  accountId: string;
  /** The account's access generation the founder was signed in under, when they allowed the grant. */
  accessGeneration?: number;
  resource: string;
  grantId?: string;
}

/**
 * The storage the OAuth library works on: clients, codes and tokens in the database (only
 * their SHA-256), every code and refresh token usable once. A second use of either revokes
 * its whole grant (the tokens issued from it included), with no grace window.
 */
export function oauthModel(db: Database): OAuth2Server.AuthorizationCodeModel & OAuth2Server.RefreshTokenModel {
  const now = () => new Date();

  /** Marks a code or refresh token used, once; a second use (or a lost race) revokes its grant. */
  async function spendOnce(value: string, kind: "code" | "refresh"): Promise<boolean> {
    const hash = sha256Hex(value);
    const used = await db
      .update(oauthTokens)
      .set({ usedAt: now() })
      .where(and(eq(oauthTokens.tokenHash, hash), eq(oauthTokens.kind, kind), isNull(oauthTokens.usedAt)))
      .returning({ grantId: oauthTokens.grantId });
    if (used.length === 1) return true;
    await revokeGrantOf(hash);
    return false;
  }

  async function revokeGrantOf(hash: string) {
    const [token] = await db.select({ grantId: oauthTokens.grantId }).from(oauthTokens).where(eq(oauthTokens.tokenHash, hash));
    if (token) await revokeGrant(db, { grantId: token.grantId, now: now() });
  }

  /** A stored code or refresh token with its grant: null when unknown or revoked; a used one revokes its grant. */
  async function findUsable(value: string, kind: "code" | "refresh") {
    const hash = sha256Hex(value);
    const [found] = await db
      .select({ token: oauthTokens, grant: oauthGrants })
      .from(oauthTokens)
      .innerJoin(oauthGrants, eq(oauthGrants.id, oauthTokens.grantId))
      .where(and(eq(oauthTokens.tokenHash, hash), eq(oauthTokens.kind, kind)));
    if (!found || found.grant.revokedAt) return null;
    if (found.token.usedAt) {
      await revokeGrant(db, { grantId: found.grant.id, now: now() });
      return null;
    }
    return found;
  }

  async function hasLiveGrant(clientId: string) {
    const [grant] = await db
      .select({ id: oauthGrants.id })
      .from(oauthGrants)
      .where(and(eq(oauthGrants.clientId, clientId), isNull(oauthGrants.revokedAt)))
      .limit(1);
    return grant !== undefined;
  }

  const userOf = (grant: typeof oauthGrants.$inferSelect): GrantUser => ({
    accountId: grant.accountId,
    resource: grant.resource,
    grantId: grant.id,
  });

  return {
    async getClient(clientId) {
      try {
        // The token endpoint answers anyone: it fetches a client's metadata document only for a
        // client some founder has granted (else only a fresh cached copy counts), so it is no
        // fetching proxy for arbitrary URLs.
        const client = await findClient(db, clientId, now(), { mayFetch: () => hasLiveGrant(clientId) });
        return {
          id: client.id,
          name: client.name,
          redirectUris: client.redirectUris,
          grants: ["authorization_code", "refresh_token"],
        };
      } catch (error) {
        if (error instanceof ClientProblem) return false;
        throw error;
      }
    },

    // A loopback IP redirect matches a registered one on any port (RFC 8252 §7.3), as checkAuthorization decided.
    async validateRedirectUri(redirectUri, client) {
      return registeredRedirectUri([client.redirectUris ?? []].flat(), redirectUri);
    },

    generateAuthorizationCode: async () => `${tokenPrefixes.code}${randomToken(32)}`,
    generateAccessToken: async () => `${tokenPrefixes.access}${randomToken(32)}`,
    generateRefreshToken: async () => `${tokenPrefixes.refresh}${randomToken(32)}`,

    async validateScope(_user, _client, scope) {
      return requestedScopes(scope ?? undefined) ?? false;
    },

    async saveAuthorizationCode(code, client, user) {
      const { accountId, accessGeneration, resource } = user as GrantUser;
      const scopes = code.scope ?? [];
      await db.transaction(async (tx) => {
        // Only a founder's consent saves a code, and it carries the access it was given under.
        if (accessGeneration === undefined) throw new Error("An authorization code is saved only for a consenting founder");
        await lockUnrevokedAccess(tx, { id: accountId, accessGeneration });
        const [grant] = await tx
          .insert(oauthGrants)
          .values({
            accountId,
            clientId: client.id,
            clientName: String(client.name),
            redirectUri: code.redirectUri,
            scopes,
            resource,
            createdAt: now(),
          })
          .returning({ id: oauthGrants.id });
        await tx
          .update(oauthClients)
          .set({ firstGrantedAt: now() })
          .where(and(eq(oauthClients.id, client.id), isNull(oauthClients.firstGrantedAt)));
        await tx.insert(oauthTokens).values({
          tokenHash: sha256Hex(code.authorizationCode),
          kind: "code",
          grantId: grant!.id,
          accountId,
          scopes,
          codeChallenge: code.codeChallenge ?? null,
          expiresAt: code.expiresAt,
        });
      });
      return { ...code, client, user };
    },

    async getAuthorizationCode(authorizationCode) {
      const found = await findUsable(authorizationCode, "code");
      if (!found) return false;
      return {
        authorizationCode,
        expiresAt: found.token.expiresAt,
        redirectUri: found.grant.redirectUri,
        scope: found.token.scopes,
        client: { id: found.grant.clientId, grants: ["authorization_code", "refresh_token"] },
        user: userOf(found.grant),
        ...(found.token.codeChallenge && { codeChallenge: found.token.codeChallenge, codeChallengeMethod: "S256" }),
      };
    },

    revokeAuthorizationCode: (code) => spendOnce(code.authorizationCode, "code"),

    async getRefreshToken(refreshToken) {
      const found = await findUsable(refreshToken, "refresh");
      if (!found) return false;
      return {
        refreshToken,
        refreshTokenExpiresAt: found.token.expiresAt,
        scope: found.token.scopes,
        client: { id: found.grant.clientId, grants: ["authorization_code", "refresh_token"] },
        user: userOf(found.grant),
      };
    },

    revokeToken: (token) => spendOnce((token as OAuth2Server.RefreshToken).refreshToken, "refresh"),

    async saveToken(token, client, user) {
      const { grantId, accountId } = user as GrantUser;
      const scopes = token.scope ?? [];
      const saved = await db.transaction(async (tx) => {
        // Under the grant's row lock: a grant revoked meanwhile (a reused code or refresh token) gets no tokens.
        const [grant] = await tx
          .select({ id: oauthGrants.id })
          .from(oauthGrants)
          .where(and(eq(oauthGrants.id, grantId!), isNull(oauthGrants.revokedAt)))
          .for("update");
        if (!grant) return false;
        const rows: (typeof oauthTokens.$inferInsert)[] = [
          {
            tokenHash: sha256Hex(token.accessToken),
            kind: "access",
            grantId: grant.id,
            accountId,
            scopes,
            expiresAt: token.accessTokenExpiresAt!,
          },
        ];
        if (token.refreshToken)
          rows.push({
            tokenHash: sha256Hex(token.refreshToken),
            kind: "refresh",
            grantId: grant.id,
            accountId,
            scopes,
            expiresAt: token.refreshTokenExpiresAt!,
          });
        await tx.insert(oauthTokens).values(rows);
        await tx
          .update(oauthGrants)
          .set({ activatedAt: now() })
          .where(and(eq(oauthGrants.id, grant.id), isNull(oauthGrants.activatedAt)));
        return true;
      });
      if (!saved) throw new OAuth2Server.InvalidGrantError("Invalid grant: the grant was revoked");
      return { ...token, client, user };
    },

    // Access tokens are checked by the MCP face itself (authenticateAccessToken), never by the library.
    async getAccessToken() {
      return false;
    },
  };
}
