import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RawAnswer, type RawRequest, sendRaw } from "../support/raw-request";
import { type StartedServer, startServer } from "../support/server";

// The routes outside /api/v1 (OAuth, jobs, connection callbacks, files, checkout): whatever a
// client sends them is answered below 500, without a stack trace, and nothing reaches the log
// as an unexpected error. tests/server/hostile-input.test.ts does the same for /api/v1.

let server: StartedServer;
beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_PER_MINUTE: "10000000", SIGNUP_LIMIT_PER_HOUR: "10000000" });
}, 300_000);
afterAll(() => server?.stop());

type Hostile = RawRequest;
const send = (hostile: Hostile) => sendRaw(server.baseUrl, hostile);

function* megabytes(count: number, prefix: string) {
  yield Buffer.from(prefix);
  for (let i = 0; i < count * 16; i++) yield Buffer.alloc(64 * 1024, "a");
}

const form = { "Content-Type": "application/x-www-form-urlencoded" };
const json = { "Content-Type": "application/json" };
const strange = ["", "%00", "\u0000", "\ud800", "a".repeat(5000), "😀", "'\"<>", "%E0%A4%A", "[]", "{}", "null", "-1"];
const encode = (value: string) => encodeURIComponent(value.replace(/[\ud800-\udfff]/g, "\ufffd"));

/** Bodies every POST route gets: broken JSON and forms, other types, huge, chunked, deep. */
function bodies(): Pick<Hostile, "headers" | "body">[] {
  return [
    { headers: json, body: "" },
    { headers: json, body: "{" },
    { headers: json, body: "[1,2]" },
    { headers: json, body: '"text"' },
    { headers: json, body: "null" },
    { headers: json, body: `${"[".repeat(100_000)}${"]".repeat(100_000)}` },
    { headers: json, body: JSON.stringify({ a: "\u0000", b: "\ud800" }) },
    { headers: form, body: "" },
    { headers: form, body: "%zz=%E0%A4%A&&=&grant_type" },
    { headers: form, body: "grant_type=authorization_code&code=x&code=y&redirect_uri=javascript:alert(1)" },
    { headers: form, body: "grant_type=refresh_token&refresh_token=%00&scope=launchloop:admin" },
    { headers: form, body: `grant_type=${"a".repeat(100_000)}` },
    { headers: { "Content-Type": "text/plain" }, body: "hello" },
    { headers: { "Content-Type": "multipart/form-data; boundary=x" }, body: "--x\r\nbroken" },
    { headers: { "Content-Type": "application/json; charset=utf-16" }, body: "{}" },
    { headers: json, body: `{"redirect_uris":${JSON.stringify(strange)},"client_name":{"a":1},"grant_types":"x"}` },
    { headers: { ...json, "Transfer-Encoding": "chunked" }, body: { chunks: () => megabytes(8, '{"a":"') } },
    { headers: form, body: { chunks: () => megabytes(3, "token=") } },
  ];
}

/** Query strings every GET route gets. */
function queries(names: string[]): string[] {
  const out = ["", "?", "?%zz", "?a=%E0%A4%A", `?${"x".repeat(9000)}=1`];
  for (const name of names)
    for (const value of strange) {
      out.push(`?${name}=${encode(value)}`);
      out.push(`?${name}=${encode(value)}&${name}=${encode(value)}`);
    }
  return out;
}

const sessionCookies: Record<string, string>[] = [
  {},
  { Cookie: "ll_session=" },
  { Cookie: `ll_session=${"a".repeat(43)}` },
  { Cookie: "ll_session=%00%zz" },
  { Cookie: `ll_session=${"x".repeat(8000)}` },
];

const authorizeParams = [
  "response_type=code",
  "client_id=https%3A%2F%2Fxn--localhost%2Fc",
  "client_id=https%3A%2F%2F127.0.0.1%2Fc",
  "client_id=https%3A%2F%2F%5B%3A%3A127.0.0.1%5D%2Fc",
  "client_id=https%3A%2F%2F%5B%3A%3Affff%3A7f00%3A1%5D%2Fc",
  "client_id=javascript%3Aalert(1)",
  "client_id=%E0%A4%A",
  "redirect_uri=ms-settings%3A",
  "redirect_uri=claude.ai%3A%2Fcb",
  "scope=launchloop%3Aadmin",
  "code_challenge_method=plain",
  "code_challenge=%00",
  "resource=javascript%3A1",
];

function hostileRequests(): Hostile[] {
  const requests: Hostile[] = [];
  for (const path of ["/oauth/token", "/oauth/register", "/oauth/revoke", "/api/jobs/run", "/api/webhooks/stripe"]) {
    for (const body of bodies()) requests.push({ method: "POST", target: path, ...body });
    for (const method of ["GET", "PUT", "PATCH", "DELETE"]) requests.push({ method, target: path });
  }
  for (const authorization of ["", "Bearer", "Basic Og==", `Bearer ${"é".repeat(40)}`, "Bearer %00", "bearer x y z"]) {
    requests.push({ method: "POST", target: "/oauth/token", headers: { ...form, Authorization: authorization }, body: "x=1" });
    requests.push({ method: "GET", target: "/api/jobs/sweep", headers: { Authorization: authorization } });
    requests.push({
      method: "POST",
      target: "/api/jobs/run",
      headers: { ...json, "Upstash-Signature": authorization },
      body: '{"jobId":"x"}',
    });
  }
  const gets = [
    ...queries(["client_id", "redirect_uri", "state", "scope"]).map((query) => `/oauth/authorize${query}`),
    ...authorizeParams.map((param) => `/oauth/authorize?${param}`),
    `/oauth/authorize?${authorizeParams.join("&")}`,
    ...queries(["state", "code", "error"]).flatMap((query) => [
      `/connections/x/callback${query}`,
      `/connections/linkedin/callback${query}`,
      `/connections/mastodon/callback${query}`,
      `/connections/%E0%A4%A/callback${query}`,
      `/connections/nope/callback${query}`,
    ]),
    ...queries(["resource"]).map((query) => `/.well-known/oauth-authorization-server${query}`),
    ...queries(["resource"]).map((query) => `/.well-known/oauth-protected-resource/api/mcp${query}`),
    ...["x", "..%2F..%2Fetc%2Fpasswd", "%00", "a/b/c", "%E0%A4%A", "logos/../../x"].map((key) => `/api/storage/${key}`),
    ...["x", "%E0%A4%A", "00000000-0000-0000-0000-000000000000"].flatMap((id) => [
      `/billing/checkout/${id}`,
      `/share/${id}`,
      `/projects/${id}/events`,
      `/projects/${id}/files`,
    ]),
    "/api/auth/captcha?x=%zz",
  ];
  for (const target of gets) for (const headers of sessionCookies.slice(0, 2)) requests.push({ method: "GET", target, headers });
  for (const headers of sessionCookies)
    for (const target of ["/connections/x/callback?state=a&code=b", "/oauth/authorize?client_id=x", "/projects/x/files"])
      requests.push({ method: "GET", target, headers });
  for (const id of ["x", "00000000-0000-0000-0000-000000000000"])
    for (const body of bodies().slice(0, 8))
      requests.push({ method: "POST", target: `/billing/checkout/${id}`, ...body, headers: { ...body.headers, Origin: "null" } });
  return requests;
}

describe("hostile input on the routes outside /api/v1", () => {
  it("answers everything below 500, without a stack trace, and logs no unexpected error", async () => {
    const requests = hostileRequests();
    expect(requests.length).toBeGreaterThan(400);
    const failures: string[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        while (next < requests.length) {
          const hostile = requests[next++]!;
          const label = `${hostile.method} ${hostile.target.slice(0, 120)} ${String(hostile.headers?.["Content-Type"] ?? "")}`;
          const answer = await send(hostile).catch((error: Error) => ({
            status: 0,
            headers: {} as RawAnswer["headers"],
            body: error.message,
          }));
          if (answer.status === 0 || answer.status >= 500)
            failures.push(`${label}: ${answer.status} ${answer.body.slice(0, 160)}`);
          else if (/\n\s+at [\w<.]+ \(|node_modules/.test(answer.body)) failures.push(`${label}: a stack trace in the answer`);
          else if (String(answer.headers["content-type"] ?? "").includes("json")) {
            const parsed = (() => {
              try {
                return JSON.parse(answer.body) as Record<string, unknown>;
              } catch {
                return null;
              }
            })();
            if (answer.status >= 400 && typeof parsed?.error !== "string")
              failures.push(`${label}: ${answer.status} without an error string`);
          }
        }
      }),
    );
    expect(failures).toEqual([]);
    const log = server.output.join("");
    expect(log.match(/unexpected error.*|⨯.*|TypeError.*/g) ?? []).toEqual([]);
  }, 600_000);
});
