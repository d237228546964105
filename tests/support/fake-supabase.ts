import { createHmac, randomBytes, randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

interface FakeUser {
  id: string;
  email: string;
  password: string;
  confirmedAt: string | null;
  createdAt: string;
}

/** An e-mail Supabase would have sent: its kind and the token_hash its link carries. */
export interface FakeSupabaseMail {
  to: string;
  type: "signup" | "recovery";
  tokenHash: string;
  redirectTo: string | null;
}

const jwtSecret = "fake-supabase-jwt-secret";
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");

function jwt(payload: Record<string, unknown>) {
  const head = `${b64({ alg: "HS256", typ: "JWT" })}.${b64(payload)}`;
  return `${head}.${createHmac("sha256", jwtSecret).update(head).digest("base64url")}`;
}

function claimsOf(token: string): Record<string, unknown> | undefined {
  const [head, payload, signature] = token.split(".");
  if (!head || !payload || createHmac("sha256", jwtSecret).update(`${head}.${payload}`).digest("base64url") !== signature)
    return undefined;
  return JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
}

/**
 * A fake of Supabase Auth (GoTrue) and Storage over HTTP, for tests only: the real
 * @supabase/supabase-js and @supabase/ssr talk to it as to a Supabase project. It keeps
 * users, sessions, one-time e-mail tokens and objects in memory, and records the e-mails
 * it would send instead of sending them.
 */
export async function startFakeSupabase() {
  const users = new Map<string, FakeUser>();
  const sessions = new Map<string, { userId: string; refreshToken: string }>();
  const tokens = new Map<string, { userId: string; type: "signup" | "recovery" }>();
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const signedTokens = new Map<string, { key: string; expiresAt: number }>();
  const mails: FakeSupabaseMail[] = [];
  const faults: { route: string; status: number; code: string }[] = [];
  const holds: { route: string; released: Promise<unknown>; waiting: number }[] = [];
  const anonKey = jwt({ role: "anon" });
  const serviceRoleKey = jwt({ role: "service_role" });

  const userJson = (user: FakeUser) => ({
    id: user.id,
    aud: "authenticated",
    role: "authenticated",
    email: user.email,
    email_confirmed_at: user.confirmedAt,
    confirmed_at: user.confirmedAt,
    created_at: user.createdAt,
    updated_at: user.createdAt,
    app_metadata: { provider: "email", providers: ["email"] },
    user_metadata: {},
    identities: [{ id: user.id, user_id: user.id, provider: "email", identity_data: { email: user.email, sub: user.id } }],
  });

  function newSession(user: FakeUser) {
    const sessionId = randomUUID();
    const refreshToken = randomBytes(16).toString("hex");
    sessions.set(sessionId, { userId: user.id, refreshToken });
    const now = Math.floor(Date.now() / 1000);
    const accessToken = jwt({
      sub: user.id,
      email: user.email,
      role: "authenticated",
      aud: "authenticated",
      session_id: sessionId,
      iat: now,
      exp: now + 3600,
    });
    return {
      access_token: accessToken,
      token_type: "bearer",
      expires_in: 3600,
      expires_at: now + 3600,
      refresh_token: refreshToken,
      user: userJson(user),
    };
  }

  function issueToken(user: FakeUser, type: "signup" | "recovery", redirectTo: string | null) {
    const tokenHash = randomBytes(28).toString("hex");
    tokens.set(tokenHash, { userId: user.id, type });
    mails.push({ to: user.email, type, tokenHash, redirectTo });
  }

  /** The live session and user behind a bearer access token. */
  function caller(request: http.IncomingMessage) {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    const claims = token ? claimsOf(token) : undefined;
    const sessionId = claims?.session_id as string | undefined;
    const session = sessionId ? sessions.get(sessionId) : undefined;
    const user = session ? users.get(session.userId) : undefined;
    return session && user ? { sessionId: sessionId!, user } : undefined;
  }
  const isServiceRole = (request: http.IncomingMessage) => request.headers.authorization === `Bearer ${serviceRoleKey}`;
  const findByEmail = (email: string) => [...users.values()].find((user) => user.email === email.toLowerCase());

  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const url = new URL(request.url ?? "/", "http://fake");
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    const fail = (status: number, code: string, msg: string) => json(status, { code: status, error_code: code, msg });
    const body = () => (raw.length ? JSON.parse(raw.toString("utf8")) : {});
    const route = `${request.method} ${url.pathname}`;
    const held = holds.find((hold) => hold.route === route);
    if (held) {
      held.waiting += 1;
      await held.released;
    }
    const fault = faults.find((candidate) => candidate.route === route);
    if (fault) {
      faults.splice(faults.indexOf(fault), 1);
      return fail(fault.status, fault.code, "Supabase Auth is having trouble");
    }
    const signed = /^(POST|GET) \/storage\/v1\/object\/sign\/(.+)$/.exec(route);
    // A signed URL is the credential itself: no API key needed.
    if (signed?.[1] === "GET") {
      const grant = signedTokens.get(url.searchParams.get("token") ?? "");
      const found =
        grant && grant.key === decodeURIComponent(signed[2]!) && grant.expiresAt > Date.now()
          ? objects.get(grant.key)
          : undefined;
      if (!found) return json(400, { statusCode: "403", error: "InvalidSignature", message: "invalid signature" });
      response.writeHead(200, { "content-type": found.contentType }).end(found.body);
      return;
    }
    if (request.headers.apikey !== anonKey && request.headers.apikey !== serviceRoleKey)
      return fail(401, "no_api_key", "Invalid API key");

    if (route === "POST /auth/v1/signup") {
      const { email, password } = body();
      if (typeof password !== "string" || password.length < 6)
        return fail(422, "weak_password", "Password should be at least 6 characters.");
      const existing = findByEmail(email);
      if (existing) {
        // Supabase hides known addresses: an obfuscated user without identities, no e-mail.
        return json(200, { ...userJson(existing), id: randomUUID(), identities: [] });
      }
      const user: FakeUser = {
        id: randomUUID(),
        email: email.toLowerCase(),
        password,
        confirmedAt: null,
        createdAt: new Date().toISOString(),
      };
      users.set(user.id, user);
      issueToken(user, "signup", url.searchParams.get("redirect_to"));
      return json(200, userJson(user));
    }
    if (route === "POST /auth/v1/verify") {
      const { token_hash: tokenHash, type } = body();
      const token = tokens.get(tokenHash);
      const wanted = type === "recovery" ? "recovery" : "signup";
      if (!token || token.type !== wanted) return fail(403, "otp_expired", "Email link is invalid or has expired");
      tokens.delete(tokenHash);
      const user = users.get(token.userId)!;
      user.confirmedAt ??= new Date().toISOString();
      return json(200, newSession(user));
    }
    if (route === "POST /auth/v1/token") {
      const grant = url.searchParams.get("grant_type");
      if (grant === "password") {
        const { email, password } = body();
        const user = findByEmail(email ?? "");
        if (!user || user.password !== password) return fail(400, "invalid_credentials", "Invalid login credentials");
        if (!user.confirmedAt) return fail(400, "email_not_confirmed", "Email not confirmed");
        return json(200, newSession(user));
      }
      if (grant === "refresh_token") {
        const { refresh_token: refreshToken } = body();
        const found = [...sessions].find(([, session]) => session.refreshToken === refreshToken);
        if (!found) return fail(400, "refresh_token_not_found", "Invalid Refresh Token");
        sessions.delete(found[0]);
        return json(200, newSession(users.get(found[1].userId)!));
      }
      return fail(400, "unsupported_grant_type", "unsupported grant");
    }
    if (route === "GET /auth/v1/user") {
      const found = caller(request);
      return found
        ? json(200, userJson(found.user))
        : fail(403, "session_not_found", "Session from session_id claim in JWT does not exist");
    }
    if (route === "PUT /auth/v1/user") {
      const found = caller(request);
      if (!found) return fail(403, "session_not_found", "Session not found");
      const { password } = body();
      if (typeof password === "string") found.user.password = password;
      return json(200, userJson(found.user));
    }
    if (route === "POST /auth/v1/logout") {
      const found = caller(request);
      if (found) {
        const scope = url.searchParams.get("scope") ?? "global";
        for (const [id, session] of sessions) {
          if (session.userId !== found.user.id) continue;
          if (
            scope === "global" ||
            (scope === "local" && id === found.sessionId) ||
            (scope === "others" && id !== found.sessionId)
          )
            sessions.delete(id);
        }
      }
      response.writeHead(204).end();
      return;
    }
    if (route === "POST /auth/v1/resend") {
      // The pending sign-up's confirmation again (the user's own password stays); silent otherwise.
      const { email, type } = body();
      const user = findByEmail(email ?? "");
      if (type === "signup" && user && !user.confirmedAt) issueToken(user, "signup", url.searchParams.get("redirect_to"));
      return json(200, {});
    }
    if (route === "POST /auth/v1/recover") {
      const user = findByEmail(body().email ?? "");
      if (user) issueToken(user, "recovery", url.searchParams.get("redirect_to"));
      return json(200, {});
    }
    const adminUser = /^(GET|DELETE) \/auth\/v1\/admin\/users\/([\w-]+)$/.exec(route);
    if (adminUser) {
      if (!isServiceRole(request)) return fail(403, "not_admin", "User not allowed");
      const user = users.get(adminUser[2]!);
      if (!user) return fail(404, "user_not_found", "User not found");
      if (adminUser[1] === "GET") return json(200, userJson(user));
      users.delete(user.id);
      for (const [id, session] of sessions) if (session.userId === user.id) sessions.delete(id);
      return json(200, {});
    }

    // Storage: a private bucket, reachable only with the service role key or a signed token.
    if (signed?.[1] === "POST") {
      if (!isServiceRole(request)) return fail(403, "Unauthorized", "not allowed");
      const key = decodeURIComponent(signed[2]!);
      if (!objects.has(key)) return json(400, { statusCode: "404", error: "not_found", message: "Object not found" });
      const token = randomBytes(16).toString("hex");
      signedTokens.set(token, { key, expiresAt: Date.now() + Number(body().expiresIn) * 1000 });
      return json(200, { signedURL: `/object/sign/${signed[2]}?token=${token}` });
    }
    const object = /^(POST|GET|DELETE) \/storage\/v1\/object\/(.+)$/.exec(route);
    if (object) {
      if (!isServiceRole(request)) return fail(403, "Unauthorized", "not allowed");
      const key = decodeURIComponent(object[2]!.replace(/^authenticated\//, ""));
      if (object[1] === "POST") {
        if (objects.has(key) && request.headers["x-upsert"] !== "true")
          return json(400, { statusCode: "409", error: "Duplicate", message: "The resource already exists" });
        objects.set(key, { body: raw, contentType: String(request.headers["content-type"] ?? "application/octet-stream") });
        return json(200, { Key: key, Id: randomUUID() });
      }
      if (object[1] === "GET") {
        const found = objects.get(key);
        if (!found) return json(400, { statusCode: "404", error: "not_found", message: "Object not found" });
        response.writeHead(200, { "content-type": found.contentType }).end(found.body);
        return;
      }
      const bucket = key;
      const prefixes: string[] = body().prefixes ?? [];
      const removed = prefixes.filter((prefix) => objects.delete(`${bucket}/${prefix}`));
      return json(
        200,
        removed.map((name) => ({ name })),
      );
    }
    return fail(404, "not_found", `fake Supabase has no ${route}`);
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    anonKey,
    serviceRoleKey,
    mails,
    users,
    sessions,
    objects,
    /** The newest e-mail of a kind to an address. */
    latestMail(to: string, type: FakeSupabaseMail["type"]) {
      const mail = mails.filter((candidate) => candidate.to === to.toLowerCase() && candidate.type === type).at(-1);
      if (!mail) throw new Error(`no ${type} e-mail to ${to}`);
      return mail;
    },
    /** Answers the next request to `route` (e.g. "POST /auth/v1/verify") with `status` and `code`, doing nothing. */
    failNext: (route: string, status: number, code = "unexpected_failure") => void faults.push({ route, status, code }),
    /** Holds every request to `route` until `released` settles, then handles it; answers how many wait. */
    holdUntil(route: string, released: Promise<unknown>) {
      const hold = { route, released, waiting: 0 };
      holds.push(hold);
      void released.finally(() => holds.splice(holds.indexOf(hold), 1));
      return () => hold.waiting;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeSupabase = Awaited<ReturnType<typeof startFakeSupabase>>;
