import { and, eq, isNull } from "drizzle-orm";
import type { RequestContext, ServiceContext } from "@/lib/core/context";
import type { FileResult } from "@/lib/core/file-result";
import type { Database } from "@/lib/db";
import { packImages, projects, shareLinks } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { type PackImageKind, packImageKinds } from "@/lib/schemas/pack-images";
import { sha256Hex } from "@/lib/security/hashing";
import { storage } from "@/lib/storage";
import { getOwnedProject } from "../project-records";
import { loadOwned, ownedRow, ownedRows } from "../tenant";
import { type CardText, drawPackImages, type PackImageRecord } from "./draw-pack-images";

const signedUrlSeconds = 60 * 60;
const byKind = (a: PackImageRecord, b: PackImageRecord) => packImageKinds.indexOf(a.kind) - packImageKinds.indexOf(b.kind);

async function serialize(row: PackImageRecord) {
  return {
    id: row.id,
    projectId: row.projectId,
    kind: row.kind,
    headline: row.headline,
    alt: row.alt,
    edited: row.edited,
    width: row.width,
    height: row.height,
    size: row.size,
    url: row.storageKey ? await storage().signedUrl(row.storageKey, signedUrlSeconds) : null,
    error: row.error,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The project's cards as stored rows, in the order of their kinds. */
export async function packImageRows(db: Database, project: { id: string; accountId: string }) {
  const rows = await db
    .select()
    .from(packImages)
    .where(ownedRows(packImages, project.accountId, eq(packImages.projectId, project.id)));
  return rows.sort(byKind);
}

export async function listPackImages(ctx: ServiceContext, { projectId }: { projectId: string }) {
  const project = await getOwnedProject(ctx.db, { accountId: ctx.account.id, projectId });
  return { images: await Promise.all((await packImageRows(ctx.db, project)).map(serialize)) };
}

/** Draws the project's cards again (one kind, or all), from the brand as it is now; the founder's own words stay. */
export async function renderPackImages(ctx: ServiceContext, { projectId, kind }: { projectId: string; kind?: PackImageKind }) {
  const project = await getOwnedProject(ctx.db, { accountId: ctx.account.id, projectId });
  const drawn = await drawPackImages(ctx.db, { project, kinds: kind ? [kind] : packImageKinds, now: ctx.now });
  return { images: await Promise.all(drawn.sort(byKind).map(serialize)) };
}

const notFound = "Pack image not found.";

/** The founder's headline and alt text for a card, which is drawn again with them (and kept on later draws). */
export async function updatePackImage(ctx: ServiceContext, { imageId, ...text }: { imageId: string } & Partial<CardText>) {
  const row = await loadOwned(ctx.db, { table: packImages, accountId: ctx.account.id, id: imageId, notFound });
  const project = await getOwnedProject(ctx.db, { accountId: ctx.account.id, projectId: row.projectId });
  const [drawn] = await drawPackImages(ctx.db, { project, kinds: [row.kind], text, now: ctx.now });
  return { image: await serialize(drawn!) };
}

/** Removes a card and its file; drawing it again (render) makes it anew from the brand. */
export async function deletePackImage(ctx: ServiceContext, { imageId }: { imageId: string }) {
  const [row] = await ctx.db
    .delete(packImages)
    .where(ownedRow(packImages, ctx.account.id, imageId))
    .returning();
  if (!row) throw new AppError("not_found", notFound);
  if (row.storageKey)
    await storage()
      .remove([row.storageKey])
      .catch(() => {});
  return { deleted: true as const, id: row.id };
}

/**
 * A card behind a live share link, for anyone holding it (the share page's Open Graph image):
 * the same 404 for a token that never was, a revoked one and a card not drawn.
 */
export async function getSharedPackImage(
  ctx: RequestContext,
  { token, kind }: { token: string; kind: PackImageKind },
): Promise<FileResult> {
  const [found] = await ctx.db
    .select({ storageKey: packImages.storageKey })
    .from(shareLinks)
    .innerJoin(projects, and(eq(projects.id, shareLinks.projectId), eq(projects.accountId, shareLinks.accountId)))
    .innerJoin(
      packImages,
      and(eq(packImages.projectId, projects.id), eq(packImages.accountId, projects.accountId), eq(packImages.kind, kind)),
    )
    .where(and(eq(shareLinks.tokenHash, sha256Hex(token)), isNull(shareLinks.revokedAt)));
  const stored = found?.storageKey ? await storage().get(found.storageKey) : null;
  if (!stored) throw new AppError("not_found", "This link does not exist or was revoked. Ask the founder for a new one.");
  return { body: stored.body, contentType: "image/png", filename: `${kind}.png` };
}
