import { compileErrors, validate } from "@readme/openapi-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

// The endpoint table of the specification, section 4.
const specifiedEndpoints = [
  "GET /api/v1/meta",
  "GET /api/v1/openapi.json",
  "GET /api/v1/me",
  "POST /api/v1/signup",
  "POST /api/v1/keys/bootstrap",
  "GET /api/v1/projects",
  "POST /api/v1/projects",
  "GET /api/v1/projects/{id}",
  "PATCH /api/v1/projects/{id}",
  "POST /api/v1/projects/{id}/confirm",
  "POST /api/v1/agents",
  "PATCH /api/v1/agents",
  "GET /api/v1/projects/{id}/content",
  "GET /api/v1/projects/{id}/content/download-all",
  "PATCH /api/v1/content/{itemId}",
  "GET /api/v1/content/{itemId}/download",
  "GET /api/v1/projects/{id}/brain",
  "GET /api/v1/projects/{id}/events",
  "PATCH /api/v1/projects/{id}/decisions",
  "GET /api/v1/export",
  "GET /api/v1/account/export",
  "POST /api/v1/projects/{id}/growth/start",
  "GET /api/v1/projects/{id}/growth/cycles",
  "POST /api/v1/projects/{id}/growth/cycles",
  "POST /api/v1/growth/cycles/{cycleId}/approve",
  "POST /api/v1/growth/cycles/{cycleId}/retro",
  "POST /api/v1/growth/items/{itemId}/generate",
  "PATCH /api/v1/growth/items/{itemId}",
  "PATCH /api/v1/growth/tasks/{taskId}",
  "GET /api/v1/billing",
  "POST /api/v1/billing/checkout",
  // Key management (issue 11): listed and revoked with a key, created only in the browser.
  "GET /api/v1/keys",
  "DELETE /api/v1/keys/{keyId}",
];

// Beyond the specification: the growth calendar feed (issue 13).
const calendarEndpoints = [
  "GET /api/v1/projects/{id}/growth/calendar.ics",
  "GET /api/v1/projects/{id}/growth/calendar-subscription",
  "POST /api/v1/projects/{id}/growth/calendar-subscription",
  "DELETE /api/v1/projects/{id}/growth/calendar-subscription",
  "GET /api/v1/calendar-feeds/{token}/calendar.ics",
];

// Publishing (issue 22): connected accounts, the time zone, publish now, the numbers.
const publishingEndpoints = [
  "GET /api/v1/projects/{id}/connections",
  "DELETE /api/v1/connections/{connectionId}",
  "GET /api/v1/projects/{id}/publishing",
  "PATCH /api/v1/projects/{id}/publishing",
  "POST /api/v1/growth/items/{itemId}/publish",
  "POST /api/v1/growth/items/{itemId}/metrics",
  // Issue 36: the founder's answer for a post that may have gone out.
  "POST /api/v1/growth/items/{itemId}/publication/confirm",
];
/** A founder's own text for a growth draft (beyond the specification, like publishing). */
const draftEndpoints = ["PATCH /api/v1/growth/items/{itemId}/draft"];

// A post's images (issue 40).
const imageEndpoints = [
  "GET /api/v1/growth/items/{itemId}/images",
  "POST /api/v1/growth/items/{itemId}/images",
  "POST /api/v1/growth/items/{itemId}/images/card",
  "PATCH /api/v1/growth/items/{itemId}/images/{imageId}",
  "DELETE /api/v1/growth/items/{itemId}/images/{imageId}",
];

// Sending the confirmation e-mail again (issue 24).
const accountEndpoints = ["POST /api/v1/signup/resend"];

// Tracked links, conversions and results (issue 38).
const resultsEndpoints = [
  "GET /api/v1/projects/{id}/links",
  "POST /api/v1/projects/{id}/links",
  "PATCH /api/v1/links/{linkId}",
  "POST /api/v1/projects/{id}/conversions",
  "GET /api/v1/projects/{id}/conversions",
  "GET /api/v1/projects/{id}/results",
  "GET /api/v1/projects/{id}/link-settings",
  "PATCH /api/v1/projects/{id}/link-settings",
  "POST /api/v1/track",
  "GET /api/v1/projects/{id}/ingest-keys",
  "POST /api/v1/projects/{id}/ingest-keys",
  "DELETE /api/v1/projects/{id}/ingest-keys/{keyId}",
];

// Alerts a founder gets (issue 41): the notices and the kinds turned on or off.
const alertEndpoints = [
  "GET /api/v1/alerts",
  "POST /api/v1/alerts/{alertId}/dismiss",
  "GET /api/v1/account/alert-preferences",
  "PATCH /api/v1/account/alert-preferences",
];

// Signed webhooks (issue 41): endpoints, their secrets and their deliveries.
const webhookEndpoints = [
  "GET /api/v1/webhooks",
  "POST /api/v1/webhooks",
  "GET /api/v1/webhooks/{endpointId}",
  "PATCH /api/v1/webhooks/{endpointId}",
  "DELETE /api/v1/webhooks/{endpointId}",
  "POST /api/v1/webhooks/{endpointId}/rotate-secret",
  "GET /api/v1/webhooks/{endpointId}/deliveries",
  "POST /api/v1/webhook-deliveries/{deliveryId}/redeliver",
];

// Review links: approval without an account (issue 41).
const reviewEndpoints = [
  "POST /api/v1/growth/cycles/{cycleId}/review-links",
  "GET /api/v1/growth/cycles/{cycleId}/review-links",
  "DELETE /api/v1/growth/review-links/{linkId}",
  "GET /api/v1/growth/items/{itemId}/reviews",
  "GET /api/v1/projects/{id}/growth/review-settings",
  "PATCH /api/v1/projects/{id}/growth/review-settings",
  // Bulk in and out (issue 41).
  "POST /api/v1/growth/cycles/{cycleId}/items/import-preview",
  "POST /api/v1/growth/cycles/{cycleId}/items/import",
  "GET /api/v1/growth/cycles/{cycleId}/items.csv",
];

// The launch pack's brand cards (issue 40).
const packImageEndpoints = [
  "GET /api/v1/projects/{id}/pack-images",
  "POST /api/v1/projects/{id}/pack-images/render",
  "PATCH /api/v1/pack-images/{packImageId}",
  "DELETE /api/v1/pack-images/{packImageId}",
  "GET /api/v1/share/{token}/images/{kind}",
];

describe("GET /api/v1/openapi.json", () => {
  it("is a valid OpenAPI 3.1.0 document, version 1.0.0, with the specification's endpoints, key management, the event stream and the calendar feed", async () => {
    const response = await app.request("GET", "/api/v1/openapi.json");
    expect(response.status).toBe(200);
    const document = response.json;
    expect(document.openapi).toBe("3.1.0");
    expect(document.info.version).toBe("1.0.0");

    const result = await validate(structuredClone(document));
    expect(result.valid, result.valid ? "" : compileErrors(result)).toBe(true);

    const declared = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(declared.sort()).toEqual(
      [
        ...specifiedEndpoints,
        ...calendarEndpoints,
        ...publishingEndpoints,
        ...draftEndpoints,
        ...imageEndpoints,
        ...accountEndpoints,
        ...resultsEndpoints,
        ...alertEndpoints,
        ...webhookEndpoints,
        ...reviewEndpoints,
        ...packImageEndpoints,
      ].sort(),
    );
  });

  it("declares bearer security, closed request bodies and the error envelopes", async () => {
    const document = (await app.request("GET", "/api/v1/openapi.json")).json;
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    const createProject = document.paths["/api/v1/projects"].post;
    expect(createProject.security).toEqual([{ bearerAuth: [] }]);
    expect(createProject.responses["402"].content["application/json"].schema.$ref).toBe("#/components/schemas/UpgradeError");
    expect(createProject.responses["429"].headers["Retry-After"]).toBeDefined();
    expect(document.components.schemas.SignupRequest.additionalProperties).toBe(false);
    expect(document.components.schemas.Onboarding.additionalProperties).toBe(false);
    expect(document.components.schemas.Error.required).toEqual(expect.arrayContaining(["error", "code", "retryable"]));
    expect(document.paths["/api/v1/meta"].get.security).toEqual([]);
    // Statuses come from each operation's error codes, as the specification's endpoint table lists them.
    const statuses = (path: string, method: string) =>
      Object.keys(document.paths[path][method].responses).filter((status) => status !== "default");
    expect(statuses("/api/v1/projects/{id}/confirm", "post")).toEqual(expect.arrayContaining(["200", "400", "401", "404"]));
    // A malformed path id is 400 on every route; one that names nothing of the caller's, 404.
    expect(statuses("/api/v1/projects/{id}", "get")).toEqual(expect.arrayContaining(["400", "401", "404"]));
    expect(statuses("/api/v1/agents", "post")).toEqual(expect.arrayContaining(["400", "401", "402", "404", "409", "429"]));
    expect(document.paths["/api/v1/agents"].post.responses["409"].description).toContain("`step_mismatch`");
  });

  it("lists its tags with descriptions, each operation under one of them and described", async () => {
    const document = (await app.request("GET", "/api/v1/openapi.json")).json;
    const tags = document.tags as { name: string; description: string }[];
    expect(tags.map((tag) => tag.name)).toEqual([
      "Discovery",
      "Account",
      "Projects",
      "Pipeline",
      "Playbook",
      "Launch pack",
      "Growth",
      "Publishing",
      "Results",
      "Webhooks",
      "Billing",
    ]);
    for (const tag of tags) expect(tag.description.length, tag.name).toBeGreaterThan(20);
    const used = new Set<string>();
    for (const [path, methods] of Object.entries(
      document.paths as Record<string, Record<string, { tags: string[]; description?: string }>>,
    ))
      for (const [method, operation] of Object.entries(methods)) {
        expect(operation.tags, `${method} ${path}`).toHaveLength(1);
        expect(tags.map((tag) => tag.name)).toContain(operation.tags[0]);
        used.add(operation.tags[0]);
        expect(operation.description?.length ?? 0, `${method} ${path} has no description`).toBeGreaterThan(20);
      }
    expect(used.size).toBe(tags.length);
  });
});

describe("GET /api/v1/meta", () => {
  it("describes product, pricing, auth, endpoints, OpenAPI and MCP", async () => {
    const response = await app.request("GET", "/api/v1/meta");
    expect(response.status).toBe(200);
    const meta = response.json;
    expect(meta.apiVersion).toBe("v1");
    expect(meta.product.name).toBe("Launchloop");
    expect(
      meta.pricing.plans.map((plan: Record<string, unknown>) => [
        plan.plan,
        plan.priceUsd,
        plan.projects,
        plan.dailyRuns,
        plan.canExport,
      ]),
    ).toEqual([
      ["free", 0, 1, 15, false],
      ["pro", 24, 1, 40, true],
      ["studio", 89, 10, 100, true],
    ]);
    expect(meta.endpoints).toHaveLength(
      specifiedEndpoints.length +
        calendarEndpoints.length +
        publishingEndpoints.length +
        draftEndpoints.length +
        imageEndpoints.length +
        accountEndpoints.length +
        resultsEndpoints.length +
        alertEndpoints.length +
        webhookEndpoints.length +
        reviewEndpoints.length +
        packImageEndpoints.length,
    );
    expect(meta.endpoints).toContainEqual({ method: "POST", path: "/api/v1/signup", auth: "none", summary: expect.any(String) });
    expect(meta.openapi).toBe("http://launchloop.test/api/v1/openapi.json");
    expect(meta.mcp).toEqual({ url: "http://launchloop.test/api/mcp", transport: "streamable-http" });
    expect(meta.auth.steps.length).toBeGreaterThan(2);
  });
});
