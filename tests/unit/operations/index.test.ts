import { describe, expect, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import { apiOperations, operations } from "@/lib/operations";
import type { executeOperation } from "@/lib/operations/execute";
import { type AnyOperation, admits, errorCodesOf, isPublic } from "@/lib/operations/operation";
import type { projectResponse } from "@/lib/schemas/project";

const all = Object.values(operations) as AnyOperation[];

describe("the operation declarations", () => {
  it("are one typed object keyed by id, holding every declared operation; the router's list is the REST-bound part", async () => {
    for (const [key, operation] of Object.entries(operations)) expect(operation.id).toBe(key);
    const modules = import.meta.glob("../../../lib/operations/*.ts", { eager: true }) as Record<string, Record<string, unknown>>;
    const declared = Object.values(modules).flatMap((module) =>
      Object.values(module).filter(
        (value): value is AnyOperation =>
          typeof value === "object" && value !== null && "handler" in value && "response" in value,
      ),
    );
    // Discovery's two (the service describing itself) are declared in the index beside the object.
    expect(new Set(all)).toEqual(new Set([operations.getMeta, operations.getOpenApi, ...declared]));
    expect(apiOperations).toEqual(all.filter((operation) => operation.rest));
    // A REST route is called with a key (or by anyone): session-only operations are the dashboard's and have no binding.
    expect(
      apiOperations.filter((operation) => !admits(operation, "key") && !isPublic(operation)).map((operation) => operation.id),
    ).toEqual([]);
    expect(new Set(apiOperations.map(({ rest }) => `${rest.method} ${rest.path}`)).size).toBe(apiOperations.length);
    expect(apiOperations.every(({ rest }) => rest.path.startsWith("/api/v1/"))).toBe(true);
  });

  it("answer a malformed path id with 400 and an unknown one with 404, whichever operation takes it", () => {
    for (const operation of all.filter((operation) => operation.params))
      expect(errorCodesOf(operation), operation.id).toEqual(expect.arrayContaining(["invalid_request", "not_found"]));
  });

  it("say which reach outside Launchloop: payments and social networks, never the account's own data alone", () => {
    expect(
      all
        .filter((operation) => operation.reaches)
        .map((operation) => operation.id)
        .sort(),
    ).toEqual(
      [
        "createCheckout",
        "deleteAccount",
        "openBillingPortal",
        "reviewItem",
        "scheduleItem",
        "publishItem",
        "confirmPublication",
        "pullItemMetrics",
        "connectBluesky",
        "connectWithForm",
        "startMastodonConnection",
        "finishMastodonConnection",
        "finishOAuthConnection",
        "createWebhookEndpoint",
        "updateWebhookEndpoint",
        "redeliverWebhook",
      ].sort(),
    );
  });

  it("derive the codes every operation of a kind can answer", () => {
    expect(errorCodesOf(operations.getMeta)).toEqual(["rate_limited"]);
    expect(errorCodesOf(operations.getProject)).toEqual(["invalid_request", "unauthorized", "not_found", "rate_limited"]);
    // A write takes an Idempotency-Key: a key reused for another request is 422, one still running 409.
    expect(errorCodesOf(operations.confirmProject)).toEqual([
      "invalid_request",
      "unauthorized",
      "not_found",
      "idempotency_request_in_progress",
      "idempotency_key_reused",
      "rate_limited",
    ]);
    expect(errorCodesOf(operations.updateDecisions)).toEqual(
      expect.arrayContaining([
        "invalid_request",
        "invalid_json",
        "unauthorized",
        "not_found",
        "payload_too_large",
        "rate_limited",
        "write_limit",
        "idempotency_key_reused",
      ]),
    );
    expect(errorCodesOf(operations.signup)).not.toContain("idempotency_key_reused");
    // A public operation answers 401 only where its body carries a key of its own (the site script's publishable key).
    for (const operation of all)
      expect(errorCodesOf(operation).includes("unauthorized"), operation.id).toBe(
        !isPublic(operation) || (operation.errors ?? []).includes("unauthorized"),
      );
  });

  it("keep their types: executeOperation answers the response's output", () => {
    type CreateProjectOutput = Awaited<ReturnType<typeof executeOperation<typeof operations.createProject>>>;
    expectTypeOf<CreateProjectOutput>().toEqualTypeOf<z.output<typeof projectResponse>>();
  });
});
