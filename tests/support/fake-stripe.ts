import http from "node:http";
import type { AddressInfo } from "node:net";

/** A stand-in for Stripe's API at the network edge: records requests, answers like Stripe. */
export async function startFakeStripe() {
  const requests: { method: string; path: string; form: URLSearchParams; headers: http.IncomingHttpHeaders }[] = [];
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      requests.push({ method: request.method!, path: request.url!, form: new URLSearchParams(body), headers: request.headers });
      response.setHeader("Content-Type", "application/json");
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
