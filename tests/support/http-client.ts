import path from "node:path";
import { latestTokenHash } from "./mailbox";

/** A small JSON client for a started server. */
export function httpClient(baseUrl: string, dataDir: string) {
  async function call(method: string, urlPath: string, options: { key?: string; body?: unknown; signal?: AbortSignal } = {}) {
    const response = await fetch(`${baseUrl}${urlPath}`, {
      method,
      headers: {
        ...(options.key && { Authorization: `Bearer ${options.key}` }),
        ...(options.body !== undefined && { "Content-Type": "application/json" }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
    const text = await response.text();
    const json = text && response.headers.get("content-type")?.includes("json") ? JSON.parse(text) : undefined;
    return { status: response.status, headers: response.headers, text, json };
  }

  /** Signs up through the API, bootstraps a key and upgrades through the local checkout the 402 points at. */
  async function paidFounder(plan: "pro" | "studio" = "pro") {
    const email = `founder-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await call("POST", "/api/v1/signup", { body: { email, password: "correct horse battery", acceptTerms: true } });
    const tokenHash = latestTokenHash(path.join(dataDir, "mail"), email);
    const { json } = await call("POST", "/api/v1/keys/bootstrap", { body: { tokenHash } });
    const key = json.key as string;
    const checkout = await call("POST", "/api/v1/billing/checkout", { key, body: { plan } });
    await fetch(checkout.json.url, { method: "POST" });
    return { email, key };
  }

  return { call, paidFounder };
}
