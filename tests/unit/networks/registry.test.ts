import { describe, expect, it } from "vitest";
import { networkView, providerFor, providerOfChannel, providers } from "@/lib/networks/registry";
import { networks } from "@/lib/schemas/publishing";

describe("the network registry", () => {
  it("registers one provider per network id, under its own id", () => {
    expect(providers().map((provider) => provider.network)).toEqual([...networks]);
    for (const network of networks) expect(providerFor(network).network).toBe(network);
  });

  it("answers a provider for a network's channel and none for a channel posted by hand", () => {
    expect(providerOfChannel("bluesky")?.network).toBe("bluesky");
    expect(providerOfChannel("instagram")).toBeNull();
    expect(providerOfChannel("constructor")).toBeNull();
  });

  it("gives each provider's view as plain data (what a client component may receive)", () => {
    for (const provider of providers()) {
      const view = networkView(provider);
      expect(JSON.parse(JSON.stringify(view))).toEqual(view);
    }
  });
});

describe("every registered provider keeps the contract", () => {
  for (const provider of providers()) {
    describe(provider.network, () => {
      it("has a label, limits and a connect kind", () => {
        expect(provider.label).toMatch(/\S/);
        expect(provider.limits.maxCharacters).toBeGreaterThan(0);
        expect(provider.limits.maxParts).toBeGreaterThanOrEqual(1);
        expect(typeof provider.limits.titles).toBe("boolean");
        expect(["form", "oauth"]).toContain(provider.connect.kind);
      });

      it("takes images only with one way to send them: an upload step, the post's own request, or a signed address", () => {
        const images = provider.limits.images;
        if (!images) return expect(provider.uploadMedia).toBeUndefined();
        expect(images.maxCount).toBeGreaterThanOrEqual(1);
        expect(images.maxCount).toBeLessThanOrEqual(4);
        expect(images.maxBytes).toBeGreaterThan(0);
        expect(images.types.length).toBeGreaterThan(0);
        expect([Boolean(provider.uploadMedia), Boolean(images.withPost), Boolean(images.byUrl)].filter(Boolean)).toHaveLength(1);
      });

      it("declares how a retry is kept from posting twice, and gives a fresh key per part", () => {
        expect(["record-key", "idempotency-key", "none"]).toContain(provider.idempotency);
        const keys = new Set([provider.newPublicationKey(), provider.newPublicationKey()]);
        expect(keys.size).toBe(2);
      });

      it("describes every form field it parses, and parses none it does not describe", () => {
        const forms = [
          provider.connect.kind === "form" ? provider.connect : provider.connect.instanceStep,
          provider.itemOptions,
        ].filter((form) => form !== undefined);
        for (const form of forms) {
          const names = form.fields.map((field) => field.name);
          expect(new Set(names).size).toBe(names.length);
          for (const field of form.fields) {
            expect(field.label).toMatch(/\S/);
            expect(["text", "password", "url", "select"]).toContain(field.kind);
            if (field.kind === "select") expect(field.choices?.length).toBeGreaterThan(0);
          }
          // A form with every required field empty is refused, naming a described field.
          const refused = form.schema.safeParse({});
          if (form.fields.some((field) => !field.optional)) {
            expect(refused.success).toBe(false);
            for (const issue of refused.error?.issues ?? []) expect(names).toContain(String(issue.path[0]));
          }
        }
      });

      it("has a compose page where it has one, as a URL", () => {
        if (provider.opensIn) expect(new URL(provider.opensIn.page).protocol).toBe("https:");
      });
    });
  }
});
