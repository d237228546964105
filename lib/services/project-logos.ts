import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import type { z } from "zod";
import type { ServiceContext } from "@/lib/core/context";
import { projectLogos, projects } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import type { CoverImage } from "@/lib/exports/launch-pack";
import type { logoUploadRequest } from "@/lib/schemas/dashboard";
import { storage } from "@/lib/storage";
import { getOwnedProject } from "./project-records";
import { ownedRow, ownedRows } from "./tenant";

/** The largest logo accepted, in bytes. */
export const maxLogoBytes = 512 * 1024;

/** The image's real type from its first bytes: PNG, JPEG or WebP (never SVG, which can carry scripts). */
function sniff(bytes: Uint8Array): "image/png" | "image/jpeg" | "image/webp" | null {
  const starts = (...values: number[]) => values.every((value, index) => bytes[index] === value);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
  if (starts(0x52, 0x49, 0x46, 0x46) && String.fromCharCode(...bytes.subarray(8, 12)) === "WEBP") return "image/webp";
  return null;
}

/** The longer side of a stored logo, in pixels: plenty for a cover or a header. */
export const maxLogoSide = 512;

type StoredLogoType = "image/png" | "image/jpeg";

/**
 * The image decoded and drawn anew: only pixels survive (no metadata, no trailing bytes),
 * in 8-bit sRGB at most 512 px on its longer side, as PNG (JPEG stays JPEG), which every
 * export can draw. Anything that does not decode throws.
 */
async function reencode(bytes: Uint8Array, type: string): Promise<{ bytes: Uint8Array; type: StoredLogoType }> {
  const image = sharp(bytes, { failOn: "error", limitInputPixels: 24_000_000 })
    .rotate()
    .resize(maxLogoSide, maxLogoSide, { fit: "inside", withoutEnlargement: true })
    .toColourspace("srgb");
  if (type === "image/jpeg") return { bytes: new Uint8Array(await image.jpeg({ quality: 90 }).toBuffer()), type };
  return { bytes: new Uint8Array(await image.png().toBuffer()), type: "image/png" };
}

const signedUrlSeconds = 60 * 60;

const ownedLogo = (accountId: string, projectId: string) =>
  ownedRows(projectLogos, accountId, eq(projectLogos.projectId, projectId));

async function describe(row: typeof projectLogos.$inferSelect | undefined) {
  if (!row) return { logo: null };
  return {
    logo: {
      url: await storage().signedUrl(row.storageKey, signedUrlSeconds),
      contentType: row.contentType,
      size: row.size,
      updatedAt: row.updatedAt.toISOString(),
    },
  };
}

export async function getLogo(ctx: ServiceContext, { projectId }: { projectId: string }) {
  const project = await getOwnedProject(ctx.db, { accountId: ctx.account.id, projectId });
  const [row] = await ctx.db.select().from(projectLogos).where(ownedLogo(ctx.account.id, project.id));
  return describe(row);
}

/**
 * Stores the project's logo (replacing any earlier one) after checking its bytes are the
 * image they claim to be and drawing it anew (refused when it does not decode). Each upload is a new object, and the row moves to it under a lock
 * on the project, so uploads at once never mix one's bytes with another's type or size; the
 * object a row stops pointing to is removed.
 */
export async function uploadLogo(
  ctx: ServiceContext,
  { projectId, logo: input }: { projectId: string; logo: z.infer<typeof logoUploadRequest> },
) {
  const project = await getOwnedProject(ctx.db, { accountId: ctx.account.id, projectId });
  const bytes = new Uint8Array(Buffer.from(input.data, "base64"));
  if (bytes.length === 0) throw new AppError("invalid_request", "The file is empty.");
  if (bytes.length > maxLogoBytes)
    throw new AppError(
      "invalid_request",
      `The logo is ${Math.ceil(bytes.length / 1024)} KB; the limit is ${maxLogoBytes / 1024} KB.`,
    );
  const sniffed = sniff(bytes);
  if (!sniffed || sniffed !== input.contentType)
    throw new AppError("invalid_request", "The logo must be a PNG, JPEG or WebP image.");
  const image = await reencode(bytes, sniffed).catch(() => {
    throw new AppError("invalid_request", "The logo could not be read as an image: upload a whole PNG, JPEG or WebP file.");
  });
  const { type } = image;
  const storageKey = `accounts/${ctx.account.id}/projects/${project.id}/logo-${randomUUID()}`;
  await storage().put(storageKey, image.bytes, type);
  let replaced: string | undefined;
  let row: typeof projectLogos.$inferSelect | undefined;
  try {
    ({ replaced, row } = await ctx.db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ id: projects.id })
        .from(projects)
        .where(ownedRow(projects, ctx.account.id, project.id))
        .for("update");
      if (!locked) throw new AppError("not_found", "Project not found.");
      const [previous] = await tx
        .select({ storageKey: projectLogos.storageKey })
        .from(projectLogos)
        .where(ownedLogo(ctx.account.id, project.id));
      const [row] = await tx
        .insert(projectLogos)
        .values({
          projectId: project.id,
          accountId: ctx.account.id,
          storageKey,
          contentType: type,
          size: image.bytes.length,
          updatedAt: ctx.now,
        })
        .onConflictDoUpdate({
          target: projectLogos.projectId,
          set: { storageKey, contentType: type, size: image.bytes.length, updatedAt: ctx.now },
        })
        .returning();
      return { replaced: previous?.storageKey, row };
    }));
  } catch (error) {
    // Unless the row points to it after all (the commit went through, its answer did not).
    const [current] = await ctx.db
      .select({ storageKey: projectLogos.storageKey })
      .from(projectLogos)
      .where(ownedLogo(ctx.account.id, project.id))
      .catch(() => []);
    if (current?.storageKey !== storageKey)
      await storage()
        .remove([storageKey])
        .catch(() => {});
    throw error;
  }
  if (replaced && replaced !== storageKey)
    await storage()
      .remove([replaced])
      .catch(() => {});
  return describe(row);
}

/** Covers drawn already, by storage key (each upload is a new object, never rewritten): at most 4 MB of them, keys included. */
const covers = new Map<string, CoverImage | null>();
const coverBudgetBytes = 4 * 2 ** 20;
let coverBytes = 0;
const sizeOf = (storageKey: string, cover: CoverImage | null) => storageKey.length + (cover?.bytes.length ?? 0);

function rememberCover(storageKey: string, cover: CoverImage | null) {
  covers.set(storageKey, cover);
  coverBytes += sizeOf(storageKey, cover);
  for (const [oldest, value] of covers) {
    if (coverBytes <= coverBudgetBytes) break;
    covers.delete(oldest);
    coverBytes -= sizeOf(oldest, value);
  }
}

/**
 * The logo for an export's cover, drawn anew as PNG or JPEG (what PDF and DOCX draw), so a
 * logo stored before uploads were re-encoded (a WebP, or bytes that do not decode) never
 * breaks an export: one that does not decode is left off the cover. Drawn once per stored
 * object: the key comes from the caller's own row, so only its owner's exports reach it.
 */
export async function coverLogoOf(ctx: ServiceContext, project: { id: string }): Promise<CoverImage | undefined> {
  const [row] = await ctx.db.select().from(projectLogos).where(ownedLogo(ctx.account.id, project.id));
  if (!row) return undefined;
  const known = covers.get(row.storageKey);
  if (known !== undefined) return known ?? undefined;
  const stored = await storage().get(row.storageKey);
  if (!stored) return undefined;
  const image = await reencode(stored.body, row.contentType).catch(() => undefined);
  const cover = image ? { bytes: image.bytes, contentType: image.type } : null;
  rememberCover(row.storageKey, cover);
  return cover ?? undefined;
}

export async function removeLogo(ctx: ServiceContext, { projectId }: { projectId: string }) {
  const project = await getOwnedProject(ctx.db, { accountId: ctx.account.id, projectId });
  const [row] = await ctx.db.delete(projectLogos).where(ownedLogo(ctx.account.id, project.id)).returning();
  if (row) await storage().remove([row.storageKey]);
  return { logo: null };
}
