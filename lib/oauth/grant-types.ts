import "server-only";
import type OAuth2Server from "@node-oauth/oauth2-server";
// The library's own grant types, reordered below; its index exports only their abstract base.
import AuthorizationCodeGrantType from "@node-oauth/oauth2-server/lib/grant-types/authorization-code-grant-type";
import RefreshTokenGrantType from "@node-oauth/oauth2-server/lib/grant-types/refresh-token-grant-type";

type Request = OAuth2Server.Request;
type Client = OAuth2Server.Client;

/**
 * The authorization code grant with every check before the code is spent: the library spends
 * it first, so a refused exchange (no PKCE verifier, a wrong one, another redirect_uri) used
 * to burn the code and the client's retry with the right values found it used. Here those
 * answer their error and leave the code as it was; spending stays the one conditional
 * statement (`spendOnce`), so of two exchanges at once only one gets tokens. A verifier has
 * at least 256 bits, so keeping the code after a wrong one helps no guessing.
 */
export class CheckFirstAuthorizationCode extends AuthorizationCodeGrantType {
  async handle(request: Request, client: Client) {
    const code = await this.getAuthorizationCode(request, client);
    this.verifyPKCE(request, code);
    this.validateRedirectUri(request, code);
    await this.revokeAuthorizationCode(code);
    return this.saveToken(code.user, client, code.authorizationCode, code.scope);
  }
}

/**
 * The refresh token grant with the scope checked before the token is spent: a refresh asking
 * for more than the grant has answers `invalid_scope` and the refresh token still works, so
 * the client's next plain refresh is not taken for a reuse (which revokes the grant).
 */
export class CheckFirstRefreshToken extends RefreshTokenGrantType {
  async handle(request: Request, client: Client) {
    const token = await this.getRefreshToken(request, client);
    const scope = this.getScope(request, token);
    await this.revokeToken(token);
    return this.saveToken(token.user, client, scope);
  }
}
