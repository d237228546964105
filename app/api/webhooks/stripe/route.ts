import { getDatabase } from "@/lib/db";
import { readBodyText } from "@/lib/http/body";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { errorResponse, jsonResponse, newResponseHeaders } from "@/lib/http/responses";
import { handleStripeEvent, verifyStripeEvent } from "@/lib/services/stripe-webhook";

export const dynamic = "force-dynamic";

/** Stripe's webhook: the signature is checked on the raw body (read up to 1 MiB) before anything is parsed. */
export async function POST(request: Request) {
  const headers = newResponseHeaders();
  try {
    const event = await verifyStripeEvent(await readBodyText(request), request.headers.get("stripe-signature"));
    const result = await handleStripeEvent(await getDatabase(), event);
    return jsonResponse({ received: true, ...result }, 200, headers);
  } catch (error) {
    return errorResponse(error, headers);
  }
}

const onlyPost = methodNotAllowed("POST");

export { onlyPost as GET, onlyPost as PUT, onlyPost as PATCH, onlyPost as DELETE };
