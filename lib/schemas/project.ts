import { z } from "zod";
import { optionalAnswer, optionalAnswerList, text, timestamp, uuid } from "./common";

export const agentTypes = [
  "market-strategist",
  "brand-architect",
  "launch-strategist",
  "website-copy",
  "launch-assets",
] as const;
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

export const createProjectRequest = z
  .strictObject({ name: text(1, 200), onboarding: onboardingSchema })
  .meta({ id: "CreateProjectRequest" });

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

export const projectStatusSchema = z.enum(["onboarding", "pipeline", "launch_ready", "growth"]);
export const runStatusSchema = z.enum(["running", "completed", "failed", "approved", "rejected"]);

export const projectSchema = z
  .object({
    id: uuid,
    name: z.string(),
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

export const runSchema = z
  .object({
    id: uuid,
    projectId: uuid,
    agentType: agentTypeSchema,
    status: runStatusSchema,
    feedback: z.string().nullable(),
    output: z.record(z.string(), z.unknown()).nullable(),
    error: z.string().nullable(),
    usage: z.object({
      inputTokens: z.number().int().nullable(),
      outputTokens: z.number().int().nullable(),
      model: z.string().nullable().describe("`offline` for the offline drafting engine"),
    }),
    startedAt: timestamp,
    completedAt: timestamp.nullable(),
    reviewedAt: timestamp.nullable(),
  })
  .meta({ id: "AgentRun" });

export const projectResponse = z.object({ project: projectSchema }).meta({ id: "ProjectResponse" });
export const projectListResponse = z.object({ projects: z.array(projectSchema) }).meta({ id: "ProjectList" });
export const projectDetailResponse = z
  .object({ project: projectSchema, runs: z.array(runSchema).describe("Oldest first") })
  .meta({ id: "ProjectDetail" });

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

export const runResponse = z.object({ run: runSchema, project: projectSchema }).meta({ id: "RunResponse" });

export const decisionsResponse = z.object({ decisions: decisionsSchema }).meta({ id: "DecisionsResponse" });

export const playbookResponse = z
  .object({ playbook: z.record(z.string(), z.unknown()).describe("The Marketing Playbook") })
  .meta({ id: "PlaybookResponse" });
