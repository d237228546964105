import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { config } from "@/lib/config";
import type { ServiceContext } from "@/lib/core/context";
import { projectLogos } from "@/lib/db/schema";
import { operations } from "@/lib/operations";
import {
  createShareLink,
  discardOnboardingDraft,
  getOnboardingDraft,
  getProjectLogo,
  getSharedPack,
  listShareLinks,
  removeProjectLogo,
  revokeShareLink,
  saveOnboardingDraft,
  startProjectFromDraft,
  uploadProjectLogo,
} from "@/lib/operations/dashboard";
import { executeOperation } from "@/lib/operations/execute";
import { storage } from "@/lib/storage";
import { codeOf } from "../support/errors";
import { readPdf } from "../support/pdf-reader";
import { launchReadyProject } from "../support/pipeline";
import { setPlan } from "../support/plans";
import { createTestApp, type TestApp } from "../support/test-app";

let app: TestApp;
let owner: ServiceContext;
let stranger: ServiceContext;
let projectId: string;

const publicContext = () => ({ requestId: crypto.randomUUID(), db: app.db, now: new Date(), clientIp: "203.0.113.10" });

beforeAll(async () => {
  app = await createTestApp();
  const founder = await app.signUpWithKey();
  await setPlan(app.db, founder.email, "pro");
  projectId = await launchReadyProject(app, founder.key);
  owner = await app.sessionContext(founder.email);
  const other = await app.signUpWithKey();
  await setPlan(app.db, other.email, "pro");
  stranger = await app.sessionContext(other.email);
}, 120_000);
afterAll(() => app.close());

describe("the onboarding draft", () => {
  it("keeps the answers so far, checked by the onboarding schema, until discarded", async () => {
    expect(await executeOperation(getOnboardingDraft, {}, owner)).toEqual({ draft: null });
    const answers = { name: "Launch", onboarding: { businessName: "Tidybooks", toneWords: ["clear"] } };
    await executeOperation(saveOnboardingDraft, { body: { step: 2, answers } }, owner);
    const { draft } = await executeOperation(getOnboardingDraft, {}, owner);
    expect(draft).toMatchObject({ step: 2, answers });
    expect(await executeOperation(getOnboardingDraft, {}, stranger)).toEqual({ draft: null });

    expect(
      await codeOf(
        executeOperation(saveOnboardingDraft, { body: { step: 1, answers: { onboarding: { businessName: "" } } } }, owner),
      ),
    ).toBe("invalid_request");
    expect(
      await codeOf(
        executeOperation(saveOnboardingDraft, { body: { step: 1, answers: { onboarding: { unknown: "x" } } } }, owner),
      ),
    ).toBe("invalid_request");

    await executeOperation(discardOnboardingDraft, {}, owner);
    expect(await executeOperation(getOnboardingDraft, {}, owner)).toEqual({ draft: null });
  });

  const answers = {
    name: "Tidybooks",
    onboarding: { businessName: "Tidybooks", productDescription: "Invoices", problemSolved: "Late payments" },
  };

  /** A new founder on `plan`, signed in, with the wizard's answers saved as a draft. */
  async function founderWithDraft(plan: "free" | "studio") {
    const founder = await app.signUpWithKey();
    await setPlan(app.db, founder.email, plan);
    const ctx = await app.sessionContext(founder.email);
    await executeOperation(saveOnboardingDraft, { body: { step: 3, answers } }, ctx);
    return ctx;
  }

  it("starts the project from it in one step (created, confirmed, draft forgotten), or not at all", async () => {
    const free = await founderWithDraft("free");
    const started = await executeOperation(startProjectFromDraft, { body: answers }, free);
    expect(started.project).toMatchObject({
      name: "Tidybooks",
      status: "pipeline",
      pipeline: { currentStep: "market-strategist" },
    });
    expect(await executeOperation(getOnboardingDraft, {}, free)).toEqual({ draft: null });

    // A second start of the same answers (a double click, a retry) answers the same project.
    const again = await executeOperation(startProjectFromDraft, { body: answers }, free);
    expect(again.project.id).toBe(started.project.id);

    // The free plan's one project is taken: nothing is created and the draft stays.
    await executeOperation(saveOnboardingDraft, { body: { step: 3, answers } }, free);
    expect(await codeOf(executeOperation(startProjectFromDraft, { body: answers }, free))).toBe("upgrade_required");
    expect((await executeOperation(getOnboardingDraft, {}, free)).draft).toMatchObject({ step: 3 });
    expect((await executeOperation(operations.listProjects, {}, free)).projects).toHaveLength(1);
  });

  it("starts one project when the same draft is started several times at once", async () => {
    const studio = await founderWithDraft("studio");
    const starts = await Promise.all(
      Array.from({ length: 5 }, () => executeOperation(startProjectFromDraft, { body: answers }, studio)),
    );
    expect(new Set(starts.map((start) => start.project.id)).size).toBe(1);
    expect((await executeOperation(operations.listProjects, {}, studio)).projects).toHaveLength(1);
  });

  it("is for the dashboard only: an API key is refused", async () => {
    const keyContext = { ...owner, principal: { kind: "key" as const, apiKeyId: crypto.randomUUID() } };
    expect(await codeOf(executeOperation(getOnboardingDraft, {}, keyContext))).toBe("forbidden");
  });

  it("refuses NUL and lone surrogates from a session as from a key (the executor's gate, not a face's)", async () => {
    for (const name of ["a\u0000b", "a\ud800b"]) {
      expect(await codeOf(executeOperation(saveOnboardingDraft, { body: { step: 0, answers: { name } } }, owner))).toBe(
        "invalid_request",
      );
    }
    expect(await codeOf(executeOperation(saveOnboardingDraft, { body: { step: 0, answers: { name: "Plain" } } }, owner))).toBe(
      "ok",
    );
    await executeOperation(discardOnboardingDraft, {}, owner);
  });
});

describe("share links", () => {
  it("shows the approved pack to anyone with the link, until it is revoked", async () => {
    const created = await executeOperation(createShareLink, { params: { id: projectId } }, owner);
    const token = created.url.split("/share/")[1]!;
    expect(token).toMatch(/^shr_[A-Za-z0-9_-]{43}$/);
    expect(created.link.hint).toBe(token.slice(0, 10));

    const shared = await executeOperation(getSharedPack, { params: { token } }, publicContext());
    expect(shared.items.length).toBeGreaterThan(5);
    expect(shared.items.every((item) => !item.awaitingReview)).toBe(true);
    expect(shared.project.name).toBe("Tidybooks launch");

    const { links } = await executeOperation(listShareLinks, { params: { id: projectId } }, owner);
    expect(links.map((link) => link.id)).toContain(created.link.id);
    expect(JSON.stringify(links)).not.toContain(token);

    expect(
      await codeOf(executeOperation(revokeShareLink, { params: { id: projectId, linkId: created.link.id } }, stranger)),
    ).toBe("not_found");
    const revoked = await executeOperation(revokeShareLink, { params: { id: projectId, linkId: created.link.id } }, owner);
    expect(revoked.link.revokedAt).not.toBeNull();
    expect(await codeOf(executeOperation(getSharedPack, { params: { token } }, publicContext()))).toBe("not_found");
    // Revoking twice is a no-op.
    expect(
      (await executeOperation(revokeShareLink, { params: { id: projectId, linkId: created.link.id } }, owner)).link.revokedAt,
    ).toBe(revoked.link.revokedAt);
  });

  it("refuses unknown and malformed tokens and other accounts' projects", async () => {
    expect(await codeOf(executeOperation(getSharedPack, { params: { token: `shr_${"a".repeat(43)}` } }, publicContext()))).toBe(
      "not_found",
    );
    // A malformed token is a malformed parameter, as on every route (the share page answers both with its 404).
    expect(await codeOf(executeOperation(getSharedPack, { params: { token: "short" } }, publicContext()))).toBe(
      "invalid_request",
    );
    expect(await codeOf(executeOperation(createShareLink, { params: { id: projectId } }, stranger))).toBe("not_found");
    expect(await codeOf(executeOperation(listShareLinks, { params: { id: projectId } }, stranger))).toBe("not_found");
  });
});

describe("the project's logo", () => {
  // A 1×1 PNG.
  const png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

  it("stores a real image in storage, reads it back through a signed URL, and removes it", async () => {
    const uploaded = await executeOperation(
      uploadProjectLogo,
      { params: { id: projectId }, body: { contentType: "image/png", data: png } },
      owner,
    );
    expect(uploaded.logo).toMatchObject({ contentType: "image/png", size: expect.any(Number) });
    expect(uploaded.logo!.url).toMatch(/\/api\/storage\/accounts\/.+\/logo-[0-9a-f-]{36}\?expires=\d+&signature=/);
    expect((await executeOperation(getProjectLogo, { params: { id: projectId } }, owner)).logo?.contentType).toBe("image/png");
    expect(await codeOf(executeOperation(getProjectLogo, { params: { id: projectId } }, stranger))).toBe("not_found");
    await executeOperation(removeProjectLogo, { params: { id: projectId } }, owner);
    expect((await executeOperation(getProjectLogo, { params: { id: projectId } }, owner)).logo).toBeNull();
  });

  it("keeps one image whole when uploads race (the row's type and size match its bytes), and no replaced file stays", async () => {
    const jpeg = (
      await sharp({ create: { width: 4, height: 4, channels: 3, background: "#4b3fe0" } })
        .jpeg()
        .toBuffer()
    ).toString("base64");
    const uploads = Array.from({ length: 8 }, (_, index) =>
      executeOperation(
        uploadProjectLogo,
        {
          params: { id: projectId },
          body: index % 2 ? { contentType: "image/jpeg", data: jpeg } : { contentType: "image/png", data: png },
        },
        owner,
      ),
    );
    await Promise.all(uploads);
    const [row] = await app.db.select().from(projectLogos).where(eq(projectLogos.projectId, projectId));
    const stored = await storage().get(row!.storageKey);
    // Each upload is drawn anew, so the stored bytes are checked by what they decode to.
    expect((await sharp(stored!.body).metadata()).format).toBe(row!.contentType === "image/png" ? "png" : "jpeg");
    expect(stored!.contentType).toBe(row!.contentType);
    expect(row!.size).toBe(stored!.body.length);
    const folder = path.join(config().dataDir, "storage", path.dirname(row!.storageKey));
    // The logo's files (the project's folder also holds its brand cards' folder).
    const files = () =>
      fs
        .readdirSync(folder, { withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => entry.name);
    expect(files().filter((file) => !file.endsWith(".type"))).toEqual([path.basename(row!.storageKey)]);
    await executeOperation(removeProjectLogo, { params: { id: projectId } }, owner);
    expect(files()).toEqual([]);
  });

  it("is drawn on the cover of the PDF export once uploaded", async () => {
    const coverImages = async () => {
      const file = await executeOperation(operations.exportLaunchPack, { query: { projectId, format: "pdf" } }, owner);
      return (await readPdf(file.body as Uint8Array)).pages[0]!.images;
    };
    // A short pack's brand cards may start on the first page too: the logo is the one image more.
    const without = await coverImages();
    await executeOperation(
      uploadProjectLogo,
      { params: { id: projectId }, body: { contentType: "image/png", data: png } },
      owner,
    );
    expect(await coverImages()).toBe(without + 1);
    // Drawn once per stored logo: a second export draws it again, and none after it is removed.
    expect(await coverImages()).toBe(without + 1);
    await executeOperation(removeProjectLogo, { params: { id: projectId } }, owner);
    expect(await coverImages()).toBe(without);
  });

  it("refuses what is not the image it claims to be, SVG, and oversized files", async () => {
    const text = Buffer.from("<svg onload=alert(1)></svg>").toString("base64");
    expect(
      await codeOf(
        executeOperation(uploadProjectLogo, { params: { id: projectId }, body: { contentType: "image/png", data: text } }, owner),
      ),
    ).toBe("invalid_request");
    expect(
      await codeOf(
        executeOperation(
          uploadProjectLogo,
          { params: { id: projectId }, body: { contentType: "image/svg+xml", data: text } },
          owner,
        ),
      ),
    ).toBe("invalid_request");
    expect(
      await codeOf(
        executeOperation(uploadProjectLogo, { params: { id: projectId }, body: { contentType: "image/jpeg", data: png } }, owner),
      ),
    ).toBe("invalid_request");
    const large = Buffer.concat([Buffer.from(png, "base64"), Buffer.alloc(520 * 1024)]).toString("base64");
    expect(
      await codeOf(
        executeOperation(
          uploadProjectLogo,
          { params: { id: projectId }, body: { contentType: "image/png", data: large } },
          owner,
        ),
      ),
    ).toBe("invalid_request");
    expect(
      await codeOf(
        executeOperation(
          uploadProjectLogo,
          { params: { id: projectId }, body: { contentType: "image/png", data: png } },
          stranger,
        ),
      ),
    ).toBe("not_found");
  });
});
