import { z } from "zod";
import { timestamp, uuid } from "./common";
import { playbookSchema } from "./playbook";
import { agentTypeSchema, decisionsSchema, projectStatusSchema } from "./project";

export const exportFormats = ["json", "docx", "pdf", "xlsx"] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** The media type of each export format. */
export const exportMediaTypes = {
  json: "application/json",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  pdf: "application/pdf",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
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
