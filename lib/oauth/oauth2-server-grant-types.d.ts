// Types for the two grant types of @node-oauth/oauth2-server (5.x) that lib/oauth/grant-types.ts
// reorders; the package declares only its index.
declare module "@node-oauth/oauth2-server/lib/grant-types/authorization-code-grant-type" {
  import OAuth2Server from "@node-oauth/oauth2-server";
  export default class AuthorizationCodeGrantType extends OAuth2Server.AbstractGrantType {
    handle(request: OAuth2Server.Request, client: OAuth2Server.Client): Promise<OAuth2Server.Token | false>;
    getAuthorizationCode(request: OAuth2Server.Request, client: OAuth2Server.Client): Promise<OAuth2Server.AuthorizationCode>;
    verifyPKCE(request: OAuth2Server.Request, code: OAuth2Server.AuthorizationCode): void;
    validateRedirectUri(request: OAuth2Server.Request, code: OAuth2Server.AuthorizationCode): void;
    revokeAuthorizationCode(code: OAuth2Server.AuthorizationCode): Promise<OAuth2Server.AuthorizationCode>;
    saveToken(
      user: OAuth2Server.User,
      client: OAuth2Server.Client,
      authorizationCode: string,
      scope: string[] | undefined,
    ): Promise<OAuth2Server.Token | false>;
  }
}

declare module "@node-oauth/oauth2-server/lib/grant-types/refresh-token-grant-type" {
  import OAuth2Server from "@node-oauth/oauth2-server";
  export default class RefreshTokenGrantType extends OAuth2Server.AbstractGrantType {
    handle(request: OAuth2Server.Request, client: OAuth2Server.Client): Promise<OAuth2Server.Token | false>;
    getRefreshToken(request: OAuth2Server.Request, client: OAuth2Server.Client): Promise<OAuth2Server.RefreshToken>;
    getScope(request: OAuth2Server.Request, token?: OAuth2Server.RefreshToken): string[];
    revokeToken(token: OAuth2Server.RefreshToken): Promise<OAuth2Server.RefreshToken>;
    saveToken(
      user: OAuth2Server.User,
      client: OAuth2Server.Client,
      scope: string[] | undefined,
    ): Promise<OAuth2Server.Token | false>;
  }
}
