import { randomBytes } from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import { config } from "@/lib/config";
import type { RequestContext, ServiceContext } from "@/lib/core/context";
import { lockUnrevokedAccess } from "@/lib/db/accounts";
import { projects, shareLinks } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import type { Decisions } from "@/lib/schemas/project";
import { sha256Hex } from "@/lib/security/hashing";
import { projectContent } from "./content";
import { packImageRows } from "./pack-images/pack-images";
import { getOwnedProject } from "./project-records";

type ShareLinkRecord = typeof shareLinks.$inferSelect;

const serialize = (link: ShareLinkRecord) => ({
  id: link.id,
  projectId: link.projectId,
  hint: link.hint,
  createdAt: link.createdAt.toISOString(),
  revokedAt: link.revokedAt?.toISOString() ?? null,
});

/** A new read-only link to the project's launch pack: 256 random bits, kept only as a hash; the address is shown once. */
export async function createShareLink(ctx: ServiceContext, { projectId }: { projectId: string }) {
  const project = await getOwnedProject(ctx.db, { accountId: ctx.account.id, projectId });
  const token = `shr_${randomBytes(32).toString("base64url")}`;
  const link = await ctx.db.transaction(async (tx) => {
    await lockUnrevokedAccess(tx, ctx.account);
    const [created] = await tx
      .insert(shareLinks)
      .values({
        accountId: ctx.account.id,
        projectId: project.id,
        tokenHash: sha256Hex(token),
        hint: token.slice(0, 10),
        createdAt: ctx.now,
      })
      .returning();
    return created;
  });
  return { link: serialize(link!), url: `${config().appUrl}/share/${token}` };
}

export async function listShareLinks(ctx: ServiceContext, { projectId }: { projectId: string }) {
  const project = await getOwnedProject(ctx.db, { accountId: ctx.account.id, projectId });
  const links = await ctx.db
    .select()
    .from(shareLinks)
    .where(and(eq(shareLinks.projectId, project.id), eq(shareLinks.accountId, ctx.account.id)))
    .orderBy(desc(shareLinks.createdAt));
  return { links: links.map(serialize) };
}

/** Revokes a link at once; revoking twice is a no-op. */
export async function revokeShareLink(ctx: ServiceContext, { projectId, linkId }: { projectId: string; linkId: string }) {
  const [revoked] = await ctx.db
    .update(shareLinks)
    .set({ revokedAt: ctx.now })
    .where(
      and(
        eq(shareLinks.id, linkId),
        eq(shareLinks.projectId, projectId),
        eq(shareLinks.accountId, ctx.account.id),
        isNull(shareLinks.revokedAt),
      ),
    )
    .returning();
  if (revoked) return { link: serialize(revoked) };
  const [existing] = await ctx.db
    .select()
    .from(shareLinks)
    .where(and(eq(shareLinks.id, linkId), eq(shareLinks.projectId, projectId), eq(shareLinks.accountId, ctx.account.id)));
  if (!existing) throw new AppError("not_found", "Share link not found.");
  return { link: serialize(existing) };
}

/** The launch pack behind a live link, for anyone holding it: approved content and decisions, nothing else. */
export async function getSharedPack(ctx: RequestContext, { token }: { token: string }) {
  const [found] = await ctx.db
    .select({ name: projects.name, decisions: projects.decisions, projectId: projects.id, accountId: projects.accountId })
    .from(shareLinks)
    .innerJoin(projects, and(eq(projects.id, shareLinks.projectId), eq(projects.accountId, shareLinks.accountId)))
    .where(and(eq(shareLinks.tokenHash, sha256Hex(token)), isNull(shareLinks.revokedAt)));
  if (!found) throw new AppError("not_found", "This link does not exist or was revoked. Ask the founder for a new one.");
  const project = { id: found.projectId, accountId: found.accountId };
  const [items, images] = await Promise.all([
    projectContent(ctx.db, { project, approvedOnly: true }),
    packImageRows(ctx.db, project),
  ]);
  return {
    project: { name: found.name, decisions: found.decisions as Decisions },
    items,
    images: images
      .filter((image) => image.storageKey)
      .map((image) => ({
        kind: image.kind,
        alt: image.alt,
        width: image.width,
        height: image.height,
        url: `${config().appUrl}/api/v1/share/${encodeURIComponent(token)}/images/${image.kind}`,
      })),
  };
}
