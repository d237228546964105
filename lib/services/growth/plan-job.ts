import "server-only";
import { eq } from "drizzle-orm";
import type { ServiceContext } from "@/lib/core/context";
import type { Database } from "@/lib/db";
import { growthCycles } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { abandonedRequestJobHandler, type RequestJobHandle, type RequestWork, runInRequest } from "@/lib/jobs/request";
import type { JobRecord } from "@/lib/jobs/store";
import { releaseDailyRun } from "@/lib/limits";
import { alertingFailure } from "../alerts/triggers";
import { ownedRows } from "../tenant";
import { cycleWithContents, getOwnedCycle } from "./load";

type Planned = Awaited<ReturnType<typeof cycleWithContents>>;

/** What a plan job remembers once its run is counted, so a request that dies gives the run back. */
export interface CountedPlan {
  countedDay: string;
  weekNumber: number;
}

/**
 * Gives back the run a dead plan request counted, unless its week was saved after all
 * (the request died between saving and settling).
 */
async function releaseCountedRun(job: JobRecord, db: Database) {
  const { countedDay, weekNumber } = job.payload as Partial<CountedPlan>;
  if (!countedDay || !weekNumber) return;
  const [saved] = await db
    .select({ id: growthCycles.id })
    .from(growthCycles)
    .where(
      ownedRows(growthCycles, job.accountId, eq(growthCycles.projectId, job.projectId), eq(growthCycles.weekNumber, weekNumber)),
    );
  if (!saved) await releaseDailyRun(db, { accountId: job.accountId, projectId: job.projectId, day: countedDay });
}

/**
 * Plans a week as a job run in the request (lib/jobs/request): its progress shows in the
 * project's event stream, and a second "Plan my week" of the same project while one runs
 * joins it and answers with the same cycle, instead of calling the planner again.
 */
export async function planAsJob<Gate>(
  ctx: ServiceContext,
  {
    projectId,
    gate,
    work,
  }: {
    projectId: string;
    gate: RequestWork<Planned, Gate>["gate"];
    work: (job: RequestJobHandle, gate: Gate) => Promise<Planned>;
  },
): Promise<Planned> {
  return runInRequest({
    db: ctx.db,
    accountId: ctx.account.id,
    onProgress: ctx.progress,
    onAccepted: (id) => ctx.accepted?.({ kind: "job", id }),
    gate,
    kind: "plan",
    projectId,
    subjectId: projectId,
    saved: (planned) => ({ cycleId: planned.cycle.id }),
    reread: async (payload) => {
      const { cycle } = await getOwnedCycle(ctx.db, { accountId: ctx.account.id, cycleId: String(payload.cycleId) });
      return cycleWithContents(ctx.db, cycle);
    },
    release: releaseCountedRun,
    busy: () =>
      new AppError(
        "cycle_open",
        "A plan of this project is still being written; it will show in the project's cycles when done.",
      ),
    work: alertingFailure(ctx, { projectId, label: "Planning the next week", work }),
  });
}

/** A plan job found by the ticker is one whose request died (its lease ran out): its run is given back, it is settled as failed. */
export const planJobHandler = abandonedRequestJobHandler(releaseCountedRun);
