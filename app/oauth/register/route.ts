import { getDatabase } from "@/lib/db";
import { RegistrationProblem, registerClient } from "@/lib/oauth/clients";
import { invalidJson, oauthEndpoint, oauthJson, preflight } from "@/lib/oauth/http";

export const dynamic = "force-dynamic";

/** At most this many registrations per address and hour: each one is a row. */
const registrationLimit = (clientIp: string) => ({
  key: `oauth-register:ip:${clientIp}`,
  limit: 30,
  windowSeconds: 3600,
  code: "rate_limited" as const,
});

/** RFC 7591 dynamic client registration (public clients), the fallback for clients without a metadata document. */
export function POST(request: Request) {
  return oauthEndpoint(request, registrationLimit, async ({ text }) => {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw invalidJson();
    }
    try {
      return oauthJson({ status: 201, body: await registerClient(await getDatabase(), body, new Date()) });
    } catch (error) {
      if (error instanceof RegistrationProblem)
        return oauthJson({ status: 400, body: { error: error.error, error_description: error.message } });
      throw error;
    }
  });
}
export const OPTIONS = preflight;
