import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { imageAltWriter } from "@/lib/agents/image-alt-writer";
import { runTask } from "@/lib/agents/run";
import { modelConfigured } from "@/lib/ai/generate";
import type { Database } from "@/lib/db";
import { describeError } from "@/lib/db/errors";
import { growthItemImages } from "@/lib/db/schema";
import { announceJob } from "@/lib/jobs/engine";
import { GiveUp } from "@/lib/jobs/outcome";
import type { JobContext, JobHandler } from "@/lib/jobs/run";
import { enqueueJob, type JobRecord } from "@/lib/jobs/store";
import type { Channel } from "@/lib/schemas/growth";
import { storage } from "@/lib/storage";
import { getOwnedItem } from "../growth/load";
import { ownedRow } from "../tenant";
import type { ItemImageRecord } from "./serialize";

export const altDraftKey = (imageId: string) => `draft_image_alt:${imageId}`;

/**
 * Asks the writer for an uploaded image's alt text, off the upload's request: a
 * `draft_image_alt` job, run by the pool. Only with a model configured (the offline engine
 * sees no images: the founder describes it). True when a draft is on its way. Never fails the
 * upload: a job that cannot be recorded leaves the alt text to the founder.
 */
export async function queueAltDraft(db: Database, { image, now }: { image: ItemImageRecord; now: Date }): Promise<boolean> {
  if (!modelConfigured() || image.alt.trim() !== "") return false;
  try {
    const job = await enqueueJob(db, {
      accountId: image.accountId,
      projectId: image.projectId,
      kind: "draft_image_alt",
      subjectId: image.id,
      dedupeKey: altDraftKey(image.id),
      runAt: now,
      maxAttempts: 1,
    });
    await announceJob(job);
    return true;
  } catch (error) {
    console.error(`[images] queueing the alt text draft of ${image.id} failed:`, describeError(error));
    return false;
  }
}

/** An image the founder has not touched since it was attached: no alt text, never updated. */
const untouched = () => and(eq(growthItemImages.alt, ""), eq(growthItemImages.updatedAt, sql`${growthItemImages.createdAt}`));

/**
 * Drafts the alt text from the image and its post, and writes it only onto an image the founder
 * has not touched meanwhile (one conditional update): their words, even an emptied field or a
 * move, always win over a late draft. A model that takes no images, refuses or fails leaves the
 * alt text empty (the job gives up; the post waits for the founder's words, as without a model).
 */
async function draftImageAlt(job: JobRecord, { db, now, signal }: JobContext) {
  const [image] = await db
    .select()
    .from(growthItemImages)
    .where(ownedRow(growthItemImages, job.accountId, job.subjectId, untouched()));
  if (!image) return;
  const { item, project } = await getOwnedItem(db, { accountId: job.accountId, itemId: image.itemId });
  const stored = await storage().get(image.storageKey);
  if (!stored) return;
  const post = item.draft
    ? [item.draft.title, item.draft.body].filter(Boolean).join("\n\n")
    : `${item.title}\n\n${item.keyMessage}`;
  signal.throwIfAborted();
  const drafted = await runTask(imageAltWriter, {
    projectName: project.name,
    language: item.draft?.language ?? project.language,
    channel: item.channel as Channel,
    post,
    image: { bytes: stored.body, mediaType: image.contentType, width: image.width, height: image.height },
  }).catch((error: unknown) => {
    throw new GiveUp(`The writer could not describe the image: ${error instanceof Error ? error.message : "no answer"}`);
  });
  if (!drafted.output.alt) throw new GiveUp("The model did not describe the image.");
  await db
    .update(growthItemImages)
    .set({ alt: drafted.output.alt, updatedAt: now })
    .where(ownedRow(growthItemImages, job.accountId, image.id, untouched()));
}

// A draft that did not come leaves the field empty, where the founder's words were asked for all along.
export const draftImageAltJobHandler: JobHandler = { run: draftImageAlt, giveUp: async () => undefined };
