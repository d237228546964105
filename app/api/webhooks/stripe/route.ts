import { getDatabase } from "@/lib/db";
import { errorResponse, jsonResponse, newResponseHeaders } from "@/lib/http/responses";
import { handleStripeEvent, verifyStripeEvent } from "@/lib/services/stripe-webhook";

export const dynamic = "force-dynamic";

/** Stripe's webhook: the signature is checked on the raw body before anything is parsed. */
export async function POST(request: Request) {
  const headers = newResponseHeaders();
  try {
    const event = verifyStripeEvent(await request.text(), request.headers.get("stripe-signature"));
    const result = await handleStripeEvent(await getDatabase(), event);
    return jsonResponse({ received: true, ...result }, 200, headers);
  } catch (error) {
    return errorResponse(error, headers);
  }
}
