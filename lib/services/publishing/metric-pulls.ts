import "server-only";
import type { Database } from "@/lib/db";
import { announceJob } from "@/lib/jobs/engine";
import { enqueueJob } from "@/lib/jobs/store";
import type { ItemRecord } from "../growth/serialize";

/** When the numbers are pulled after publishing. */
export const metricsPulls = [
  { label: "1h", afterMs: 3_600_000 },
  { label: "24h", afterMs: 86_400_000 },
  { label: "7d", afterMs: 7 * 86_400_000 },
] as const;

/** Records the item's metric pulls (about 1 h, 24 h and 7 d after it went out). */
export async function scheduleMetricPulls(
  db: Database,
  { item, now }: { item: Pick<ItemRecord, "id" | "accountId" | "projectId">; now: Date },
) {
  for (const pull of metricsPulls) {
    const metricsJob = await enqueueJob(db, {
      accountId: item.accountId,
      projectId: item.projectId,
      kind: "metrics",
      subjectId: item.id,
      dedupeKey: `metrics:${item.id}:${pull.label}`,
      runAt: new Date(now.getTime() + pull.afterMs),
      maxAttempts: 3,
      payload: { pull: pull.label },
    });
    await announceJob(metricsJob);
  }
}
