import { checkoutNotFoundPage, checkoutPage, checkoutUnavailablePage } from "@/lib/billing/checkout-page";
import { getDatabase } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { errorResponse, jsonResponse, newResponseHeaders } from "@/lib/http/responses";
import { uuid } from "@/lib/schemas/common";
import { isSafeReturnPath } from "@/lib/schemas/return-path";
import { billingProvider, billingUnavailable, completeLocalCheckout, findLocalCheckout } from "@/lib/services/billing";

// The local test-mode checkout (only without Stripe, on the embedded database or with
// BILLING=local; elsewhere 503). GET shows the page; a POST to the same URL completes the
// payment, as a browser form or an API client.
export const dynamic = "force-dynamic";

type Context = { params: Promise<{ sessionId: string }> };

/** The page the upgrade started from (`?return=`), only when it is a path of this site. */
const returnOf = (request: Request) => {
  const value = new URL(request.url).searchParams.get("return");
  return isSafeReturnPath(value) ? value : undefined;
};

const wantsHtml = (request: Request) => (request.headers.get("accept") ?? "").includes("text/html");

function html(body: string, status: number) {
  const headers = newResponseHeaders();
  headers.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { status, headers });
}

async function findSession(sessionId: string) {
  // With Stripe the local checkout does not exist (404); with no provider at all it is refused (503).
  if (billingProvider() === "unavailable") throw billingUnavailable();
  if (billingProvider() !== "local" || !uuid.safeParse(sessionId).success) return undefined;
  return findLocalCheckout(await getDatabase(), { sessionId });
}

/** A failure as a page (browsers) or the envelope (API clients): 503 while the database is down. */
function failure(request: Request, thrown: unknown) {
  const headers = newResponseHeaders();
  const response = errorResponse(thrown, headers);
  if (!wantsHtml(request)) return response;
  const page = html(
    checkoutUnavailablePage(response.status, thrown instanceof AppError && thrown.code === "billing_unavailable"),
    response.status,
  );
  page.headers.set("X-Request-Id", headers.get("X-Request-Id")!);
  const retryAfter = response.headers.get("Retry-After");
  if (retryAfter) page.headers.set("Retry-After", retryAfter);
  return page;
}

export async function GET(request: Request, context: Context) {
  try {
    const found = await findSession((await context.params).sessionId);
    if (!found) return html(checkoutNotFoundPage(), 404);
    return html(
      checkoutPage({
        plan: found.session.plan,
        email: found.email,
        completed: found.session.status === "completed",
        returnTo: returnOf(request),
      }),
      200,
    );
  } catch (error) {
    return failure(request, error);
  }
}

export async function POST(request: Request, context: Context) {
  try {
    return await complete(request, context);
  } catch (error) {
    return failure(request, error);
  }
}

async function complete(request: Request, context: Context) {
  const found = await findSession((await context.params).sessionId);
  if (!found) {
    return wantsHtml(request)
      ? html(checkoutNotFoundPage(), 404)
      : errorResponse(new AppError("not_found", "This checkout session does not exist."), newResponseHeaders());
  }
  const result = await completeLocalCheckout(await getDatabase(), { sessionId: found.session.id });
  if (wantsHtml(request)) {
    return html(checkoutPage({ plan: result.plan, email: found.email, completed: true, returnTo: returnOf(request) }), 200);
  }
  return jsonResponse(result, 200, newResponseHeaders());
}
