import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiOperations } from "@/lib/operations";
import { sampleProject } from "../support/founder";
import { type HostileRequest, hostileRequests } from "../support/hostile-inputs";
import { httpClient } from "../support/http-client";
import { type RawAnswer, sendRaw } from "../support/raw-request";
import { type StartedServer, startServer } from "../support/server";

const limitsOff = { RATE_LIMIT_PER_MINUTE: "10000000", WRITE_LIMIT_PER_HOUR: "10000000", SIGNUP_LIMIT_PER_HOUR: "10000000" };
const concurrency = 6;
// Field mutations per endpoint (evenly spread over every depth); HOSTILE_FULL=1 sends them all.
const maxFieldMutations = process.env.HOSTILE_FULL ? Infinity : 90;

type Answer = RawAnswer;
const send = (baseUrl: string, hostile: HostileRequest) => sendRaw(baseUrl, hostile);

/** What is wrong with an answer to a hostile request (undefined: a 4xx envelope with a request id). */
function problemWith(answer: Answer): string | undefined {
  if (answer.status < 400 || answer.status >= 500) return `status ${answer.status}`;
  if (!String(answer.headers["x-request-id"] ?? "").match(/^[0-9a-f-]{36}$/)) return "no request id";
  if (!String(answer.headers["content-type"] ?? "").includes("application/json"))
    return `content type ${answer.headers["content-type"]}`;
  try {
    const envelope = JSON.parse(answer.body);
    if (typeof envelope.error !== "string" || typeof envelope.code !== "string" || typeof envelope.retryable !== "boolean")
      return "not the envelope";
  } catch {
    return "not JSON";
  }
  return undefined;
}

async function inPool<T>(items: T[], size: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

function hostileSuite(label: string, env: () => Promise<{ env: Record<string, string>; cleanup?: () => Promise<void> }>) {
  describe(`hostile input (${label})`, () => {
    let server: StartedServer;
    let cleanup: (() => Promise<void>) | undefined;
    let key: string;
    let projectId: string;

    beforeAll(async () => {
      const prepared = await env();
      cleanup = prepared.cleanup;
      server = await startServer({ ...limitsOff, ...prepared.env });
      const rest = httpClient(server.baseUrl, server.dataDir);
      key = (await rest.paidFounder()).key;
      const created = await rest.call("POST", "/api/v1/projects", { key, body: sampleProject });
      expect(created.status).toBe(201);
      projectId = created.json.project.id;
    }, 300_000);
    afterAll(async () => {
      server?.stop();
      await cleanup?.();
    });

    it("answers at least 50 hostile variants of every endpoint with a 4xx envelope and a request id, never a 5xx", async () => {
      const failures: string[] = [];
      let sent = 0;
      for (const operation of apiOperations) {
        const methodsAtPath = apiOperations
          .filter((other) => other.rest.path === operation.rest.path)
          .map((other) => other.rest.method);
        const requests = hostileRequests(operation, { key, ids: { id: projectId }, methodsAtPath, maxFieldMutations });
        expect(requests.length, operation.id).toBeGreaterThanOrEqual(50);
        await inPool(requests, concurrency, async (hostile) => {
          const answer = await send(server.baseUrl, hostile).catch((error: Error) => ({
            status: 0,
            headers: {},
            body: error.message,
          }));
          sent++;
          const problem = problemWith(answer);
          if (problem)
            failures.push(
              `${operation.id} ${hostile.method} ${hostile.target.slice(0, 120)} [${hostile.name}]: ${problem} ${answer.body.slice(0, 200)}`,
            );
        });
      }
      expect(sent).toBeGreaterThanOrEqual(50 * apiOperations.length);
      expect(failures).toEqual([]);
      const serverErrors = server.output.join("").match(/unexpected error/g) ?? [];
      expect(serverErrors).toEqual([]);
    }, 600_000);
  });
}

hostileSuite("embedded database", async () => ({ env: {} }));

const postgresUrl = process.env.TEST_DATABASE_URL;
if (postgresUrl) {
  hostileSuite("Postgres", async () => {
    const name = `launchloop_hostile_${crypto.randomUUID().slice(0, 8)}`;
    const admin = postgres(postgresUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    await admin.end();
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    return {
      env: { DATABASE_URL: url.toString(), BILLING: "local" },
      cleanup: async () => {
        const cleaner = postgres(postgresUrl, { max: 1, onnotice: () => {} });
        await cleaner.unsafe(`drop database if exists ${name} with (force)`);
        await cleaner.end();
      },
    };
  });
}
