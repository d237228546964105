import { spawn } from "node:child_process";
import { describe, expect, inject, it } from "vitest";
import { httpClient } from "../support/http-client";
import { startServer } from "../support/server";

// The headers every response carries and the deployment checks of a production start,
// against the product started as a user starts it.

const baseUrl = inject("baseUrl");
const rest = httpClient(baseUrl, inject("serverDataDir"));

function directives(policy: string | null): Map<string, string> {
  return new Map(
    (policy ?? "").split(";").map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name!, values.join(" ")];
    }),
  );
}

describe("pages", () => {
  it("send a nonce-based CSP (scripts from self and the nonce only; no framing, plugins or base changes), nosniff, a referrer policy, and no HSTS over http", async () => {
    for (const pathname of ["/", "/pricing", "/login", "/signup", "/docs", `/share/shr_${"a".repeat(43)}`]) {
      const response = await fetch(`${baseUrl}${pathname}`);
      const csp = directives(response.headers.get("content-security-policy"));
      const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp.get("script-src") ?? "")?.[1];
      expect(nonce, `${pathname}: ${csp.get("script-src")}`).toBeDefined();
      expect(csp.get("script-src")).toBe(`'self' 'nonce-${nonce}'`);
      expect(csp.get("frame-ancestors")).toBe("'none'");
      expect(csp.get("object-src")).toBe("'none'");
      expect(csp.get("base-uri")).toBe("'self'");
      expect(csp.get("default-src")).toBe("'self'");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("strict-transport-security")).toBeNull();
      // Every script of the page carries this response's nonce (Next.js reads it from the request's CSP).
      const html = await response.text();
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
      expect(scripts.length, pathname).toBeGreaterThan(0);
      for (const script of scripts) expect(script, pathname).toContain(`nonce="${nonce}"`);
    }
  });

  it("get a fresh nonce on every response", async () => {
    const nonces = await Promise.all(
      [1, 2, 3].map(
        async () => /'nonce-([^']+)'/.exec((await fetch(`${baseUrl}/login`)).headers.get("content-security-policy") ?? "")?.[1],
      ),
    );
    expect(new Set(nonces).size).toBe(3);
  });
});

describe("API responses", () => {
  it("carry nosniff and the referrer policy", async () => {
    const response = await fetch(`${baseUrl}/api/v1/meta`);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("refuse ?__proto__=1 on the export like any other unknown parameter (400)", async () => {
    const { key } = await rest.paidFounder();
    const projectId = "00000000-0000-4000-8000-000000000000";
    for (const name of ["__proto__", "constructor", "unknown"]) {
      const response = await rest.call("GET", `/api/v1/export?projectId=${projectId}&${name}=1`, { key });
      expect([name, response.status, response.json?.code]).toEqual([name, 400, "invalid_request"]);
    }
  });

  it("DELETE /api/v1/keys/bootstrap is 405", async () => {
    const response = await rest.call("DELETE", "/api/v1/keys/bootstrap");
    expect([response.status, response.json?.code, response.headers.get("allow")]).toEqual([405, "method_not_allowed", "POST"]);
  });
});

describe("a production start", () => {
  it("sends HSTS when APP_URL is https", async () => {
    const server = await startServer({ APP_URL: "https://launchloop.example" });
    try {
      for (const pathname of ["/login", "/api/v1/meta"]) {
        const response = await fetch(`${server.baseUrl}${pathname}`);
        expect(response.headers.get("strict-transport-security"), pathname).toBe("max-age=63072000; includeSubDomains");
      }
    } finally {
      server.stop();
    }
  }, 300_000);

  it("refuses a non-https APP_URL that is not loopback, with one clear line (npm start and a bare next start)", async () => {
    const refused = await startServer({ APP_URL: "http://launchloop.example" }).then(
      (server) => {
        server.stop();
        return "started";
      },
      (error: Error) => error.message,
    );
    expect(refused).toContain(
      "Refusing to start: APP_URL is http://launchloop.example, but a production server needs an https APP_URL",
    );

    const next = spawn("node_modules/.bin/next", ["start", "--port", "0"], {
      env: { ...process.env, APP_URL: "http://launchloop.example", NEXT_TELEMETRY_DISABLED: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    next.stdout.on("data", (chunk) => (output += chunk));
    next.stderr.on("data", (chunk) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => {
        next.kill("SIGTERM");
        resolve(null);
      }, 60_000);
      next.on("exit", (exitCode) => {
        clearTimeout(timer);
        resolve(exitCode);
      });
    });
    expect(code, output).toBe(1);
    expect(output).toContain("Refusing to start: APP_URL is http://launchloop.example");
  }, 300_000);
});
