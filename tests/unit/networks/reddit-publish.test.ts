import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reloadConfig } from "@/lib/config";
import type { ConnectedAccount, PublishRequest } from "@/lib/networks/provider";
import { reddit } from "@/lib/networks/reddit";
import { type FakeReddit, startFakeReddit } from "../../support/fake-reddit";

// The Reddit provider on its own against the fake (authorize page, token endpoint and API on
// one server): the submission, the subreddit's rules, and what a lost answer becomes. The
// whole path (connect, schedule, jobs) is tests/api/publishing-reddit.test.ts.

const client = { clientId: "reddit-client-id", clientSecret: "reddit-client-secret-0123456789" };
let network: FakeReddit;
let account: ConnectedAccount;

const request = (text: string, options: Record<string, unknown>, extra: Partial<PublishRequest> = {}): PublishRequest => ({
  parts: [text],
  keys: [crypto.randomUUID()],
  posted: [],
  reconcile: false,
  options,
  title: "A title from the draft",
  now: new Date(),
  onPart: async () => {},
  onSecrets: async () => {},
  ...extra,
});

beforeAll(async () => {
  network = await startFakeReddit(client);
  Object.assign(process.env, {
    OUTBOUND_ALLOW_HTTP: "1",
    REDDIT_CLIENT_ID: client.clientId,
    REDDIT_CLIENT_SECRET: client.clientSecret,
    REDDIT_AUTH_URL: network.url,
    REDDIT_API_URL: network.url,
  });
  reloadConfig();
  const connect = reddit.connect;
  if (connect.kind !== "oauth") throw new Error("oauth expected");
  const pending = await connect.authorizeUrl({
    redirectUri: "https://app.example/connections/reddit/callback",
    state: "state-0123456789",
    codeChallenge: "c",
    now: new Date(),
  });
  const { code } = network.approve(pending.authorizeUrl);
  const connected = await connect.exchange({
    code,
    redirectUri: "https://app.example/connections/reddit/callback",
    serviceUrl: pending.serviceUrl,
    secrets: {},
    now: new Date(),
  });
  expect(connected).toMatchObject({ handle: "u/tidyfounder", externalAccountId: "t2_1a2b3c" });
  expect(connected.secrets.refreshToken).toBeTruthy();
  account = {
    serviceUrl: connected.serviceUrl,
    handle: connected.handle,
    externalAccountId: connected.externalAccountId,
    secrets: connected.secrets,
  };
});

afterAll(async () => {
  for (const name of ["REDDIT_CLIENT_ID", "REDDIT_CLIENT_SECRET", "REDDIT_AUTH_URL", "REDDIT_API_URL"]) delete process.env[name];
  reloadConfig();
  await network?.close();
});

describe("publishing on Reddit", () => {
  it("submits a text post to the chosen subreddit with the draft's title, as Reddit's rules ask (a User-Agent)", async () => {
    const { parts } = await reddit.publish(account, request("Our story, honestly told.", { subreddit: "r/SideProject" }));
    const [submission] = network.submissions();
    expect(submission).toMatchObject({
      subreddit: "SideProject",
      kind: "self",
      title: "A title from the draft",
      text: "Our story, honestly told.",
    });
    expect(parts).toEqual([
      { id: `t3_${submission!.id}`, url: expect.stringContaining(`/r/SideProject/comments/${submission!.id}/`) },
    ]);
    const submit = network.requests.find((entry) => entry.path === "/api/submit")!;
    expect(submit.headers["user-agent"]).toBe(`web:${client.clientId}:1.0 (Launchloop publishing)`);
  });

  it("picks the flair by its text where the subreddit requires one; without one it fails before sending", async () => {
    const calls = network.submitCalls();
    await expect(reddit.publish(account, request("No flair.", { subreddit: "smallbusiness" }))).rejects.toMatchObject({
      kind: "permanent",
      message: 'Reddit: r/smallbusiness requires a flair: set one of "Marketing", "Tools" in the item\'s options',
    });
    expect(network.submitCalls()).toBe(calls);
    await reddit.publish(account, request("With flair.", { subreddit: "smallbusiness", flair: "tools", title: "Our own title" }));
    expect(network.submissions().at(-1)).toMatchObject({
      title: "Our own title",
      flairId: "5f1c1a6e-0000-4000-8000-000000000002",
    });
  });

  it("submits a link post with its url", async () => {
    await reddit.publish(
      account,
      request("ignored", { subreddit: "SideProject", kind: "link", url: "https://tidybooks.example/" }),
    );
    expect(network.submissions().at(-1)).toMatchObject({ kind: "link", url: "https://tidybooks.example/" });
  });

  it("a lost answer is looked up among the account's submissions: found → posted, once", async () => {
    network.dropAnswerNext("/api/submit");
    const { parts } = await reddit.publish(
      account,
      request("Lost then found.", { subreddit: "SideProject", title: "Lost then found" }),
    );
    const found = network.submissions().filter((submission) => submission.title === "Lost then found");
    expect(found).toHaveLength(1);
    expect(parts[0]!.id).toBe(`t3_${found[0]!.id}`);
  });

  it("a lost answer not (yet) in the listing is `unconfirmed`, never submitted again", async () => {
    network.settings.submittedLag = 1;
    network.dropAnswerNext("/api/submit");
    await expect(
      reddit.publish(account, request("Lost in the lag.", { subreddit: "SideProject", title: "Lost in the lag" })),
    ).rejects.toMatchObject({ kind: "unconfirmed", message: expect.stringContaining("may have gone out") });
    network.settings.submittedLag = 0;
    expect(network.submissions().filter((submission) => submission.title === "Lost in the lag")).toHaveLength(1);
  });

  it("reads score, comments and crossposts as numbers", async () => {
    const [first] = network.submissions();
    network.setScore(first!.id, { score: 42, num_comments: 7 });
    expect(await reddit.metrics!(account, { id: `t3_${first!.id}`, url: "" }, { now: new Date() })).toMatchObject({
      likes: 42,
      replies: 7,
      reposts: 0,
      quotes: null,
    });
  });

  it("renews an expired access token with the permanent refresh token, and takes a revoked grant as `auth`", async () => {
    network.expireAccessTokens();
    let renewals = 0;
    const renewing: ConnectedAccount = {
      ...account,
      renewTokens: async (stale) => {
        renewals++;
        return reddit.refresh!({ ...account, secrets: stale }, { now: new Date() });
      },
    };
    expect(await reddit.verify(renewing, { now: new Date() })).toMatchObject({ handle: "u/tidyfounder" });
    expect(renewals).toBe(1);
    network.revokeAll();
    await expect(reddit.verify({ ...renewing, secrets: { ...renewing.secrets } }, { now: new Date() })).rejects.toMatchObject({
      kind: "auth",
    });
  });
});
