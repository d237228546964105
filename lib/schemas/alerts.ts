import { z } from "zod";

import { type AlertKind, alertKinds } from "./alert-kinds";

export { type AlertKind, alertKinds };

/** What an alert is about, so the dashboard can link to where it is fixed. */
/** A week that started with no plan at all is about its project (there is no cycle to name). */
export const alertSubjects = ["item", "connection", "run", "job", "cycle", "project"] as const;
export type AlertSubject = (typeof alertSubjects)[number];

export const alertSchema = z.object({
  id: z.uuid(),
  kind: z.enum(alertKinds),
  projectId: z.uuid().nullable(),
  subject: z.object({ type: z.enum(alertSubjects), id: z.uuid() }),
  message: z.string().describe("What happened, in plain words"),
  fixAt: z.string().describe("The dashboard path where it is fixed (reconnect, open the item)"),
  createdAt: z.string(),
  emailedAt: z.string().nullable(),
});

export const alertListResponse = z.object({ alerts: z.array(alertSchema) });
export const alertParams = z.strictObject({ alertId: z.uuid() });
export const alertResponse = z.object({ alert: alertSchema });

const kindSwitches = z.strictObject(
  Object.fromEntries(alertKinds.map((kind) => [kind, z.boolean().optional()])) as Record<AlertKind, z.ZodOptional<z.ZodBoolean>>,
);

/** The kinds to change; an empty body changes nothing and answers the preferences as they are. */
export const alertPreferencesRequest = kindSwitches;

export const alertPreferencesResponse = z.object({
  preferences: z
    .object(Object.fromEntries(alertKinds.map((kind) => [kind, z.boolean()])) as Record<AlertKind, z.ZodBoolean>)
    .describe("Each kind on (true: e-mail and dashboard notice) or off (false: neither)"),
});

export const alertListQuery = z.strictObject({
  projectId: z.uuid().optional().describe("Only this project's alerts"),
});
