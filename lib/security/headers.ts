/**
 * The security headers of every response, and the Content-Security-Policy of pages. Pure:
 * the proxy passes the request's nonce and the deployment's facts.
 */

const loopbackHosts = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Whether a URL's host is this machine (a development or test server). */
export const isLoopback = (url: URL) => loopbackHosts.has(url.hostname);

/** A fresh nonce for one page response: 16 random bytes, base64. */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}

/**
 * Scripts run only from this origin or with the response's nonce (Next.js puts it on its
 * inline scripts); nobody frames a page. Styles may be inline (React style attributes, the
 * ALTCHA widget's shadow styles): no script runs from a style. Development adds 'unsafe-eval'
 * (React's dev tools rebuild stacks with eval).
 */
export function contentSecurityPolicy(nonce: string, options: { https: boolean; development?: boolean }): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${options.development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    ...(options.https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** Headers for every response, pages and API alike; HSTS only where the service is served over https. */
export function commonSecurityHeaders(options: { https: boolean }): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    ...(options.https && { "Strict-Transport-Security": "max-age=63072000; includeSubDomains" }),
  };
}

/**
 * Why a production server must not start with this APP_URL, or undefined: cookies, HSTS and
 * links need https, except on this machine (a local `npm start`, the tests).
 */
export function insecureAppUrlProblem(appUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(appUrl);
  } catch {
    return `APP_URL (${appUrl}) is not a URL: set it to the https address the service is reached at.`;
  }
  if (url.protocol === "https:" || (url.protocol === "http:" && isLoopback(url))) return undefined;
  return `Refusing to start: APP_URL is ${appUrl}, but a production server needs an https APP_URL (http only for localhost, 127.0.0.1 or [::1]).`;
}
