import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import "@/lib/services/job-handlers";
import { captureConsole } from "../support/console-capture";
import type { FakeLinkedIn } from "../support/fake-linkedin";
import { startFakeNetwork } from "../support/fake-network";
import type { FakeX } from "../support/fake-x";
import { alts, itemImages, png, sizesOf } from "../support/item-images";
import { connectOverOAuth, startXAndLinkedIn, xOrLinkedIn } from "../support/oauth-networks";
import { appWithLaunchedProject } from "../support/pipeline";
import { itemsWithTexts, later, minutes, ownerOf, publishingCalls } from "../support/publishing-items";
import type { TestApp } from "../support/test-app";

// A post's images on X (one-request uploads, alt text by `/2/media/metadata`, `media.media_ids`)
// and LinkedIn (Images API: initialize, PUT the bytes, `content.media` / `content.multiImage`
// with `altText`), against fakes started here: each image goes up once, also across a refused
// post and a lost answer, and the post goes out once.

let app: TestApp;
let key: string;
let projectId: string;
let fakes: Awaited<ReturnType<typeof startXAndLinkedIn>>;
let xNetwork: FakeX;
let linkedinNetwork: FakeLinkedIn;
let xAuthorizeUrl: string;
const responses: string[] = [];

type Item = { id: string; status: string; publication: null | Record<string, string> };
const { call, tick, getItem, publishNow } = publishingCalls<Item>(() => ({ app, key, projectId }), responses);

const { upload, twoImages } = itemImages(call);
/** The media ids a request to post named (none: an empty list). */
const mediaIdsOf = (request: { json: Record<string, unknown> | null }) =>
  (request.json?.media as { media_ids?: string[] } | undefined)?.media_ids ?? [];
const confirm = (itemId: string, body: unknown) => call("POST", `/api/v1/growth/items/${itemId}/publication/confirm`, body);
/** Runs the jobs due at growing times until the item is published or `rounds` pass. */
async function tickUntilPublished(itemId: string, rounds = 4) {
  await tick(later(1000));
  for (let round = 1; round < rounds && (await getItem(itemId)).status !== "published"; round++)
    await tick(later(minutes(10 * round)));
}

const texts = {
  xImages: ["Two cards for launch day: the date and the price."],
  xLost: ["Launch day, in two pictures: https://tidybooks.example/launch"],
  xLongAlt: ["A picture whose description runs too long for X."],
  xRetried: ["A picture posted again two days after a refusal."],
  xOldGrant: ["A picture for an account connected before images."],
  liImages: ["Two cards for our LinkedIn launch post. #launch"],
  liOne: ["One card for our LinkedIn launch post."],
  liLost: ["A LinkedIn post with pictures whose answer gets lost."],
  liForeign: ["A LinkedIn post whose upload address is not LinkedIn's."],
};
let items: Record<keyof typeof texts, string>;

beforeAll(async () => {
  ({ app, key, projectId } = await appWithLaunchedProject("pro"));
  fakes = await startXAndLinkedIn();
  ({ x: xNetwork, linkedin: linkedinNetwork } = fakes);
  captureConsole();
  const owner = await ownerOf(app);

  await call("POST", `/api/v1/projects/${projectId}/growth/start`);
  // Texts of our own, each unique (X and LinkedIn refuse a repeated text).
  items = await itemsWithTexts(app, call, projectId, xOrLinkedIn, texts);
  xAuthorizeUrl = await connectOverOAuth(owner, projectId, "x", xNetwork);
  await connectOverOAuth(owner, projectId, "linkedin", linkedinNetwork);
}, 240_000);

afterAll(async () => {
  vi.restoreAllMocks();
  await fakes?.close();
  await app?.close();
});

describe("a post's images on X", () => {
  const uploadsTo = () => xNetwork.requests.filter((request) => request.path === "/2/media/upload").length;

  it("asks X for media.write when connecting", () => {
    expect(new URL(xAuthorizeUrl).searchParams.get("scope")?.split(" ")).toContain("media.write");
  });

  it("uploads two images with their alt text once each and posts them once, also after a refused first try", async () => {
    await twoImages(items.xImages);
    xNetwork.failNext("/2/tweets", 503);
    await publishNow(items.xImages);
    await tickUntilPublished(items.xImages);
    expect((await getItem(items.xImages)).status).toBe("published");

    const media = xNetwork.media();
    expect(media.map((item) => [item.category, item.mimeType, item.alt])).toEqual(
      alts.map((alt) => ["tweet_image", "image/png", alt]),
    );
    expect(await sizesOf(media)).toEqual([
      [800, 600],
      [600, 800],
    ]);
    expect(uploadsTo()).toBe(2);
    const posted = xNetwork.posts().filter((post) => post.text === texts.xImages[0]);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.mediaIds).toEqual(media.map((item) => item.id));
    // The refused try and the one that posted, with the same two media ids.
    const tries = xNetwork.requests.filter((request) => request.path === "/2/tweets");
    expect(tries.map(mediaIdsOf)).toEqual([posted[0]!.mediaIds, posted[0]!.mediaIds]);
  });

  it("never posts twice after a lost answer; told it did not go out, it finds the post (its text ends with the images' link) and uploads nothing again", async () => {
    await twoImages(items.xLost);
    const uploadsBefore = uploadsTo();
    xNetwork.dropAnswerNext("/2/tweets");
    await publishNow(items.xLost);
    await tick(later(1000));
    await tick(later(minutes(10)));
    expect((await getItem(items.xLost)).publication).toMatchObject({ status: "unconfirmed" });
    expect(uploadsTo()).toBe(uploadsBefore + 2);

    // A wrong "it did not go out": the look-up before posting again finds it.
    expect((await confirm(items.xLost, { outcome: "not_posted" })).status).toBe(200);
    await tick(later(2000));
    const posted = xNetwork.posts().filter((post) => post.text === texts.xLost[0]);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.mediaIds).toHaveLength(2);
    expect((await getItem(items.xLost)).publication).toMatchObject({ status: "published", externalId: posted[0]!.id });
    expect(uploadsTo()).toBe(uploadsBefore + 2);
  });

  it("refuses alt text longer than X takes (1,000 characters) before scheduling, naming the image", async () => {
    await upload(items.xLongAlt, await png(300, 200, "#338833"), "A".repeat(1001));
    const approved = await call("PATCH", `/api/v1/growth/items/${items.xLongAlt}`, { status: "approved" });
    expect(approved.json.item.publication?.scheduledAt ?? null).toBeNull();
    const published = await call("POST", `/api/v1/growth/items/${items.xLongAlt}/publish`);
    expect([published.status, published.json.code]).toEqual([409, "not_publishable"]);
    expect(published.json.error).toBe("Image 1's alt text is longer than X takes (1,000 characters): shorten it.");
  });

  it("reuses an uploaded image when the post is published again, but uploads it anew once X has forgotten it (a day on)", async () => {
    await upload(items.xRetried, await png(640, 480, "#336699"), "A blue card");
    const before = uploadsTo();
    xNetwork.failNext("/2/tweets", 400);
    await publishNow(items.xRetried);
    await tick(later(1000));
    expect((await getItem(items.xRetried)).publication?.status).toBe("failed");
    expect(uploadsTo()).toBe(before + 1);
    const first = xNetwork.media().at(-1)!;
    // Published again at once (and refused again): the same media id, nothing uploaded.
    xNetwork.failNext("/2/tweets", 400);
    expect((await call("POST", `/api/v1/growth/items/${items.xRetried}/publish`)).status).toBe(202);
    await tick(later(2000));
    expect((await getItem(items.xRetried)).publication?.status).toBe("failed");
    expect(uploadsTo()).toBe(before + 1);
    const refused = xNetwork.requests.filter((request) => request.path === "/2/tweets").slice(-2);
    expect(refused.map(mediaIdsOf)).toEqual([[first.id], [first.id]]);

    // Published again two days later: X keeps an unused upload for a day, so it goes up again.
    expect((await call("POST", `/api/v1/growth/items/${items.xRetried}/publish`)).status).toBe(202);
    await tick(later(minutes(2 * 24 * 60)));
    expect((await getItem(items.xRetried)).status).toBe("published");
    expect(uploadsTo()).toBe(before + 2);
    const again = xNetwork.media().at(-1)!;
    expect(again.id).not.toBe(first.id);
    expect(again.alt).toBe("A blue card");
    const [posted] = xNetwork.posts().filter((post) => post.text === texts.xRetried[0]);
    expect(posted!.mediaIds).toEqual([again.id]);
  });

  it("fails an account granted before media.write with a reason that says to connect X again, and posts nothing", async () => {
    xNetwork.withoutMediaScope();
    await upload(items.xOldGrant, await png(300, 200, "#883333"), "A green square");
    await publishNow(items.xOldGrant);
    await tick(later(1000));
    expect((await getItem(items.xOldGrant)).publication).toMatchObject({
      status: "failed",
      error: expect.stringContaining("connect it again in project settings"),
    });
    expect(xNetwork.posts().some((post) => post.text === texts.xOldGrant[0])).toBe(false);
  });
});

describe("a post's images on LinkedIn", () => {
  const initialized = () => linkedinNetwork.requests.filter((request) => request.path === "/rest/images").length;

  it("uploads two images once each and names them with their alt text in a multi-image post, once, also after a refused first try", async () => {
    await twoImages(items.liImages);
    linkedinNetwork.failNext("/rest/posts", 503);
    await publishNow(items.liImages);
    await tickUntilPublished(items.liImages);
    expect((await getItem(items.liImages)).status).toBe("published");

    const images = linkedinNetwork.images();
    expect(images.map((image) => [image.owner, image.contentType, image.puts])).toEqual([
      ["urn:li:person:782bbtaQ", "image/png", 1],
      ["urn:li:person:782bbtaQ", "image/png", 1],
    ]);
    expect(await sizesOf(images)).toEqual([
      [800, 600],
      [600, 800],
    ]);
    const posted = linkedinNetwork.posts().filter((post) => String(post.body.commentary).startsWith("Two cards"));
    expect(posted).toHaveLength(1);
    expect(posted[0]!.body.content).toEqual({
      multiImage: { images: images.map((image, index) => ({ id: image.urn, altText: alts[index] })) },
    });
    expect(linkedinNetwork.requests.filter((request) => request.path === "/rest/posts")).toHaveLength(2);
    // The initialize calls carry the versioned headers like the post.
    for (const request of linkedinNetwork.requests.filter((request) => request.path === "/rest/images"))
      expect(request.headers).toMatchObject({
        "linkedin-version": expect.stringMatching(/^\d{6}$/),
        "x-restli-protocol-version": "2.0.0",
      });
  });

  it("names one image as the post's media", async () => {
    await upload(items.liOne, await png(1200, 630, "#ff6600"), "The Tidybooks dashboard, reconciled");
    await publishNow(items.liOne);
    await tick(later(1000));
    const [post] = linkedinNetwork.posts().filter((candidate) => String(candidate.body.commentary).startsWith("One card"));
    const image = linkedinNetwork.images().at(-1)!;
    expect(post!.body.content).toEqual({ media: { id: image.urn, altText: "The Tidybooks dashboard, reconciled" } });
    expect(await sizesOf([image])).toEqual([[1200, 630]]);
  });

  it("never posts twice after a lost answer; told it did not go out, it posts again, takes the URN LinkedIn names, and uploads nothing again", async () => {
    await twoImages(items.liLost);
    const before = initialized();
    linkedinNetwork.dropAnswerNext("/rest/posts");
    await publishNow(items.liLost);
    await tick(later(1000));
    await tick(later(minutes(10)));
    const isLost = (post: { body: Record<string, unknown> }) => String(post.body.commentary).startsWith("A LinkedIn post with");
    expect(linkedinNetwork.posts().filter(isLost)).toHaveLength(1);
    expect((await getItem(items.liLost)).publication?.status).toBe("unconfirmed");
    expect(initialized()).toBe(before + 2);

    expect((await confirm(items.liLost, { outcome: "not_posted" })).status).toBe(200);
    await tick(later(2000));
    const posted = linkedinNetwork.posts().filter(isLost);
    expect(posted).toHaveLength(1);
    expect((posted[0]!.body.content as { multiImage: { images: unknown[] } }).multiImage.images).toHaveLength(2);
    expect((await getItem(items.liLost)).publication).toMatchObject({ status: "published", externalId: posted[0]!.urn });
    expect(initialized()).toBe(before + 2);
    expect(
      linkedinNetwork
        .images()
        .slice(-2)
        .map((image) => image.puts),
    ).toEqual([1, 1]);
  });

  it("sends an image to no upload address but LinkedIn's: another host gets nothing and the post fails saying so", async () => {
    const elsewhere = await startFakeNetwork(() => ({ status: 201 }));
    linkedinNetwork.uploads.origin = elsewhere.url.replace("127.0.0.1", "localhost");
    try {
      await upload(items.liForeign, await png(300, 200, "#3333aa"), "A blue square");
      await publishNow(items.liForeign);
      await tick(later(1000));
      expect((await getItem(items.liForeign)).publication).toMatchObject({
        status: "failed",
        error: expect.stringContaining("the upload address is not LinkedIn's"),
      });
      expect(elsewhere.requests).toHaveLength(0);
      expect(linkedinNetwork.posts().some((post) => String(post.body.commentary).includes("upload address"))).toBe(false);
    } finally {
      linkedinNetwork.uploads.origin = null;
      await elsewhere.close();
    }
  });
});
