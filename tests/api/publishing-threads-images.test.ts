import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { jobs } from "@/lib/db/schema";
import { signedMediaUrl } from "@/lib/images/media-url";
import "@/lib/services/job-handlers";
import { captureConsole } from "../support/console-capture";
import type { FakeThreads } from "../support/fake-threads";
import { alts, itemImages, jpeg, png, sizesOf } from "../support/item-images";
import { startMediaServer } from "../support/media-server";
import { connectOverOAuth, startThreads } from "../support/oauth-networks";
import { appWithLaunchedProject } from "../support/pipeline";
import { itemsWithTexts, later, minutes, ownerOf, publishingCalls } from "../support/publishing-items";
import type { TestApp } from "../support/test-app";

// A post's images on Threads, which takes images by URL only: the app serves each at a signed,
// expiring address on APP_URL (here a real port in front of the app's /media route), and the
// fake Graph API started here fetches it as Meta would, keeping the bytes and the alt text.

let app: TestApp;
let key: string;
let projectId: string;
let fakes: Awaited<ReturnType<typeof startThreads>>;
let network: FakeThreads;
let mediaServer: Awaited<ReturnType<typeof startMediaServer>>;
const responses: string[] = [];

type Item = { id: string; status: string; publication: null | Record<string, string> };
const { call, tick, getItem, publishNow } = publishingCalls<Item>(() => ({ app, key, projectId }), responses);
const reloadConfig = async () => (await import("@/lib/config")).reloadConfig();

const { upload, twoImages } = itemImages(call);
const postsOf = (text: string) => network.posts().filter((post) => post.text === text);
const mediaAddress = /^http:\/\/127\.0\.0\.1:\d+\/media\/[0-9a-f-]{36}\.(png|jpg)\?max=8000000&exp=\d+&sig=[A-Za-z0-9_-]{43}$/;

const texts = {
  carousel: ["Two cards for launch day: the date and the price."],
  single: ["One card says it all: books closed overnight."],
  lost: ["A carousel whose answer was lost."],
  refused: ["A carousel Threads refused once."],
  undone: ["A carousel whose publish was lost before Threads did anything."],
  unreachable: ["An image behind an address nobody can reach."],
};
let items: Record<keyof typeof texts, string>;

beforeAll(async () => {
  mediaServer = await startMediaServer();
  ({ app, key, projectId } = await appWithLaunchedProject("pro"));
  // The app's public address, where Threads fetches the images (the configuration is reloaded next).
  process.env.APP_URL = mediaServer.url;
  fakes = await startThreads();
  network = fakes.threads;
  captureConsole();
  const owner = await ownerOf(app);

  await call("POST", `/api/v1/projects/${projectId}/growth/start`);
  items = await itemsWithTexts(app, call, projectId, "threads", texts);
  await connectOverOAuth(owner, projectId, "threads", network);
}, 240_000);

afterAll(async () => {
  vi.restoreAllMocks();
  await fakes?.close();
  await mediaServer?.close();
  await app?.close();
});

describe("a post's images on Threads", () => {
  it("sends two images once as a carousel: Threads fetched each from its signed address, with its alt text", async () => {
    await twoImages(items.carousel);
    const publishes = network.publishCalls();
    await publishNow(items.carousel);
    await tick(later(1000));
    expect((await getItem(items.carousel)).publication?.status).toBe("published");

    const [post, ...more] = postsOf(texts.carousel[0]!);
    expect(more).toHaveLength(0);
    expect(network.publishCalls()).toBe(publishes + 1);
    expect(post!.mediaType).toBe("CAROUSEL");
    expect(post!.images.map((image) => [image.alt, image.contentType])).toEqual(alts.map((alt) => [alt, "image/png"]));
    expect(await sizesOf(post!.images)).toEqual([
      [800, 600],
      [600, 800],
    ]);
    for (const image of post!.images) expect(image.url).toMatch(mediaAddress);
    // Two carousel items, each fetched once, then the carousel with the text.
    const fetched = network.imageFetches().filter((entry) => post!.images.some((image) => image.url === entry.url));
    expect(fetched.map((entry) => [entry.status, entry.contentType])).toEqual([
      [200, "image/png"],
      [200, "image/png"],
    ]);
    const carousel = network.containers().find((container) => container.mediaId === post!.id)!;
    expect(carousel.children).toHaveLength(2);
    for (const child of carousel.children!)
      expect(network.containers().find((container) => container.id === child)).toMatchObject({
        mediaType: "IMAGE",
        isCarouselItem: true,
        text: "",
      });
  });

  it("sends one image as an IMAGE post with its text and alt text", async () => {
    await upload(items.single, await jpeg(1000, 500, "#228833"), "A green banner: books closed overnight", "image/jpeg");
    await publishNow(items.single);
    await tick(later(1000));
    expect((await getItem(items.single)).publication?.status).toBe("published");
    const posted = postsOf(texts.single[0]!);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.mediaType).toBe("IMAGE");
    expect(posted[0]!.images.map((image) => [image.alt, image.contentType])).toEqual([
      ["A green banner: books closed overnight", "image/jpeg"],
    ]);
    expect(await sizesOf(posted[0]!.images)).toEqual([[1000, 500]]);
  });

  it("serves an image only at its own unexpired, untampered address: anything else is the same 404", async () => {
    const [image] = postsOf(texts.carousel[0]!)[0]!.images;
    const again = await fetch(image!.url);
    expect([again.status, again.headers.get("content-type")]).toEqual([200, "image/png"]);
    expect(Buffer.from(await again.arrayBuffer()).equals(image!.bytes)).toBe(true);

    const url = new URL(image!.url);
    const [imageId] = url.pathname.slice("/media/".length).split(".");
    const changed = (edit: (copy: URL) => void) => {
      const copy = new URL(url);
      edit(copy);
      return copy.toString();
    };
    const otherId = new URL(postsOf(texts.carousel[0]!)[0]!.images[1]!.url).pathname.slice("/media/".length).split(".")[0]!;
    const sig = url.searchParams.get("sig")!;
    const tampered = [
      changed((copy) => copy.searchParams.set("sig", `${sig.slice(0, -1)}${sig.endsWith("A") ? "B" : "A"}`)),
      changed((copy) => copy.searchParams.set("exp", String(Number(copy.searchParams.get("exp")) + 3600))),
      changed((copy) => copy.searchParams.set("max", "9000000")),
      changed((copy) => copy.searchParams.delete("sig")),
      changed((copy) => {
        copy.pathname = `/media/${otherId}.png`;
      }),
      changed((copy) => {
        copy.pathname = `/media/${imageId}.jpg`;
      }),
      changed((copy) => {
        copy.pathname = `/media/${imageId}`;
      }),
      `${mediaServer.url}/media/..%2F..%2Fetc%2Fpasswd?max=1&exp=1&sig=x`,
    ];
    for (const address of tampered) {
      const answer = await fetch(address);
      expect(answer.status, address).toBe(404);
      expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
      expect((await answer.json()).code).toBe("not_found");
    }

    const signed = (expiresAt: Date) =>
      signedMediaUrl({ imageId: imageId!, contentType: "image/png", maxBytes: 8_000_000, expiresAt });
    expect((await fetch(signed(new Date(Date.now() - 1000)))).status).toBe(404);
    expect((await fetch(signed(new Date(Date.now() + 60_000)))).status).toBe(200);
    // Served as a JPEG only where the address says so, and then within its bytes.
    const asJpeg = await fetch(
      signedMediaUrl({ imageId: imageId!, contentType: "image/jpeg", maxBytes: 5_000, expiresAt: new Date(Date.now() + 60_000) }),
    );
    expect([asJpeg.status, asJpeg.headers.get("content-type")]).toEqual([200, "image/jpeg"]);
    expect((await asJpeg.arrayBuffer()).byteLength).toBeLessThanOrEqual(5_000);
  });

  it("never posts twice when the publish's answer is lost: the carousel is found, published once", async () => {
    await twoImages(items.lost);
    const publishes = network.publishCalls();
    network.dropAnswerNext(`/v1.0/${network.user.id}/threads_publish`);
    await publishNow(items.lost);
    await tick(later(1000));
    await tick(later(minutes(10)));
    const posted = postsOf(texts.lost[0]!);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.images.map((image) => image.alt)).toEqual(alts);
    expect(network.publishCalls()).toBe(publishes + 1);
    expect((await getItem(items.lost)).publication).toMatchObject({ status: "published", externalId: posted[0]!.id });
  });

  it("after a refused publish, makes new containers from fresh addresses (nothing reused) and posts once", async () => {
    await twoImages(items.refused);
    const fetchesBefore = network.imageFetches().length;
    network.failNext(`/v1.0/${network.user.id}/threads_publish`, 503);
    await publishNow(items.refused);
    await tick(later(1000));
    for (let round = 1; round < 4 && (await getItem(items.refused)).status !== "published"; round++)
      await tick(later(minutes(10 * round)));
    expect((await getItem(items.refused)).status).toBe("published");
    const posted = postsOf(texts.refused[0]!);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.images.map((image) => image.alt)).toEqual(alts);
    const fetched = network.imageFetches().slice(fetchesBefore);
    expect(fetched).toHaveLength(4);
    expect(new Set(fetched.map((entry) => entry.url)).size).toBe(4);
    expect(fetched.slice(2).map((entry) => entry.url)).toEqual(posted[0]!.images.map((image) => image.url));
  });

  it("a publish lost before Threads did anything is 'unconfirmed', never sent again on its own; confirmed not posted, it goes out once", async () => {
    await twoImages(items.undone);
    network.settings.dropPublishUndone = 1;
    const publishes = network.publishCalls();
    await publishNow(items.undone);
    await tick(later(1000));
    await tick(later(minutes(30)));
    expect(network.publishCalls()).toBe(publishes + 1);
    expect(postsOf(texts.undone[0]!)).toHaveLength(0);
    expect((await getItem(items.undone)).publication).toMatchObject({
      status: "unconfirmed",
      error: expect.stringContaining("may have gone out"),
    });
    const fetchesBefore = network.imageFetches().length;
    const requeued = await call("POST", `/api/v1/growth/items/${items.undone}/publication/confirm`, { outcome: "not_posted" });
    expect(requeued.status, requeued.text).toBe(200);
    await tick(later(minutes(31)));
    const posted = postsOf(texts.undone[0]!);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.images.map((image) => image.alt)).toEqual(alts);
    // New containers from new addresses: nothing of the first attempt is reused.
    expect(
      network
        .imageFetches()
        .slice(fetchesBefore)
        .map((entry) => entry.url),
    ).toEqual(posted[0]!.images.map((image) => image.url));
    expect((await getItem(items.undone)).publication?.status).toBe("published");
  });

  it("an image Threads cannot fetch (APP_URL not reachable) fails the attempt with a reason naming APP_URL, posting nothing", async () => {
    await upload(items.unreachable, await png(400, 400, "#777777"), "A grey square");
    process.env.APP_URL = "http://127.0.0.1:9";
    await reloadConfig();
    try {
      await publishNow(items.unreachable);
      await tick(later(1000));
    } finally {
      process.env.APP_URL = mediaServer.url;
      await reloadConfig();
    }
    expect(postsOf(texts.unreachable[0]!)).toHaveLength(0);
    const [job] = await app.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.subjectId, items.unreachable), eq(jobs.kind, "publish")));
    expect(job!.lastError).toMatch(/FAILED_DOWNLOADING_IMAGE.*APP_URL, which must be reachable from the internet/);
  });
});
