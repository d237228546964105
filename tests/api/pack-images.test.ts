import { unzipSync } from "fflate";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServiceContext } from "@/lib/core/context";
import { createShareLink, getSharedPack, revokeShareLink } from "@/lib/operations/dashboard";
import { executeOperation } from "@/lib/operations/execute";
import { berlinBakery } from "../support/founders";
import { launchReadyProject } from "../support/pipeline";
import { setPlan } from "../support/plans";
import { createTestApp, type TestApp } from "../support/test-app";

let app: TestApp;
let key: string;
let strangerKey: string;
let owner: ServiceContext;
let projectId: string;
let germanProjectId: string;

type Image = {
  id: string;
  kind: string;
  headline: string;
  alt: string;
  width: number;
  height: number;
  url: string | null;
  edited: boolean;
  error: string | null;
};

const publicContext = () => ({ requestId: crypto.randomUUID(), db: app.db, now: new Date(), clientIp: "203.0.113.10" });

async function fetchPublic(path: string, headers: Record<string, string> = {}) {
  const { dispatch } = await import("../support/dispatch");
  const response = await dispatch(new Request(`http://launchloop.test${path}`, { headers }));
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

beforeAll(async () => {
  app = await createTestApp();
  const founder = await app.signUpWithKey();
  await setPlan(app.db, founder.email, "studio");
  key = founder.key;
  projectId = await launchReadyProject(app, key);
  germanProjectId = await launchReadyProject(app, key, { name: berlinBakery.name, onboarding: berlinBakery.onboarding });
  owner = await app.sessionContext(founder.email);
  const stranger = await app.signUpWithKey();
  await setPlan(app.db, stranger.email, "pro");
  strangerKey = stranger.key;
}, 240_000);
afterAll(() => app.close());

const list = async (id = projectId, as = key) => app.request("GET", `/api/v1/projects/${id}/pack-images`, { key: as });

describe("the launch pack's brand cards", () => {
  it("are drawn when the launch assets step completes, five sizes with alt text in the project's language", async () => {
    const response = await list();
    expect(response.status, response.text).toBe(200);
    const images: Image[] = response.json.images;
    expect(images.map((image) => [image.kind, image.width, image.height])).toEqual([
      ["open-graph", 1200, 630],
      ["square", 1080, 1080],
      ["portrait", 1080, 1350],
      ["product-hunt", 1270, 760],
      ["header", 1500, 500],
    ]);
    for (const image of images) {
      expect(image.error).toBeNull();
      expect(image.url).toMatch(/^http/);
      expect(image.headline.length).toBeGreaterThan(3);
      expect(image.alt).toContain(image.headline.replace(/^["“]|["”]$/g, ""));
    }
    expect(images[0]!.alt).toMatch(/^Link preview image for /);

    const german: Image[] = (await list(germanProjectId)).json.images;
    expect(german).toHaveLength(5);
    expect(german[0]!.alt).toMatch(/^Vorschaubild für Links von Brotzeit Kreuzberg: „.+“$/);
    expect(german[4]!.alt).toMatch(/^Titelbild /);
  });

  it("takes the founder's headline and alt text, draws the card again and keeps them on later draws", async () => {
    const before: Image = (await list()).json.images[1];
    const updated = await app.request("PATCH", `/api/v1/pack-images/${before.id}`, {
      key,
      body: { headline: "Books done by Friday", alt: "A green card that says: Books done by Friday" },
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.json.image).toMatchObject({ id: before.id, kind: "square", headline: "Books done by Friday", edited: true });
    expect(updated.json.image.url).not.toBe(before.url);

    const rendered = await app.request("POST", `/api/v1/projects/${projectId}/pack-images/render`, { key, body: {} });
    expect(rendered.status, rendered.text).toBe(200);
    expect(rendered.json.images).toHaveLength(5);
    expect(rendered.json.images[1]).toMatchObject({
      headline: "Books done by Friday",
      alt: "A green card that says: Books done by Friday",
      edited: true,
    });

    // A new headline alone writes the alt text anew, in the project's language.
    const headlineOnly = await app.request("PATCH", `/api/v1/pack-images/${before.id}`, {
      key,
      body: { headline: "Tidy books" },
    });
    expect(headlineOnly.json.image.alt).toBe("Square card for Tidybooks: “Tidy books”");

    const refused = await app.request("PATCH", `/api/v1/pack-images/${before.id}`, { key, body: { headline: "" } });
    expect(refused.status).toBe(400);
    const unknown = await app.request("PATCH", `/api/v1/pack-images/${before.id}`, { key, body: { colour: "red" } });
    expect(unknown.status).toBe(400);
  });

  it("renders one kind, deletes a card and draws it anew", async () => {
    const header: Image = (await list()).json.images[4];
    const deleted = await app.request("DELETE", `/api/v1/pack-images/${header.id}`, { key });
    expect(deleted.json).toEqual({ deleted: true, id: header.id });
    expect((await list()).json.images.map((image: Image) => image.kind)).not.toContain("header");
    const again = await app.request("POST", `/api/v1/projects/${projectId}/pack-images/render`, {
      key,
      body: { kind: "header" },
    });
    expect(again.status, again.text).toBe(200);
    expect(again.json.images.map((image: Image) => image.kind)).toEqual(["header"]);
    expect((await list()).json.images).toHaveLength(5);
  });

  it("never shows or changes another account's cards", async () => {
    const image: Image = (await list()).json.images[0];
    expect((await list(projectId, strangerKey)).status).toBe(404);
    const patch = await app.request("PATCH", `/api/v1/pack-images/${image.id}`, { key: strangerKey, body: { headline: "Mine" } });
    expect(patch.status).toBe(404);
    expect(patch.json.code).toBe("not_found");
    const remove = await app.request("DELETE", `/api/v1/pack-images/${image.id}`, { key: strangerKey });
    expect(remove.json.code).toBe("not_found");
    const render = await app.request("POST", `/api/v1/projects/${projectId}/pack-images/render`, { key: strangerKey, body: {} });
    expect(render.json.code).toBe("not_found");
    expect((await list()).json.images[0]).toMatchObject({ id: image.id, headline: image.headline });
  });

  it("are shown by a live share link, the Open Graph card at a public URL, and gone once it is revoked", async () => {
    const created = await executeOperation(createShareLink, { params: { id: projectId } }, owner);
    const token = created.url.split("/share/")[1]!;
    const shared = await executeOperation(getSharedPack, { params: { token } }, publicContext());
    expect(shared.images.map((image) => image.kind)).toEqual(["open-graph", "square", "portrait", "product-hunt", "header"]);
    const og = shared.images[0]!;
    expect(og.url).toMatch(new RegExp(`/api/v1/share/${token}/images/open-graph$`));

    const served = await fetchPublic(new URL(og.url).pathname);
    expect(served.status).toBe(200);
    expect(served.type).toBe("image/png");
    expect(await sharp(served.bytes).metadata()).toMatchObject({ width: 1200, height: 630, format: "png" });

    await executeOperation(revokeShareLink, { params: { id: projectId, linkId: created.link.id } }, owner);
    const gone = await fetchPublic(new URL(og.url).pathname);
    expect(gone.status).toBe(404);
    expect((await fetchPublic(`/api/v1/share/shr_${"a".repeat(43)}/images/open-graph`)).status).toBe(404);
  });

  it("go into the exports: a zip of the pack's files with the PNGs and their alt text, the DOCX and the PDF", async () => {
    const auth = { authorization: `Bearer ${key}` };
    const zip = await fetchPublic(`/api/v1/export?projectId=${germanProjectId}&format=zip`, auth);
    expect(zip.status).toBe(200);
    expect(zip.type).toBe("application/zip");
    const files = unzipSync(new Uint8Array(zip.bytes));
    const names = Object.keys(files).sort();
    for (const extension of ["pdf", "docx", "xlsx", "md", "json"])
      expect(
        names.some((name) => name.endsWith(`launch-pack.${extension}`)),
        extension,
      ).toBe(true);
    const pngs = names.filter((name) => name.endsWith(".png"));
    expect(pngs).toEqual([
      "markenkarten/header-1500x500.png",
      "markenkarten/open-graph-1200x630.png",
      "markenkarten/portrait-1080x1350.png",
      "markenkarten/product-hunt-1270x760.png",
      "markenkarten/square-1080x1080.png",
    ]);
    expect(await sharp(files["markenkarten/portrait-1080x1350.png"]!).metadata()).toMatchObject({ width: 1080, height: 1350 });
    const altText = new TextDecoder().decode(files["markenkarten/alternativtexte.txt"]);
    expect(altText).toContain("Vorschaubild für Links von Brotzeit Kreuzberg");

    const docx = await fetchPublic(`/api/v1/export?projectId=${germanProjectId}&format=docx`, auth);
    const media = Object.keys(unzipSync(new Uint8Array(docx.bytes))).filter((name) => name.startsWith("word/media/"));
    expect(media.length).toBeGreaterThanOrEqual(5);
    const documentXml = new TextDecoder().decode(unzipSync(new Uint8Array(docx.bytes))["word/document.xml"]);
    expect(documentXml).toContain("Markenkarten");

    const pdf = await fetchPublic(`/api/v1/export?projectId=${germanProjectId}&format=pdf`, auth);
    expect(pdf.status).toBe(200);
    expect(pdf.bytes.toString("latin1").match(/\/Subtype \/Image/g)?.length ?? 0).toBeGreaterThanOrEqual(5);
  });
});
