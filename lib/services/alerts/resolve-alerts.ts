import "server-only";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { describeError } from "@/lib/db/errors";
import { alerts } from "@/lib/db/schema";
import type { AlertKind } from "@/lib/schemas/alerts";

/**
 * What an alert told of was fixed (the connection reconnected, the week approved, the post out):
 * its open alerts of that kind about those subjects are resolved, so the notice goes and an
 * e-mail not yet sent leaves them out. Called by the service that made the fix, after its
 * write (never inside its transaction). Never throws: the fix stands even if this fails.
 */
export async function resolveAlerts(
  db: Database,
  { accountId, kind, subjectIds, now }: { accountId: string; kind: AlertKind; subjectIds: string[]; now: Date },
): Promise<void> {
  try {
    await db
      .update(alerts)
      .set({ resolvedAt: now })
      .where(
        and(
          eq(alerts.accountId, accountId),
          eq(alerts.kind, kind),
          inArray(alerts.subjectId, subjectIds),
          isNull(alerts.dismissedAt),
          isNull(alerts.resolvedAt),
        ),
      );
  } catch (error) {
    console.error(`[alerts] resolving ${kind} alerts failed:`, describeError(error));
  }
}
