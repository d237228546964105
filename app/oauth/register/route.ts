import { getDatabase } from "@/lib/db";
import { invalidJson, oauthEndpoint, oauthJson, preflight } from "@/lib/http/oauth/endpoint";
import { oauthClientLimits } from "@/lib/limits";
import { RegistrationProblem, registerClient } from "@/lib/services/oauth/register-client";

export const dynamic = "force-dynamic";

/** RFC 7591 dynamic client registration (public clients), the fallback for clients without a metadata document. */
export function POST(request: Request) {
  return oauthEndpoint(
    request,
    oauthClientLimits.registration,
    async ({ text }) => {
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw invalidJson();
      }
      try {
        return oauthJson({ status: 201, body: await registerClient(await getDatabase(), { body, now: new Date() }) });
      } catch (error) {
        if (error instanceof RegistrationProblem)
          return oauthJson({ status: 400, body: { error: error.error, error_description: error.message } });
        throw error;
      }
    },
    "invalid_client_metadata",
  );
}
export const OPTIONS = preflight;
