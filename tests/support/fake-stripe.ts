import http from "node:http";
import type { AddressInfo } from "node:net";

interface FakeSubscription {
  id: string;
  object: "subscription";
  customer: string;
  status: string;
}

/**
 * A stand-in for Stripe's API at the network edge: records requests, answers like Stripe.
 * `subscriptions` are the ones Stripe would list, read and cancel (a test puts them there).
 */
export async function startFakeStripe() {
  const requests: { method: string; path: string; form: URLSearchParams; headers: http.IncomingHttpHeaders }[] = [];
  const subscriptions = new Map<string, FakeSubscription>();
  const faults: number[] = [];
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      requests.push({ method: request.method!, path: request.url!, form: new URLSearchParams(body), headers: request.headers });
      response.setHeader("Content-Type", "application/json");
      const fault = faults.shift();
      if (fault) {
        response.statusCode = fault;
        response.end(JSON.stringify({ error: { type: "api_error", message: "Stripe is having trouble" } }));
        return;
      }
      const url = new URL(request.url!, "http://stripe.test");
      if (request.method === "GET" && url.pathname === "/v1/subscriptions") {
        const customer = url.searchParams.get("customer");
        const data = [...subscriptions.values()].filter((subscription) => subscription.customer === customer);
        response.end(JSON.stringify({ object: "list", url: "/v1/subscriptions", has_more: false, data }));
        return;
      }
      const one = /^\/v1\/subscriptions\/([\w-]+)$/.exec(url.pathname);
      const subscription = one ? subscriptions.get(one[1]!) : undefined;
      if (subscription && (request.method === "GET" || request.method === "DELETE")) {
        if (request.method === "DELETE") subscription.status = "canceled";
        response.end(JSON.stringify(subscription));
        return;
      }
      if (request.method === "POST" && request.url === "/v1/checkout/sessions") {
        const id = `cs_test_${requests.length}`;
        response.end(
          JSON.stringify({
            id,
            object: "checkout.session",
            mode: "subscription",
            url: `https://checkout.stripe.test/c/pay/${id}`,
          }),
        );
        return;
      }
      if (request.method === "POST" && request.url === "/v1/billing_portal/sessions") {
        const id = `bps_test_${requests.length}`;
        response.end(
          JSON.stringify({
            id,
            object: "billing_portal.session",
            customer: new URLSearchParams(body).get("customer"),
            url: `https://billing.stripe.test/p/session/${id}`,
          }),
        );
        return;
      }
      response.statusCode = 404;
      response.end(JSON.stringify({ error: { type: "invalid_request_error", message: "Unrecognized request URL" } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    subscriptions,
    /** Answers the next `count` requests, whatever they are, with `status`. */
    failNext: (status: number, count = 1) => void faults.push(...Array.from({ length: count }, () => status)),
    /** Stripe holds a subscription of `customer` with `status`. */
    subscribe: (id: string, customer: string, status = "active") =>
      void subscriptions.set(id, { id, object: "subscription", customer, status }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
