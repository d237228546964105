import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as localCheckoutGet, POST as localCheckoutPost } from "@/app/billing/checkout/[sessionId]/route";
import { reloadConfig } from "@/lib/config";
import type { ServiceContext } from "@/lib/core/context";
import { bootstrapReplays, projectLogos } from "@/lib/db/schema";
import { sendMail } from "@/lib/mail";
import { operations } from "@/lib/operations";
import { createCheckout } from "@/lib/operations/billing";
import { uploadProjectLogo } from "@/lib/operations/dashboard";
import { executeOperation } from "@/lib/operations/execute";
import { startHousekeeping } from "@/lib/services/housekeeping";
import { storage } from "@/lib/storage";
import { codeOf } from "../support/errors";
import { latestTokenHash } from "../support/mailbox";
import { readPdf } from "../support/pdf-reader";
import { launchReadyProject } from "../support/pipeline";
import { setPlan } from "../support/plans";
import { createTestApp, type TestApp } from "../support/test-app";

// Findings of the security review (#20) that the API and the services answer for.

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

function useEnv(env: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  reloadConfig();
}

const checkoutContext = (url: string) => ({ params: Promise.resolve({ sessionId: new URL(url).pathname.split("/").at(-1)! }) });

describe("billing fails closed", () => {
  const noStripe = {
    STRIPE_SECRET_KEY: undefined,
    STRIPE_WEBHOOK_SECRET: undefined,
    STRIPE_PRICE_PRO: undefined,
    STRIPE_PRICE_STUDIO: undefined,
  };
  afterAll(() => useEnv({ ...noStripe, DATABASE_URL: undefined, BILLING: undefined }));

  it("on a server database without Stripe: checkout is 503 billing_unavailable, the local checkout URL too, and no plan changes", async () => {
    useEnv({ ...noStripe, DATABASE_URL: undefined, BILLING: undefined });
    const { key, email } = await app.signUpWithKey();
    // A session opened while the local checkout was the default (the embedded database).
    const opened = await app.request("POST", "/api/v1/billing/checkout", { key, body: { plan: "pro" } });
    expect(opened.status).toBe(200);

    useEnv({ DATABASE_URL: "postgres://launchloop@db.internal/launchloop" });
    const refused = await app.request("POST", "/api/v1/billing/checkout", { key, body: { plan: "studio" } });
    expect(refused.status).toBe(503);
    expect(refused.json).toMatchObject({
      code: "billing_unavailable",
      retryable: false,
      error: expect.stringContaining("STRIPE_SECRET_KEY"),
    });

    const paid = await localCheckoutPost(new Request(opened.json.url, { method: "POST" }), checkoutContext(opened.json.url));
    expect(paid.status).toBe(503);
    expect(await paid.json()).toMatchObject({ code: "billing_unavailable", retryable: false });
    const page = await localCheckoutGet(
      new Request(opened.json.url, { headers: { accept: "text/html" } }),
      checkoutContext(opened.json.url),
    );
    expect(page.status).toBe(503);
    expect(await page.text()).toContain("No payment provider is configured");
    const pagePost = await localCheckoutPost(
      new Request(opened.json.url, { method: "POST", headers: { accept: "text/html" } }),
      checkoutContext(opened.json.url),
    );
    expect(pagePost.status).toBe(503);

    // The dashboard's upgrade runs the same operation for a browser session.
    expect(await codeOf(executeOperation(createCheckout, { body: { plan: "pro" } }, await app.sessionContext(email)))).toBe(
      "billing_unavailable",
    );

    const me = await app.request("GET", "/api/v1/me", { key });
    expect(me.json.account).toMatchObject({ plan: "free", activated: false });
  });

  it("BILLING=local keeps the test-mode checkout on a server database (a staging deployment)", async () => {
    useEnv({ ...noStripe, DATABASE_URL: "postgres://launchloop@db.internal/launchloop", BILLING: "local" });
    const { key } = await app.signUpWithKey();
    const checkout = await app.request("POST", "/api/v1/billing/checkout", { key, body: { plan: "pro" } });
    expect(checkout.status).toBe(200);
    const paid = await localCheckoutPost(new Request(checkout.json.url, { method: "POST" }), checkoutContext(checkout.json.url));
    expect(await paid.json()).toEqual({ status: "completed", plan: "pro" });
    expect((await app.request("GET", "/api/v1/me", { key })).json.account.plan).toBe("pro");
  });

  it("an unknown BILLING value is a configuration error, not a silent default", () => {
    expect(() => useEnv({ BILLING: "free-for-all" })).toThrow(/BILLING/);
    useEnv({ BILLING: undefined });
  });
});

describe("smaller defects of the probe", () => {
  it("DELETE /api/v1/keys/bootstrap is 405 (POST only), not the 401 of /api/v1/keys/{keyId}", async () => {
    for (const method of ["DELETE", "GET", "PATCH"]) {
      const response = await app.request(method, "/api/v1/keys/bootstrap");
      expect([response.status, response.json.code, response.headers.get("allow")]).toEqual([405, "method_not_allowed", "POST"]);
    }
  });

  it("GET /api/v1/export?__proto__=1 is a 400 like every other unknown parameter", async () => {
    const { key } = await app.signUpWithKey();
    const projectId = "00000000-0000-4000-8000-000000000000";
    for (const name of ["__proto__", "constructor", "toString", "unknown"]) {
      const response = await app.request("GET", `/api/v1/export?projectId=${projectId}&${name}=1`, { key });
      expect([name, response.status, response.json.code]).toEqual([name, 400, "invalid_request"]);
    }
  });

  it("API responses carry X-Content-Type-Options: nosniff", async () => {
    const response = await app.request("GET", "/api/v1/meta");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("the embedded outbox never shows a half-written message: each .eml appears whole", async () => {
    const to = `outbox-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const text = `Confirm: http://launchloop.test/auth/confirm?token_hash=${"t".repeat(64)}\n${"line of a long message\n".repeat(400_000)}`;
    fs.mkdirSync(app.mailDir, { recursive: true });
    const seen: number[] = [];
    const watcher = fs.watch(app.mailDir, (_event, name) => {
      if (!name?.endsWith(".eml") || !name.includes(to)) return;
      try {
        seen.push(fs.statSync(path.join(app.mailDir, name)).size);
      } catch {
        // not there (yet)
      }
    });
    try {
      await sendMail({ to, subject: "Long", text });
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      watcher.close();
    }
    const file = fs.readdirSync(app.mailDir).find((name) => name.includes(to))!;
    const size = fs.statSync(path.join(app.mailDir, file)).size;
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((observed) => observed === size)).toBe(true);
    expect(fs.readdirSync(app.mailDir).filter((name) => !name.endsWith(".eml"))).toEqual([]);
  });

  it("bootstrap replays (each holds a sealed key) are purged by the scheduled sweep once their 15 minutes are over", async () => {
    const email = `sweep-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await app.request("POST", "/api/v1/signup", { body: { email, password: "correct horse battery", acceptTerms: true } });
    const tokenHash = latestTokenHash(app.mailDir, email);
    expect((await app.request("POST", "/api/v1/keys/bootstrap", { body: { tokenHash } })).status).toBe(200);
    expect(await app.db.select().from(bootstrapReplays)).not.toHaveLength(0);

    vi.useFakeTimers({ toFake: ["setInterval", "Date"] });
    try {
      (globalThis as Record<symbol, unknown>)[Symbol.for("launchloop.housekeeping")] = undefined;
      startHousekeeping();
      vi.setSystemTime(Date.now() + 16 * 60 * 1000);
      await vi.advanceTimersByTimeAsync(60_000);
    } finally {
      clearInterval((globalThis as Record<symbol, NodeJS.Timeout>)[Symbol.for("launchloop.housekeeping")]);
      (globalThis as Record<symbol, unknown>)[Symbol.for("launchloop.housekeeping")] = undefined;
      vi.useRealTimers();
    }
    await expect.poll(async () => (await app.db.select().from(bootstrapReplays)).length).toBe(0);
  });
});

describe("uploaded logos are decoded and drawn anew", () => {
  let key: string;
  let owner: ServiceContext;
  let projectId: string;

  beforeAll(async () => {
    const founder = await app.signUpWithKey();
    key = founder.key;
    await setPlan(app.db, founder.email, "pro");
    projectId = await launchReadyProject(app, key);
    owner = await app.sessionContext(founder.email);
  }, 120_000);

  const upload = (contentType: "image/png" | "image/jpeg" | "image/webp", bytes: Buffer) =>
    executeOperation(
      uploadProjectLogo,
      { params: { id: projectId }, body: { contentType, data: bytes.toString("base64") } },
      owner,
    );

  async function storedLogo() {
    const [row] = await app.db.select().from(projectLogos).where(eq(projectLogos.projectId, projectId));
    const stored = await storage().get(row!.storageKey);
    return { row: row!, bytes: Buffer.from(stored!.body) };
  }

  async function pdfCover() {
    const response = await app.request("GET", `/api/v1/export?projectId=${projectId}&format=pdf`, { key });
    expect(response.status, response.text.slice(0, 200)).toBe(200);
    const raw = await executeOperation(operations.exportLaunchPack, { query: { projectId, format: "pdf" } }, owner);
    return (await readPdf(raw.body as Uint8Array)).pages[0]!.images;
  }

  const picture = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } });

  it("refuses a PNG signature followed by HTML, and a truncated image, with a 400", async () => {
    const png = await picture(16, 16).png().toBuffer();
    const forged = Buffer.concat([png.subarray(0, 8), Buffer.from("<html><script>alert(1)</script></html>")]);
    expect(await codeOf(upload("image/png", forged))).toBe("invalid_request");
    expect(await codeOf(upload("image/png", png.subarray(0, png.length - 20)))).toBe("invalid_request");
    const jpeg = await picture(64, 64).jpeg().toBuffer();
    expect(await codeOf(upload("image/jpeg", Buffer.concat([jpeg.subarray(0, 4), Buffer.from("not a picture at all")])))).toBe(
      "invalid_request",
    );
    // A decompression bomb: 36 megapixels in a few kilobytes.
    const bomb = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: "#ffffff" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(512 * 1024);
    expect(await codeOf(upload("image/png", bomb))).toBe("invalid_request");
    expect(await app.db.select().from(projectLogos).where(eq(projectLogos.projectId, projectId))).toEqual([]);
  });

  it("strips metadata and bounds the longer side to 512 px", async () => {
    const withExif = await picture(2000, 1000)
      .withExif({ IFD0: { Artist: "Secret Person", Copyright: "GPS 51.5,-0.12" } })
      .jpeg()
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const uploaded = await upload("image/jpeg", withExif);
    const { row, bytes } = await storedLogo();
    const metadata = await sharp(bytes).metadata();
    expect([metadata.format, metadata.width, metadata.height, metadata.exif, metadata.icc, metadata.xmp]).toEqual([
      "jpeg",
      512,
      256,
      undefined,
      undefined,
      undefined,
    ]);
    expect(bytes.includes("Secret Person")).toBe(false);
    expect(uploaded.logo).toMatchObject({ contentType: "image/jpeg", size: bytes.length });
    expect(row.size).toBe(bytes.length);
    expect(await pdfCover()).toBe(1);
  });

  it("stores a WebP (and a 16-bit PNG) as an 8-bit PNG the PDF export draws", async () => {
    await upload("image/webp", await picture(300, 600).webp().toBuffer());
    let stored = await storedLogo();
    expect(stored.row.contentType).toBe("image/png");
    expect(await sharp(stored.bytes).metadata()).toMatchObject({ format: "png", width: 256, height: 512 });
    expect(await pdfCover()).toBe(1);

    await upload("image/png", await picture(40, 20).toColourspace("rgb16").png().toBuffer());
    stored = await storedLogo();
    expect(await sharp(stored.bytes).metadata()).toMatchObject({ format: "png", depth: "uchar", width: 40, height: 20 });
    expect(await pdfCover()).toBe(1);
  });

  it("a logo stored before this check (bytes that do not decode) never makes the PDF export fail", async () => {
    const png = await picture(16, 16).png().toBuffer();
    await upload("image/png", png);
    const { row } = await storedLogo();
    await storage().put(
      row.storageKey,
      new Uint8Array(Buffer.concat([png.subarray(0, 8), Buffer.from("<html></html>")])),
      "image/png",
    );
    await app.db.update(projectLogos).set({ contentType: "image/png" }).where(eq(projectLogos.projectId, projectId));
    expect(await pdfCover()).toBe(0);
    const docx = await app.request("GET", `/api/v1/export?projectId=${projectId}&format=docx`, { key });
    expect(docx.status).toBe(200);
  });
});
