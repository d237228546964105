import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ServiceContext } from "@/lib/core/context";
import { growthItemImages, growthItems, jobs } from "@/lib/db/schema";
import { renderCard } from "@/lib/images/render-card";
import { operations } from "@/lib/operations";
import { executeOperation } from "@/lib/operations/execute";
import "@/lib/services/job-handlers";
import { storage } from "@/lib/storage";
import { captureConsole } from "../support/console-capture";
import { withEnv } from "../support/env";
import { type FakeBluesky, startFakeBluesky } from "../support/fake-bluesky";
import { type FakeMastodon, startFakeMastodon } from "../support/fake-mastodon";
import { fakeModelEnv } from "../support/fake-model";
import { imagePartsOf, promptText, startFakeOpenAI } from "../support/fake-openai";
import { appWithLaunchedProject } from "../support/pipeline";
import { draftedWeek, later, minutes, ownerOf, publishingCalls } from "../support/publishing-items";
import type { TestApp } from "../support/test-app";

// Cards are drawn as always; the spy only counts the drawings.
vi.mock("@/lib/images/render-card", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/lib/images/render-card")>();
  return { ...original, renderCard: vi.fn(original.renderCard) };
});

// A post's images: uploaded (drawn anew), at most four, alt text required, and sent with the
// post to fake Bluesky and Mastodon servers started here, each once, also across a lost answer.

let app: TestApp;
let key: string;
let projectId: string;
let owner: ServiceContext;
let pds: FakeBluesky;
let instance: FakeMastodon;
const responses: string[] = [];

type Image = { id: string; position: number; alt: string; width: number; height: number; url: string; source: string };
type Item = { id: string; status: string; publication: null | Record<string, string>; images?: Omit<Image, "url">[] };
const { call, tick, getItem } = publishingCalls<Item>(() => ({ app, key, projectId }), responses);

const png = (width: number, height: number, colour = "#3366ff") =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
/** A JPEG photo with EXIF (a camera, a copyright line) the stored image must not keep. */
const photoWithExif = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#88aa44" } })
    .jpeg()
    .withExif({ IFD0: { Make: "SecretCam", Copyright: "GPS 52.52N 13.40E" } })
    .toBuffer();
const upload = (itemId: string, bytes: Buffer, contentType: string, alt?: string) =>
  call("POST", `/api/v1/growth/items/${itemId}/images`, {
    contentType,
    data: bytes.toString("base64"),
    ...(alt !== undefined && { alt }),
  });
const imagesOf = async (itemId: string): Promise<Image[]> =>
  (await call("GET", `/api/v1/growth/items/${itemId}/images`)).json.images;

let items: Record<"uploads" | "crowded" | "noAlt" | "bluesky" | "mastodon" | "altDrafted" | "altKept" | "altRefused", string>;

beforeAll(async () => {
  pds = await startFakeBluesky();
  instance = await startFakeMastodon();
  ({ app, key, projectId } = await appWithLaunchedProject("pro"));
  process.env.OUTBOUND_ALLOW_HTTP = "1";
  (await import("@/lib/config")).reloadConfig();
  captureConsole();
  owner = await ownerOf(app);

  await call("POST", `/api/v1/projects/${projectId}/growth/start`);
  const ids = await draftedWeek(call, projectId, {
    bluesky: ["uploads", "crowded", "no-alt", "bluesky", "alt-drafted", "alt-kept", "alt-refused"],
    mastodon: ["mastodon"],
  });
  items = {
    uploads: ids.uploads,
    crowded: ids.crowded,
    noAlt: ids["no-alt"],
    bluesky: ids.bluesky,
    mastodon: ids.mastodon,
    altDrafted: ids["alt-drafted"],
    altKept: ids["alt-kept"],
    altRefused: ids["alt-refused"],
  };

  pds.addAccount("founder.bsky.test", "app-pass-1234");
  await executeOperation(
    operations.connectBluesky,
    { body: { projectId, handle: "founder.bsky.test", appPassword: "app-pass-1234", serviceUrl: pds.url } },
    owner,
  );
  const started = await executeOperation(
    operations.startMastodonConnection,
    { body: { projectId, instanceUrl: instance.url } },
    owner,
  );
  const { code, state } = instance.approve(started.authorizeUrl);
  await executeOperation(operations.finishMastodonConnection, { body: { state, code } }, owner);
}, 240_000);

afterAll(async () => {
  vi.restoreAllMocks();
  await pds?.close();
  await instance?.close();
  await app?.close();
});

describe("uploading a post's images", () => {
  it("refuses a file that is not an image, or not the type it claims, with a 400 that says so", async () => {
    const text = await upload(items.uploads, Buffer.from("#!/bin/sh\necho not a picture\n"), "image/png");
    expect([text.status, text.json.code]).toEqual([400, "invalid_request"]);
    expect(text.json.error).toBe("That file is not an image: upload a PNG, JPEG or WebP picture.");
    const claimed = await upload(items.uploads, await png(40, 30), "image/jpeg");
    expect([claimed.status, claimed.json.error]).toEqual([400, "That file is a PNG, not the type it claims."]);
    const cut = (await photoWithExif(200, 100)).subarray(0, 300);
    expect((await upload(items.uploads, cut, "image/jpeg")).status).toBe(400);
    expect(await imagesOf(items.uploads)).toEqual([]);
  });

  it("stores the image drawn anew (no EXIF), lists it with a URL, sets its alt text, moves and removes it", async () => {
    const photo = await upload(items.uploads, await photoWithExif(640, 480), "image/jpeg", "  A green square  ");
    expect(photo.status, photo.text).toBe(201);
    expect(photo.json.image).toMatchObject({ position: 1, source: "upload", alt: "A green square", width: 640, height: 480 });
    const [row] = await app.db.select().from(growthItemImages).where(eq(growthItemImages.id, photo.json.image.id));
    const stored = await storage().get(row!.storageKey);
    const meta = await sharp(stored!.body).metadata();
    expect(meta.exif).toBeUndefined();
    expect(Buffer.from(stored!.body).includes("SecretCam")).toBe(false);

    const second = (await upload(items.uploads, await png(300, 600), "image/png")).json.image;
    expect(second).toMatchObject({ position: 2, alt: "", contentType: "image/png", width: 300, height: 600 });
    const listed = await imagesOf(items.uploads);
    expect(listed.map((image) => image.id)).toEqual([photo.json.image.id, second.id]);
    expect(listed[0]!.url).toEqual(expect.any(String));

    const path = `/api/v1/growth/items/${items.uploads}/images/${second.id}`;
    expect((await call("PATCH", path, { alt: "A tall blue bar" })).json.image.alt).toBe("A tall blue bar");
    expect((await call("PATCH", path, { position: 1 })).json.image.position).toBe(1);
    expect((await imagesOf(items.uploads)).map((image) => image.id)).toEqual([second.id, photo.json.image.id]);
    expect((await call("PATCH", path, { position: 3 })).status).toBe(400);
    // The week read carries them too, in order, without URLs.
    expect((await getItem(items.uploads)).images?.map((image) => image.alt)).toEqual(["A tall blue bar", "A green square"]);

    const [secondRow] = await app.db.select().from(growthItemImages).where(eq(growthItemImages.id, second.id));
    expect((await call("DELETE", path)).status).toBe(200);
    expect((await call("DELETE", path)).status).toBe(404);
    expect(await storage().get(secondRow!.storageKey)).toBeNull();
    expect((await imagesOf(items.uploads)).map((image) => [image.id, image.position])).toEqual([[photo.json.image.id, 1]]);
  });

  it("never makes a fifth image, however many uploads arrive at once", async () => {
    const image = await png(64, 64);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => upload(items.crowded, image, "image/png", `Square ${index}`)),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(4);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(refused).toHaveLength(16);
    for (const answer of refused) {
      expect([answer.status, answer.json.code]).toEqual([409, "image_limit"]);
      expect(answer.json.error).toMatch(/4 images already/);
    }
    expect((await imagesOf(items.crowded)).map((listed) => listed.position)).toEqual([1, 2, 3, 4]);
  });
});

describe("a brand card for a post", () => {
  it("draws the project's card with the post's title (or the founder's words) and alt text, and attaches it like an upload", async () => {
    const drawn = await call("POST", `/api/v1/growth/items/${items.uploads}/images/card`, {});
    expect(drawn.status, drawn.text).toBe(201);
    expect(drawn.json.image).toMatchObject({ source: "card", contentType: "image/png", width: 1080, height: 1080 });
    expect(drawn.json.image.alt).toContain("Post uploads");
    const [row] = await app.db.select().from(growthItemImages).where(eq(growthItemImages.id, drawn.json.image.id));
    const stored = await storage().get(row!.storageKey);
    expect(await sharp(stored!.body).metadata()).toMatchObject({ format: "png", width: 1080, height: 1080 });

    const worded = await call("POST", `/api/v1/growth/items/${items.uploads}/images/card`, {
      headline: "Books closed overnight",
      alt: "Our card: books closed overnight",
    });
    expect(worded.json.image.alt).toBe("Our card: books closed overnight");
    expect((await call("POST", `/api/v1/growth/items/${items.uploads}/images/card`, { colour: "red" })).status).toBe(400);
    for (const image of [drawn.json.image, worded.json.image])
      expect((await call("DELETE", `/api/v1/growth/items/${items.uploads}/images/${image.id}`)).status).toBe(200);
  });

  it("refuses a fifth image before drawing the card", async () => {
    expect(await imagesOf(items.crowded)).toHaveLength(4);
    const drawings = vi.mocked(renderCard).mock.calls.length;
    const fifth = await call("POST", `/api/v1/growth/items/${items.crowded}/images/card`, {});
    expect([fifth.status, fifth.json.code]).toEqual([409, "image_limit"]);
    expect(vi.mocked(renderCard).mock.calls.length).toBe(drawings);
  });
});

describe("alt text the writer drafts", () => {
  let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;
  const altCalls = () => fake.requests.filter((request) => request.body.response_format?.json_schema?.name === "image_alt_text");
  const altJobOf = async (imageId: string) =>
    (
      await app.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, "draft_image_alt"), eq(jobs.subjectId, imageId)))
    )[0];

  beforeAll(async () => {
    fake = await startFakeOpenAI();
  });
  afterAll(async () => {
    await fake?.close();
  });

  it("with no model (the offline engine sees no images) drafts nothing: the founder describes it", async () => {
    const uploaded = await upload(items.altRefused, await png(90, 60), "image/png");
    expect(uploaded.status, uploaded.text).toBe(201);
    expect(uploaded.json).toMatchObject({ image: { alt: "" }, altDrafting: false });
    expect(await altJobOf(uploaded.json.image.id)).toBeUndefined();
    expect((await call("DELETE", `/api/v1/growth/items/${items.altRefused}/images/${uploaded.json.image.id}`)).status).toBe(200);
  });

  it("drafts it from the image itself and the post, in the item's language, after the upload's answer", async () => {
    // The item's draft is in German: so is its image's alt text.
    const [row] = await app.db.select().from(growthItems).where(eq(growthItems.id, items.altDrafted));
    await app.db
      .update(growthItems)
      .set({ draft: { ...row!.draft!, body: "Tidybooks gleicht deine Bücher über Nacht ab.", language: "de" } })
      .where(eq(growthItems.id, items.altDrafted));
    fake.answer({ kind: "json", value: { alt: "  Ein blaues Quadrat mit dem Tidybooks-Logo,\n über Nacht abgeglichen.  " } });

    const uploaded = await withEnv(fakeModelEnv(fake), async () => {
      const answer = await upload(items.altDrafted, await png(320, 200), "image/png");
      expect(answer.status, answer.text).toBe(201);
      // The answer does not wait for the model.
      expect(answer.json).toMatchObject({ image: { alt: "" }, altDrafting: true });
      expect(fake.requests).toHaveLength(0);
      await tick(later(1000));
      return answer.json.image;
    });

    const [image] = await imagesOf(items.altDrafted);
    expect(image!.alt).toBe("Ein blaues Quadrat mit dem Tidybooks-Logo, über Nacht abgeglichen.");
    expect(altCalls()).toHaveLength(1);
    const sent = altCalls()[0]!.body;
    expect(sent.model).toBe("fake-model");
    expect(promptText(sent)).toContain("German (de)");
    expect(promptText(sent)).toContain("Tidybooks gleicht deine Bücher über Nacht ab.");
    // The model is shown the stored image itself, as an image part.
    const [stored] = await app.db.select().from(growthItemImages).where(eq(growthItemImages.id, uploaded.id));
    const parts = imagePartsOf(sent);
    expect(parts.map((part) => part.mediaType)).toEqual(["image/png"]);
    expect(Buffer.compare(parts[0]!.bytes!, Buffer.from((await storage().get(stored!.storageKey))!.body))).toBe(0);
    expect(await altJobOf(uploaded.id)).toMatchObject({ status: "succeeded" });
  });

  it("keeps the founder's alt text written while the draft was under way", async () => {
    fake.answer({ kind: "json", value: { alt: "A dark square" } });
    const release = fake.hold();
    const founderWords = "Our first customer's ledger, reconciled overnight";
    const image = await withEnv(fakeModelEnv(fake), async () => {
      const uploaded = (await upload(items.altKept, await png(200, 200, "#123456"), "image/png")).json.image;
      const running = tick(later(1000));
      // The model has the image; the founder writes before its answer lands.
      await vi.waitFor(() => expect(altCalls()).toHaveLength(1), { timeout: 20_000 });
      const edited = await call("PATCH", `/api/v1/growth/items/${items.altKept}/images/${uploaded.id}`, { alt: founderWords });
      expect(edited.status, edited.text).toBe(200);
      release();
      await running;
      return uploaded;
    });
    expect((await imagesOf(items.altKept))[0]!.alt).toBe(founderWords);
    expect(await altJobOf(image.id)).toMatchObject({ status: "succeeded" });
  });

  it("leaves the alt text empty, and the upload standing, when the model refuses images", async () => {
    fake.answer({ kind: "error", status: 400 });
    const uploaded = await withEnv(fakeModelEnv(fake), async () => {
      const answer = await upload(items.altRefused, await png(150, 100), "image/png");
      expect(answer.status, answer.text).toBe(201);
      await tick(later(1000));
      return answer.json.image;
    });
    expect(altCalls().length).toBeGreaterThan(0);
    expect((await imagesOf(items.altRefused)).map((image) => image.alt)).toEqual([""]);
    expect(await altJobOf(uploaded.id)).toMatchObject({
      status: "failed",
      lastError: "The writer could not describe the image: The model provider refused the request (HTTP 400).",
    });
  });
});

describe("alt text before publishing", () => {
  it("refuses to schedule or publish a post with an image without alt text, naming the image", async () => {
    await upload(items.noAlt, await png(120, 80), "image/png", "A chart of hours saved");
    await upload(items.noAlt, await png(80, 120), "image/png");
    // Approving gives no default time while an image has no alt text.
    const approved = await call("PATCH", `/api/v1/growth/items/${items.noAlt}`, { status: "approved" });
    expect(approved.json.item.publication?.scheduledAt ?? null).toBeNull();
    const scheduled = await call("PATCH", `/api/v1/growth/items/${items.noAlt}`, {
      scheduledAt: later(minutes(30)).toISOString(),
    });
    expect([scheduled.status, scheduled.json.code]).toEqual([409, "not_publishable"]);
    expect(scheduled.json.error).toMatch(/^Image 2 has no alt text/);
    const published = await call("POST", `/api/v1/growth/items/${items.noAlt}/publish`);
    expect([published.status, published.json.error]).toEqual([409, expect.stringMatching(/^Image 2 has no alt text/)]);
    expect(pds.blobs()).toHaveLength(0);
  });
});

describe("publishing a post with images", () => {
  it("sends two images to Bluesky with their alt text and aspect ratio, each once, also when the post's answer is lost", async () => {
    const wide = await png(1200, 630, "#ff6600");
    const square = await png(500, 500, "#006633");
    await upload(items.bluesky, wide, "image/png", "The Tidybooks dashboard, reconciled");
    await upload(items.bluesky, square, "image/png", "A green tick");
    await call("PATCH", `/api/v1/growth/items/${items.bluesky}`, { status: "approved" });
    pds.dropAnswerNext("/xrpc/com.atproto.repo.createRecord");
    expect((await call("POST", `/api/v1/growth/items/${items.bluesky}/publish`)).status).toBe(202);
    await tick(later(1000));
    expect((await getItem(items.bluesky)).publication?.status).toBe("publishing");
    await tick(later(minutes(10)));
    expect((await getItem(items.bluesky)).publication?.status).toBe("published");

    expect(pds.posts()).toHaveLength(1);
    const blobs = pds.blobs();
    expect(blobs.map((blob) => blob.uploads)).toEqual([1, 1]);
    expect(pds.requests.filter((request) => request.path === "/xrpc/com.atproto.repo.uploadBlob")).toHaveLength(2);
    const embed = pds.posts()[0]!.value.embed as {
      $type: string;
      images: { alt: string; aspectRatio: unknown; image: { ref: { $link: string } } }[];
    };
    expect(embed.$type).toBe("app.bsky.embed.images");
    expect(embed.images.map((image) => [image.alt, image.aspectRatio, image.image.ref.$link])).toEqual([
      ["The Tidybooks dashboard, reconciled", { width: 1200, height: 630 }, blobs[0]!.cid],
      ["A green tick", { width: 500, height: 500 }, blobs[1]!.cid],
    ]);
    const sizes = await Promise.all(blobs.map(async (blob) => sharp(blob.bytes).metadata()));
    expect(sizes.map((meta) => [meta.width, meta.height])).toEqual([
      [1200, 630],
      [500, 500],
    ]);
    // Published: the images are settled.
    const [image] = await imagesOf(items.bluesky);
    expect((await call("DELETE", `/api/v1/growth/items/${items.bluesky}/images/${image!.id}`)).json.code).toBe("not_publishable");
  });

  it("sends two images to Mastodon with their descriptions, waits while they are processed, and uploads each once across a lost answer", async () => {
    await upload(items.mastodon, await png(800, 600, "#aa0000"), "image/png", "A red card with the launch date");
    await upload(items.mastodon, await png(600, 800, "#0000aa"), "image/png", "A blue card with the price");
    await call("PATCH", `/api/v1/growth/items/${items.mastodon}`, { status: "approved" });
    instance.dropAnswerNext("/api/v1/statuses");
    expect((await call("POST", `/api/v1/growth/items/${items.mastodon}/publish`)).status).toBe(202);
    await tick(later(1000));
    await tick(later(minutes(10)));
    expect((await getItem(items.mastodon)).publication?.status).toBe("published");

    const media = instance.media();
    expect(media.map((uploaded) => uploaded.description)).toEqual([
      "A red card with the launch date",
      "A blue card with the price",
    ]);
    const sizes = await Promise.all(media.map(async (uploaded) => sharp(uploaded.bytes).metadata()));
    expect(sizes.map((meta) => [meta.width, meta.height])).toEqual([
      [800, 600],
      [600, 800],
    ]);
    expect(instance.statuses()).toHaveLength(1);
    expect(instance.statuses()[0]!.mediaIds).toEqual(media.map((uploaded) => uploaded.id));
    expect(instance.requests.filter((request) => request.path === "/api/v2/media")).toHaveLength(2);
    expect(instance.requests.filter((request) => request.path === "/api/v1/statuses")).toHaveLength(2);
  });
});
