import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { packImages, projects } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { cardAltText } from "@/lib/i18n/card-words";
import { cardSizes } from "@/lib/images/card-sizes";
import { renderCard } from "@/lib/images/render-card";
import { type PackImageKind, packImageKinds } from "@/lib/schemas/pack-images";
import { storage } from "@/lib/storage";
import type { ProjectRecord } from "../project-records";
import { ownedRow, ownedRows } from "../tenant";
import { packDesign } from "./card-design";

export type PackImageRecord = typeof packImages.$inferSelect;

/** What the founder wrote for a card (kept over the defaults), else nothing. */
export interface CardText {
  headline: string;
  alt: string;
}

const failure = "The card could not be drawn. Draw it again; if it keeps failing, tell us.";

/**
 * Draws the project's cards (all kinds, or those named) and stores each PNG as a new object,
 * its row moved to it under the project's lock so draws at once never mix one's file with
 * another's words; the object a row stops pointing to is removed. A card the founder wrote
 * keeps their headline and alt text (or takes `text` when given). A card that fails to draw
 * keeps its last PNG and says why in `error`; the others are still drawn.
 */
export async function drawPackImages(
  db: Database,
  {
    project,
    kinds = packImageKinds,
    text,
    now = new Date(),
  }: { project: ProjectRecord; kinds?: readonly PackImageKind[]; text?: Partial<CardText>; now?: Date },
): Promise<PackImageRecord[]> {
  const design = await packDesign(db, project);
  const existing = await db
    .select()
    .from(packImages)
    .where(ownedRows(packImages, project.accountId, eq(packImages.projectId, project.id)));
  const drawn: PackImageRecord[] = [];
  for (const kind of kinds) {
    const before = existing.find((row) => row.kind === kind);
    // An edit keeps what it does not change; a card the founder wrote keeps its words on every draw.
    const keep = before && (before.edited || text) ? before : undefined;
    const edited = Boolean(text || before?.edited);
    const headline = text?.headline ?? keep?.headline ?? design.headlineFor(kind);
    const alt =
      text?.alt ??
      (keep && !text?.headline
        ? keep.alt
        : cardAltText(project.language, { kind, name: design.base.name, headline, logo: Boolean(design.base.logo) }));
    const { width, height } = cardSizes[kind];
    let stored: { storageKey: string; size: number } | null = null;
    let error: string | null = null;
    try {
      const card = await renderCard({ ...design.base, headline }, kind);
      const storageKey = `accounts/${project.accountId}/projects/${project.id}/cards/${kind}-${randomUUID()}.png`;
      await storage().put(storageKey, card.png, "image/png");
      stored = { storageKey, size: card.png.length };
    } catch (cause) {
      console.error(`project ${project.id}: ${kind} card not drawn: ${cause instanceof Error ? cause.message : String(cause)}`);
      error = failure;
    }
    drawn.push(await saveCard(db, project, { kind, headline, alt, edited, width, height, stored, error, now }));
  }
  return drawn;
}

async function saveCard(
  db: Database,
  project: ProjectRecord,
  card: {
    kind: PackImageKind;
    headline: string;
    alt: string;
    edited: boolean;
    width: number;
    height: number;
    stored: { storageKey: string; size: number } | null;
    error: string | null;
    now: Date;
  },
): Promise<PackImageRecord> {
  const { kind, headline, alt, edited, width, height, stored, error, now } = card;
  const words = { headline, alt, edited, width, height, error, updatedAt: now };
  const file = stored ? { storageKey: stored.storageKey, size: stored.size } : {};
  let replaced: string | null | undefined;
  let row: PackImageRecord | undefined;
  try {
    ({ replaced, row } = await db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ id: projects.id })
        .from(projects)
        .where(ownedRow(projects, project.accountId, project.id))
        .for("update");
      if (!locked) throw new AppError("not_found", "Project not found.");
      const [previous] = await tx
        .select({ storageKey: packImages.storageKey })
        .from(packImages)
        .where(and(eq(packImages.projectId, project.id), eq(packImages.kind, kind)));
      const [row] = await tx
        .insert(packImages)
        .values({ accountId: project.accountId, projectId: project.id, kind, ...words, ...file, createdAt: now })
        .onConflictDoUpdate({ target: [packImages.projectId, packImages.kind], set: { ...words, ...file } })
        .returning();
      return { replaced: stored ? previous?.storageKey : null, row: row! };
    }));
  } catch (cause) {
    if (stored)
      await storage()
        .remove([stored.storageKey])
        .catch(() => {});
    throw cause;
  }
  if (replaced && replaced !== stored?.storageKey)
    await storage()
      .remove([replaced])
      .catch(() => {});
  return row;
}
