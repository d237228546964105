import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { newWebhookSecret, publicEventId, signedHeaders } from "@/lib/services/webhooks/signing";

describe("webhook signing", () => {
  it("makes whsec_ secrets of 32 random bytes, never the same twice", () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_/);
    expect(Buffer.from(secret.slice(6), "base64")).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(secret);
  });

  it("names events evt_ and 32 hex digits", () => {
    expect(publicEventId("0b6f3c1e-8a4d-4f7e-9c2b-1d5e6f7a8b9c")).toBe("evt_0b6f3c1e8a4d4f7e9c2b1d5e6f7a8b9c");
  });

  it("signs so the standardwebhooks library verifies, with whole seconds", () => {
    const secret = newWebhookSecret();
    const body = JSON.stringify({ id: "evt_1", type: "item.published", data: {} });
    const headers = signedHeaders({ id: "evt_1", at: new Date(), body, secrets: [secret] });
    expect(headers["webhook-timestamp"]).toMatch(/^\d+$/);
    expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
    expect(new Webhook(secret).verify(body, headers)).toMatchObject({ type: "item.published" });
    expect(() => new Webhook(secret).verify(`${body} `, headers)).toThrow();
  });

  it("carries one signature per secret during a rotation, each verifying alone", () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    const body = "{}";
    const headers = signedHeaders({ id: "evt_2", at: new Date(), body, secrets: [current, previous] });
    expect(headers["webhook-signature"].split(" ")).toHaveLength(2);
    for (const secret of [current, previous]) expect(() => new Webhook(secret).verify(body, headers)).not.toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
  });
});
