import { z } from "zod";
import { planSchema, timestamp, uuid } from "./common";
import { cycleStatusSchema, itemStatusSchema, taskStatusSchema } from "./growth";
import { learningSchema, playbookSchema } from "./playbook";
import { agentTypeSchema, decisionsSchema, projectStatusSchema, runStatusSchema } from "./project";

export const exportFormats = ["json", "docx", "pdf", "xlsx", "zip"] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** The media type of each export format. */
export const exportMediaTypes = {
  json: "application/json",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  pdf: "application/pdf",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  zip: "application/zip",
} as const satisfies Record<ExportFormat, string>;

export const launchPackSchema = z
  .object({
    format: z.literal("launchloop.launch-pack"),
    version: z.literal(1),
    generatedAt: timestamp,
    project: z.object({
      id: uuid,
      name: z.string(),
      status: projectStatusSchema,
      language: z.string().describe("What the pack is written in (BCP 47); its headings are too"),
    }),
    brand: z.object({ name: z.string(), tagline: z.string().nullable() }),
    decisions: decisionsSchema,
    playbook: playbookSchema,
    sections: z.array(
      z.object({
        step: agentTypeSchema,
        title: z.string(),
        items: z.array(
          z.object({
            id: uuid,
            kind: z.string(),
            title: z.string(),
            body: z.string().describe("Markdown"),
            source: z.string(),
            editedByFounder: z.boolean(),
          }),
        ),
      }),
    ),
  })
  .meta({
    id: "LaunchPack",
    description: "The launch pack as JSON: project, decisions, playbook and the approved content by step",
  });

const nullableTimestamp = timestamp.nullable();
/** A stored JSON document (onboarding answers, a run's output, a week's plan), exported as it is stored. */
const storedJson = z.unknown().describe("As stored");

/**
 * `GET /api/v1/account/export`: everything the account owns, as the file it downloads. Never
 * a secret, a hash or another account's data. Growth items and tasks carry every stored
 * member but the account and project ids, so more members than these may appear.
 */
export const accountExportSchema = z
  .object({
    format: z.literal("launchloop.account-export"),
    version: z.literal(1),
    exportedAt: timestamp,
    account: z.object({
      id: uuid,
      email: z.string(),
      plan: planSchema,
      activated: z.boolean(),
      emailConfirmedAt: nullableTimestamp,
      createdAt: timestamp,
    }),
    apiKeys: z.array(
      z.object({
        id: uuid,
        name: z.string(),
        prefix: z.string(),
        createdAt: timestamp,
        lastUsedAt: nullableTimestamp,
        revokedAt: nullableTimestamp,
      }),
    ),
    billing: z
      .object({
        provider: z.enum(["stripe", "local"]),
        plan: z.string(),
        status: z.string(),
        currentPeriodEnd: nullableTimestamp,
        cancelAtPeriodEnd: z.boolean(),
      })
      .nullable(),
    projects: z.array(
      z.object({
        id: uuid,
        name: z.string(),
        status: projectStatusSchema,
        onboarding: storedJson,
        decisions: storedJson,
        learnings: z.array(learningSchema),
        createdAt: timestamp,
        runs: z.array(
          z.object({
            id: uuid,
            agentType: z.string().describe("Pipeline step"),
            status: runStatusSchema,
            feedback: z.string().nullable(),
            output: storedJson,
            error: z.string().nullable(),
            model: z.string().nullable(),
            inputTokens: z.number().int().nullable(),
            outputTokens: z.number().int().nullable(),
            startedAt: timestamp,
            completedAt: nullableTimestamp,
            reviewedAt: nullableTimestamp,
          }),
        ),
        content: z.array(
          z.object({
            id: uuid,
            runId: uuid,
            agentType: z.string().describe("Pipeline step"),
            kind: z.string(),
            title: z.string(),
            body: z.string().describe("Markdown"),
            source: z.string(),
            editedByFounderAt: nullableTimestamp,
          }),
        ),
        cycles: z.array(
          z.object({
            id: uuid,
            weekNumber: z.number().int(),
            status: cycleStatusSchema,
            weekStart: z.string().describe("The week's Monday, YYYY-MM-DD"),
            plan: storedJson,
            retro: storedJson,
            items: z.array(
              z.looseObject({
                id: uuid,
                cycleId: uuid,
                channel: z.string(),
                title: z.string(),
                status: itemStatusSchema,
                createdAt: timestamp,
                updatedAt: timestamp,
              }),
            ),
            tasks: z.array(
              z.looseObject({
                id: uuid,
                cycleId: uuid,
                title: z.string(),
                status: taskStatusSchema,
                createdAt: timestamp,
                updatedAt: timestamp,
              }),
            ),
          }),
        ),
      }),
    ),
  })
  .meta({
    id: "AccountExport",
    description:
      "Everything the account owns (`launchloop.account-export`, version 1): never a secret, a hash or another account's data",
  });
