import "server-only";
import type { ServiceContext } from "@/lib/core/context";
import { AppError } from "@/lib/errors";
import { authorizationResponseUrl, checkAuthorization, issueAuthorizationCode } from "@/lib/oauth/server";
import type { AuthorizationParams } from "@/lib/schemas/oauth-params";

/**
 * The founder's answer to an authorization request, checked again as it arrives: where
 * the browser goes next (the client's redirect URI with a code, or with access_denied).
 */
export async function decideAuthorization(ctx: ServiceContext, input: AuthorizationParams & { decision: "allow" | "deny" }) {
  const { decision, ...params } = input;
  const checked = await checkAuthorization(ctx.db, params, ctx.now, { accountId: ctx.account.id, clientIp: ctx.clientIp });
  if (checked.kind === "refused") throw new AppError("invalid_request", checked.message);
  if (checked.kind === "error") return { redirectTo: checked.redirectTo };
  if (decision === "deny") {
    return {
      redirectTo: authorizationResponseUrl(checked.redirectUri, {
        error: "access_denied",
        error_description: "The founder denied access.",
        state: params.state,
      }),
    };
  }
  return { redirectTo: await issueAuthorizationCode(ctx.db, ctx.account, checked) };
}
