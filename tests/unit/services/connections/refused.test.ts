import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { NetworkError } from "@/lib/networks/errors";
import type { FormSpec } from "@/lib/networks/provider";
import { badInput } from "@/lib/networks/service-url";
import { type FilledForm, refusedConnect } from "@/lib/services/connections/refused";

const bluesky: FormSpec = {
  schema: z.record(z.string(), z.unknown()),
  fields: [
    { name: "handle", label: "Handle", kind: "text" },
    { name: "appPassword", label: "App password", kind: "password" },
    { name: "serviceUrl", label: "Hosting provider", kind: "url", optional: true, server: "hosting provider" },
  ],
};
const mastodon: FormSpec = {
  schema: z.record(z.string(), z.unknown()),
  fields: [{ name: "instanceUrl", label: "Your instance", kind: "url", server: "instance" }],
};
const buttondown: FormSpec = {
  schema: z.record(z.string(), z.unknown()),
  fields: [{ name: "apiKey", label: "API key", kind: "password" }],
};

const answer = (error: NetworkError, label: string, form?: FilledForm) => {
  try {
    refusedConnect(error, label, form);
  } catch (thrown) {
    if (!(thrown instanceof AppError)) throw thrown;
    return { code: thrown.code, status: thrown.status, error: thrown.message, issues: thrown.details.issues };
  }
  throw new Error("expected a refusal");
};

describe("a network's refusal of a connection, at the field it concerns", () => {
  const blueskyForm = (values: Record<string, unknown>): FilledForm => ({ spec: bluesky, prefix: "fields", values });

  it("wrong credentials: 400 at the password, naming both fields", () => {
    const refused = answer(
      new NetworkError("auth", "Bluesky sign-in: Invalid identifier or password", undefined, "AuthenticationRequired"),
      "Bluesky",
      blueskyForm({ handle: "ada.bsky.social", appPassword: "nope" }),
    );
    expect(refused).toEqual({
      code: "connection_refused",
      status: 400,
      error: "Bluesky was not connected: Wrong handle or app password.",
      issues: [{ path: "fields.appPassword", message: "Wrong handle or app password." }],
    });
    expect(
      answer(new NetworkError("auth", "Buttondown: 401"), "Buttondown", {
        spec: buttondown,
        prefix: "fields",
        values: { apiKey: "x" },
      }).issues,
    ).toEqual([{ path: "fields.apiKey", message: "Buttondown refused this API key." }]);
  });

  it("a private address: 400 invalid_request at the address field", () => {
    const refused = answer(
      new NetworkError("permanent", "That address cannot be used: private addresses are not fetched.", undefined, badInput),
      "Mastodon",
      { spec: mastodon, prefix: "instance", values: { instanceUrl: "https://10.0.0.1" } },
    );
    expect([refused.code, refused.status, refused.issues]).toEqual([
      "invalid_request",
      400,
      [
        {
          path: "instance.instanceUrl",
          message: "That address is not public: Launchloop only connects to servers on the internet.",
        },
      ],
    ]);
    // Found private only after its name was looked up: the same answer.
    expect(
      answer(
        new NetworkError("permanent", "private addresses are not fetched"),
        "Bluesky",
        blueskyForm({ serviceUrl: "https://intranet.example" }),
      ).issues,
    ).toEqual([
      { path: "fields.serviceUrl", message: "That address is not public: Launchloop only connects to servers on the internet." },
    ]);
  });

  it("a server that cannot be reached: 400 at its field; one that timed out: 503 at its field", () => {
    const unreached = new NetworkError("transient", "the address could not be reached", undefined, undefined, false);
    const form = { spec: mastodon, prefix: "instance", values: { instanceUrl: "https://mastodon.invalid" } };
    expect(answer(unreached, "Mastodon", form)).toMatchObject({
      code: "connection_refused",
      issues: [{ path: "instance.instanceUrl", message: "Couldn't reach that instance. Check the address." }],
    });
    const late = new NetworkError("transient", "no answer within 15000 ms", undefined, undefined, true);
    expect(answer(late, "Mastodon", form)).toMatchObject({
      code: "provider_unavailable",
      issues: [{ path: "instance.instanceUrl", message: "That instance did not answer in time. Try again in a minute." }],
    });
  });

  it("the network's own server (no address typed) not answering is the form's, retryable", () => {
    const refused = answer(
      new NetworkError("transient", "the address could not be reached", undefined, undefined, false),
      "Bluesky",
      blueskyForm({ handle: "ada", appPassword: "pw" }),
    );
    expect([refused.code, refused.issues]).toEqual(["provider_unavailable", undefined]);
  });

  it("a field a provider names itself keeps its words; what is not a network's error goes through", () => {
    const refused = answer(
      new NetworkError(
        "permanent",
        "fields.siteUrl: that address cannot be used: only https addresses are fetched.",
        undefined,
        badInput,
      ),
      "WordPress",
      {
        spec: { ...bluesky, fields: [{ name: "siteUrl", label: "Site address", kind: "url" }] },
        prefix: "fields",
        values: { siteUrl: "http://blog.example" },
      },
    );
    expect(refused.issues).toEqual([{ path: "fields.siteUrl", message: "Use an https:// address." }]);
    expect(() => refusedConnect(new Error("boom"), "Bluesky")).toThrow("boom");
  });
});
