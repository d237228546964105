import "server-only";
import { and, eq } from "drizzle-orm";
import type { ServiceContext } from "@/lib/core/context";
import type { Database } from "@/lib/db";
import { type agentRuns, type growthItems, projects } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { LeaseLost } from "@/lib/jobs/outcome";
import { providerFor } from "@/lib/networks/registry";
import { type ConnectionRecord, serializeConnection } from "../connections/serialize";
import { serializeItem } from "../growth/serialize";
import { serializeRun } from "../serialize-run";
import { emitWebhookEvent } from "../webhooks/emit";
import { recordAlert } from "./record-alert";
import { resolveAlerts } from "./resolve-alerts";

// What each place that notices a problem calls, in one line: it raises the account's webhook
// event and, where the founder should hear of it, the alert. The rule for what is alerted:
// work that runs on its own (a scheduled post, a metric pull) and work an API key or an MCP
// client started (an automation the founder is not watching) are alerted; work the founder
// started in the dashboard (a browser session) shows its outcome in the page and is not.

/** Whether the caller is the founder in the dashboard, who sees the outcome in the page. */
export const inThePage = (ctx: Pick<ServiceContext, "principal">) => ctx.principal.kind === "session";

async function projectName(db: Database, accountId: string, projectId: string) {
  const [project] = await db
    .select({ name: projects.name })
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.accountId, accountId)));
  return project?.name ?? "your project";
}

type ItemRow = typeof growthItems.$inferSelect;
type RunRow = typeof agentRuns.$inferSelect;

/**
 * A connection the network refused (never the founder's own disconnect, which deletes it):
 * `connection.disconnected` to the account's webhooks, and an alert unless the founder
 * watched it happen in the page.
 */
export async function raiseDisconnected(
  db: Database,
  { connection, now, alert }: { connection: ConnectionRecord; now: Date; alert: boolean },
) {
  if (alert) {
    const label = providerFor(connection.network).label;
    const name = await projectName(db, connection.accountId, connection.projectId);
    await recordAlert(db, {
      accountId: connection.accountId,
      projectId: connection.projectId,
      kind: "connection_disconnected",
      subject: { type: "connection", id: connection.id },
      message: `${label} disconnected ${connection.handle ? `${connection.handle}` : "your account"} (${name}): reconnect it so scheduled posts go out.`,
      now,
    });
  }
  await emitWebhookEvent(db, { type: "connection.disconnected", of: connection, data: serializeConnection(connection), now });
}

/**
 * A scheduled post that failed for good (after its retries): `item.failed` to the webhooks, and
 * an alert unless the founder was posting it by hand.
 */
export async function raisePostFailed(
  db: Database,
  { item, reason, now, alert }: { item: ItemRow; reason: string; now: Date; alert: boolean },
) {
  if (alert) {
    const name = await projectName(db, item.accountId, item.projectId);
    await recordAlert(db, {
      accountId: item.accountId,
      projectId: item.projectId,
      kind: "post_failed",
      subject: { type: "item", id: item.id },
      message: `"${item.title}" did not go out on ${item.channel} (${name}): ${reason}`,
      now,
    });
  }
  await emitWebhookEvent(db, { type: "item.failed", of: item, data: serializeItem(item), now });
}

/**
 * A pipeline run settled as failed, by the process that ran it or because that process died
 * (called once, by whichever conditional update settled it): `run.failed` to the webhooks, and
 * an alert unless the founder started it in the page and saw it fail there.
 */
export async function raiseRunFailed(db: Database, { run, now, alert }: { run: RunRow; now: Date; alert: boolean }) {
  if (alert) {
    const name = await projectName(db, run.accountId, run.projectId);
    await recordAlert(db, {
      accountId: run.accountId,
      projectId: run.projectId,
      kind: "run_failed",
      subject: { type: "run", id: run.id },
      message: `The ${run.agentType} step of ${name} failed: ${run.error ?? "start it again."}`,
      now,
    });
  }
  await emitWebhookEvent(db, { type: "run.failed", of: run, data: serializeRun(run), now });
}

/**
 * A request job's work (a week's plan, a draft) that alerts its failure when no one watches it
 * in the page; the failure is still the caller's answer.
 */
export function alertingFailure<Handle extends { id: string }, Gate, Result>(
  ctx: ServiceContext,
  what: { projectId: string; label: string; work: (job: Handle, gate: Gate) => Promise<Result> },
): (job: Handle, gate: Gate) => Promise<Result> {
  const { work } = what;
  if (inThePage(ctx)) return work;
  return async (job, gate) => {
    try {
      return await work(job, gate);
    } catch (error) {
      if (!(error instanceof LeaseLost)) {
        const reason = error instanceof AppError ? error.message : "it failed on our side; start it again.";
        const name = await projectName(ctx.db, ctx.account.id, what.projectId);
        await recordAlert(ctx.db, {
          accountId: ctx.account.id,
          projectId: what.projectId,
          kind: "run_failed",
          subject: { type: "job", id: job.id },
          message: `${what.label} (${name}) failed: ${reason}`,
          now: new Date(),
        });
      }
      throw error;
    }
  };
}

/**
 * An item went out (posted by its job, a retry, or confirmed by the founder): `item.published`
 * to the webhooks, and the post's failure notice, if it has one, is resolved.
 */
export async function raiseItemPublished(db: Database, { item, now }: { item: ItemRow; now: Date }) {
  await emitWebhookEvent(db, { type: "item.published", of: item, data: serializeItem(item), now });
  await resolveAlerts(db, { accountId: item.accountId, kind: "post_failed", subjectIds: [item.id], now });
}
