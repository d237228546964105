import { z } from "zod";
import { nextCursor, optionalAnswer, optionalAnswerList, text, timestamp, uuid } from "./common";

export const agentTypes = ["market-strategist", "brand-architect", "launch-strategist", "website-copy", "launch-assets"] as const;
export const agentTypeSchema = z.enum(agentTypes).describe("Pipeline step, in order");
export type AgentType = z.infer<typeof agentTypeSchema>;

export const featureSchema = z.strictObject({
  what: text(1, 1000),
  who: z.string().max(200).nullish(),
  benefit: z.string().max(1000).nullish(),
});

export const onboardingSchema = z
  .strictObject({
    businessName: text(1, 200),
    productDescription: text(1, 3000),
    problemSolved: text(1, 1000),
    features: z.array(featureSchema).max(4).nullish(),
    whyItMatters: optionalAnswer(1000),
    audienceType: optionalAnswer(200),
    audienceDescription: optionalAnswer(1000),
    talkedToAudience: optionalAnswer(200),
    audienceFeedback: optionalAnswer(1000),
    audienceGenerations: optionalAnswerList(20, 200),
    audiencePlatforms: optionalAnswerList(20, 200),
    founderPlatforms: optionalAnswerList(20, 200),
    enabledChannels: optionalAnswerList(15, 50),
    successDefinition: optionalAnswerList(20, 200),
    successTimeline: optionalAnswer(200),
    toneWords: optionalAnswerList(20, 200),
    avoidToneWords: optionalAnswerList(20, 200),
    desiredActions: optionalAnswerList(20, 200),
    actionPriority: optionalAnswer(200),
    founderStory: optionalAnswer(3000),
    whyChooseYou: optionalAnswer(1000),
    avoidTopics: optionalAnswer(1000),
    existingAssets: optionalAnswerList(20, 200),
    assetUrls: optionalAnswer(2000),
    weeklyHours: optionalAnswer(200),
    approvalPreference: optionalAnswer(200),
    productReadiness: optionalAnswer(200),
    existingAudience: optionalAnswer(200),
    geographicFocus: optionalAnswer(200),
    revenueModel: optionalAnswer(200),
    marketingBudget: optionalAnswer(200),
  })
  .meta({ id: "Onboarding", description: "The founder's onboarding answers" });
export type Onboarding = z.infer<typeof onboardingSchema>;

/**
 * The shape of a BCP 47 language tag as `Intl` reads it (a Unicode locale identifier, UTS 35):
 * language, optional script, region and variants, extensions and a private-use part. What a
 * pattern cannot say (a variant or extension given twice) is left to `Intl`, and said in the
 * description.
 */
export const languageTagPattern =
  /^(?:[A-Za-z]{2,3}|[A-Za-z]{5,8})(?:-[A-Za-z]{4})?(?:-(?:[A-Za-z]{2}|[0-9]{3}))?(?:-(?:[A-Za-z0-9]{5,8}|[0-9][A-Za-z0-9]{3}))*(?:-[0-9A-WYZa-wyz](?:-[A-Za-z0-9]{2,8})+)*(?:-[Xx](?:-[A-Za-z0-9]{1,8})+)?$/;

const notALanguageTag = "Not a BCP 47 language tag (e.g. en, de, pt-BR)";

/** A BCP 47 language tag ("de", "pt-BR"), stored in its canonical form. */
export const languageSchema = z
  .string()
  .min(2)
  .max(35)
  .regex(languageTagPattern, notALanguageTag)
  .meta({
    description:
      "BCP 47 tag of the language the agents write in, e.g. en, de, pt-BR (any case, stored canonical; detected from the answers when left out)",
    examples: ["en", "pt-BR"],
  })
  .transform((tag, context) => {
    try {
      return Intl.getCanonicalLocales(tag)[0]!;
    } catch {
      context.addIssue({ code: "custom", message: notALanguageTag });
      return z.NEVER;
    }
  });

export const createProjectRequest = z
  .strictObject({
    name: text(1, 200),
    onboarding: onboardingSchema,
    // Its own description says what it is; left out, it is detected from the answers.
    language: languageSchema.optional(),
  })
  .meta({ id: "CreateProjectRequest" });

export const updateProjectRequest = z
  .strictObject({ name: text(1, 200).optional(), language: languageSchema.optional() })
  .meta({ id: "UpdateProjectRequest", description: "Members you send replace the stored ones" });

export const decisionsSchema = z
  .strictObject({
    positioning: z.strictObject({ name: z.string().max(200), statement: text(1, 1000) }).optional(),
    valueProposition: z.strictObject({ angle: z.string().max(200), statement: text(1, 1000) }).optional(),
    brandName: text(1, 200).optional(),
    tagline: text(1, 1000).optional(),
    colorPalette: text(1, 200).optional(),
  })
  .meta({ id: "FounderDecisions", description: "The founder's decisions; every member is optional and merged" });
export type Decisions = z.infer<typeof decisionsSchema>;

export const projectStatuses = ["onboarding", "pipeline", "launch_ready", "growth"] as const;
export const projectStatusSchema = z.enum(projectStatuses);
export const runStatuses = ["running", "completed", "failed", "approved", "rejected"] as const;
export const runStatusSchema = z.enum(runStatuses);

export const projectSchema = z
  .object({
    id: uuid,
    name: z.string(),
    language: z.string().describe("BCP 47: the language every agent writes in (detected from the answers, changeable)"),
    status: projectStatusSchema,
    onboarding: onboardingSchema,
    decisions: decisionsSchema,
    pipeline: z.object({
      currentStep: agentTypeSchema.nullable().describe("The first step not yet approved; null when all are"),
      steps: z.array(
        z.object({
          agentType: agentTypeSchema,
          status: z
            .enum(["pending", "running", "completed", "failed", "approved", "rejected"])
            .describe("Status of the step's latest run, or `pending` before its first run"),
        }),
      ),
    }),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: "Project" });

/** What a run or a plan used of a model: `offline` for the offline drafting engine. */
export const modelUsageSchema = z
  .object({
    inputTokens: z.number().int().nullable(),
    outputTokens: z.number().int().nullable(),
    model: z.string().nullable().describe("`offline` for the offline drafting engine"),
  })
  .meta({ id: "ModelUsage" });
export type ModelUsage = z.infer<typeof modelUsageSchema>;

/** A run's fields besides its step and output (see lib/schemas/runs.ts for the whole run). */
export const runFields = {
  id: uuid,
  projectId: uuid,
  status: runStatusSchema,
  feedback: z.string().nullable(),
  error: z.string().nullable(),
  usage: modelUsageSchema,
  startedAt: timestamp,
  completedAt: timestamp.nullable(),
  reviewedAt: timestamp.nullable(),
};

export const projectResponse = z.object({ project: projectSchema }).meta({ id: "ProjectResponse" });
export const projectListResponse = z
  .object({ projects: z.array(projectSchema).describe("Newest first"), nextCursor })
  .meta({ id: "ProjectList" });

export const startAgentRequest = z
  .strictObject({ projectId: uuid, agentType: agentTypeSchema })
  .meta({ id: "StartAgentRequest" });

export const reviewRunRequest = z
  .strictObject({
    runId: uuid,
    action: z.enum(["approve", "reject"]),
    feedback: z.string().max(1000).optional(),
    decisions: decisionsSchema.optional(),
  })
  .meta({ id: "RunReviewRequest" });

export const decisionsResponse = z.object({ decisions: decisionsSchema }).meta({ id: "DecisionsResponse" });
