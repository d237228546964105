import { z } from "zod";
import { timestamp, uuid } from "./common";
import { contentItemSchema } from "./content";
import { packImageKindSchema } from "./pack-images";
import { agentTypeSchema, decisionsSchema, onboardingSchema } from "./project";

/** The wizard's answers so far: every onboarding field optional, each as strict as in a project. */
export const draftAnswersSchema = z.strictObject({
  name: z.string().max(200).optional(),
  onboarding: onboardingSchema.partial().optional(),
});

export const saveDraftRequest = z.strictObject({
  step: z.number().int().min(0).max(20),
  answers: draftAnswersSchema,
});

export const draftResponse = z.object({
  draft: z.object({ step: z.number().int(), answers: draftAnswersSchema, updatedAt: timestamp }).nullable(),
});

export const shareLinkSchema = z.object({
  id: uuid,
  projectId: uuid,
  hint: z.string().describe("The token's first characters"),
  createdAt: timestamp,
  revokedAt: timestamp.nullable(),
});

export const shareLinkParams = z.strictObject({ id: uuid, linkId: uuid });
export const shareTokenParams = z.strictObject({ token: z.string().min(20).max(200) });

export const shareLinkListResponse = z.object({ links: z.array(shareLinkSchema) });
export const createdShareLinkResponse = z.object({
  link: shareLinkSchema,
  url: z.url().describe("The read-only address; shown once"),
});
export const shareLinkResponse = z.object({ link: shareLinkSchema });

export const sharedPackResponse = z.object({
  project: z.object({ name: z.string(), decisions: decisionsSchema }),
  items: z.array(contentItemSchema),
  images: z.array(
    z.object({
      kind: packImageKindSchema,
      alt: z.string(),
      width: z.number().int(),
      height: z.number().int(),
      /** Public while the link is live: the share link's token is in it. */
      url: z.string(),
    }),
  ),
});

export const logoContentTypes = ["image/png", "image/jpeg", "image/webp"] as const;

export const logoUploadRequest = z.strictObject({
  contentType: z.enum(logoContentTypes),
  /** The image, base64-encoded (512 KB of image is about 700,000 characters). */
  data: z.base64().max(700_000),
});

export const logoResponse = z.object({
  logo: z.object({ url: z.string(), contentType: z.string(), size: z.number().int(), updatedAt: timestamp }).nullable(),
});

/** Which approved steps were drafted before the founder's last change of a decision. */
export const launchFreshnessResponse = z
  .object({
    decisionsChangedAt: timestamp.nullable(),
    outdatedSteps: z
      .array(agentTypeSchema)
      .describe("Approved steps drafted before a later change of a decision they read, in pipeline order"),
  })
  .meta({ id: "LaunchFreshness" });

export const refreshedStepResponse = z
  .object({
    refreshed: agentTypeSchema.nullable().describe("The step drafted again; null when nothing was out of date"),
    status: z.enum(["approved", "failed"]).nullable(),
    error: z.string().nullable(),
    outdatedSteps: z.array(agentTypeSchema),
  })
  .meta({ id: "RefreshedStep" });
