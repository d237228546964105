import "server-only";
import type { z } from "zod";
import type { ServiceContext } from "@/lib/core/context";
import { growthTasks } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import type { taskUpdateRequest } from "@/lib/schemas/growth";
import { ownedRow } from "../tenant";
import { serializeTask } from "./serialize";

/** Ticks off (or reopens) a founder task: one statement, the account in its condition. */
export async function updateTask(ctx: ServiceContext, input: { taskId: string } & z.infer<typeof taskUpdateRequest>) {
  const [updated] = await ctx.db
    .update(growthTasks)
    .set({ status: input.status, updatedAt: ctx.now })
    .where(ownedRow(growthTasks, ctx.account.id, input.taskId))
    .returning();
  if (!updated) throw new AppError("not_found", "Task not found.");
  return { task: serializeTask(updated) };
}
