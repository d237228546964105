import { describe, expect, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import { apiOperations, operations } from "@/lib/operations";
import type { executeOperation } from "@/lib/operations/execute";
import { type AnyOperation, admits, errorCodesOf, isPublic } from "@/lib/operations/operation";
import type { projectResponse } from "@/lib/schemas/project";

const all = Object.values(operations) as AnyOperation[];

describe("the operation declarations", () => {
  it("are one typed object keyed by id, and the router's list is its /api/v1 part", () => {
    for (const [key, operation] of Object.entries(operations)) expect(operation.id).toBe(key);
    // Session-only operations (the dashboard's) have no REST route: a key is never their caller.
    const restFaced = all.filter((operation) => operation.path.startsWith("/api/v1/") && (admits(operation, "key") || isPublic(operation)));
    expect(new Set(apiOperations)).toEqual(new Set(restFaced));
    expect(new Set(all.map((operation) => `${operation.method} ${operation.path}`)).size).toBe(all.length);
  });

  it("say what a malformed path id answers whenever they take one", () => {
    expect(all.filter((operation) => operation.params && !operation.badIdIs).map((operation) => operation.id)).toEqual([]);
    expect(all.filter((operation) => !operation.params && operation.badIdIs).map((operation) => operation.id)).toEqual([]);
  });

  it("derive the codes every operation of a kind can answer", () => {
    expect(errorCodesOf(operations.getMeta)).toEqual(["rate_limited"]);
    expect(errorCodesOf(operations.getProject)).toEqual(["unauthorized", "not_found", "rate_limited"]);
    expect(errorCodesOf(operations.confirmProject)).toEqual(["invalid_request", "unauthorized", "not_found", "rate_limited"]);
    expect(errorCodesOf(operations.updateDecisions)).toEqual(
      expect.arrayContaining(["invalid_request", "invalid_json", "unauthorized", "not_found", "payload_too_large", "rate_limited", "write_limit"]),
    );
    for (const operation of all) expect(errorCodesOf(operation).includes("unauthorized")).toBe(!isPublic(operation));
  });

  it("keep their types: executeOperation answers the response's output", () => {
    type CreateProjectOutput = Awaited<ReturnType<typeof executeOperation<typeof operations.createProject>>>;
    expectTypeOf<CreateProjectOutput>().toEqualTypeOf<z.output<typeof projectResponse>>();
  });
});
