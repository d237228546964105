import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reloadConfig } from "@/lib/config";
import { buttondown } from "@/lib/networks/buttondown";
import type { PublishRequest } from "@/lib/networks/provider";
import { startFakeButtondown } from "../../support/fake-buttondown";

describe("Buttondown", () => {
  it("send by default, or keep a draft; a subject of the founder's own", () => {
    const schema = buttondown.itemOptions!.schema;
    expect(schema.parse({})).toEqual({ status: "send" });
    expect(schema.parse({ subject: " Launch week ", status: "draft" })).toEqual({ subject: "Launch week", status: "draft" });
    expect(schema.safeParse({ status: "scheduled" }).success).toBe(false);
  });

  it("connects with an API key in a password field", () => {
    const connect = buttondown.connect;
    if (connect.kind !== "form") throw new Error("Buttondown connects with a form");
    expect(connect.fields).toEqual([expect.objectContaining({ name: "apiKey", kind: "password" })]);
    expect(connect.schema.safeParse({ apiKey: "short" }).success).toBe(false);
  });

  it("an e-mail has a subject, one part, and numbers (opens and clicks)", () => {
    expect(buttondown.limits).toMatchObject({ titles: true, maxParts: 1 });
    expect(buttondown.metrics).toBeTypeOf("function");
  });
});

describe("Buttondown's calls, against the fake", () => {
  let fake: Awaited<ReturnType<typeof startFakeButtondown>>;
  const request = (overrides: Partial<PublishRequest> = {}): PublishRequest => ({
    parts: ["# Launch week\n\nIt is out."],
    keys: [buttondown.newPublicationKey()],
    posted: [],
    reconcile: false,
    options: {},
    title: "Launch week",
    now: new Date(),
    onPart: async () => undefined,
    onSecrets: async () => undefined,
    ...overrides,
  });

  beforeAll(async () => {
    fake = await startFakeButtondown();
    Object.assign(process.env, { OUTBOUND_ALLOW_HTTP: "1", BUTTONDOWN_API_URL: fake.url });
    reloadConfig();
  });
  afterAll(async () => {
    delete process.env.BUTTONDOWN_API_URL;
    delete process.env.OUTBOUND_ALLOW_HTTP;
    reloadConfig();
    await fake.close();
  });

  it("sends with the key in the metadata; a retry after a lost answer finds it and sends nothing more; analytics become opens and clicks", async () => {
    const apiKey = fake.issueKey();
    const account = {
      serviceUrl: "https://buttondown.com/tidybooks",
      handle: "tidybooks",
      externalAccountId: "tidybooks",
      secrets: { apiKey },
    };
    const lost = request();
    fake.dropAnswerNext("/v1/emails");
    await expect(buttondown.publish(account, lost)).rejects.toMatchObject({ kind: "transient" });
    const retried = await buttondown.publish(account, { ...lost, reconcile: true });
    expect(fake.emails()).toHaveLength(1);
    expect(fake.emails()[0]).toMatchObject({
      subject: "Launch week",
      status: "sent",
      metadata: { launchloop_key: lost.keys[0] },
    });
    expect(retried.parts[0]!.id).toBe(fake.emails()[0]!.id);
    fake.setAnalytics(retried.parts[0]!.id, { opens: 9, clicks: 2, replies: 1 });
    expect(await buttondown.metrics!(account, retried.parts[0]!, { now: new Date() })).toMatchObject({
      opens: 9,
      clicks: 2,
      replies: 1,
    });
    // A draft is a draft, with the founder's subject.
    await buttondown.publish(account, request({ options: { status: "draft", subject: "Mine" } }));
    expect(fake.emails()[1]).toMatchObject({ status: "draft", subject: "Mine" });
    fake.revokeKey(apiKey);
    await expect(buttondown.verify(account, { now: new Date() })).rejects.toMatchObject({ kind: "auth" });
  });
});
