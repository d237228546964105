import { config } from "@/lib/config";
import { getDatabase } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { errorResponse, newResponseHeaders } from "@/lib/http/responses";
import { runDueJobs } from "@/lib/jobs/run";
import { sameSecret } from "@/lib/security/hashing";
import "@/lib/services/job-handlers";

export const dynamic = "force-dynamic";
export const maxDuration = 300;

/** Vercel Cron's sweeper (`Authorization: Bearer $CRON_SECRET`): runs anything due that QStash's call missed. */
export async function GET(request: Request) {
  const secret = config().jobs.cronSecret;
  const given = /^Bearer (.+)$/i.exec(request.headers.get("authorization") ?? "")?.[1];
  if (!secret || given === undefined || !sameSecret(given, secret))
    return errorResponse(
      new AppError("unauthorized", "The sweeper answers Vercel Cron only (CRON_SECRET)."),
      newResponseHeaders(),
    );
  const db = await getDatabase();
  const reports = [];
  for (let batch = 0; batch < 10; batch++) {
    const report = await runDueJobs(db, { limit: 50 });
    reports.push(report);
    if (report.claimed < 50) break;
  }
  return Response.json({ batches: reports });
}
