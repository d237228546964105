import { config } from "@/lib/config";
import { getDatabase } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { errorResponse, newResponseHeaders } from "@/lib/http/responses";
import { jobRunPath, verifyQStashCall } from "@/lib/jobs/engine";
import { runDueJobs } from "@/lib/jobs/run";
import "@/lib/services/job-handlers";

export const dynamic = "force-dynamic";
export const maxDuration = 300;

/** QStash's signed callback when a job is due: runs due jobs. An unsigned or wrongly signed call changes nothing. */
export async function POST(request: Request) {
  const body = await request.text();
  const signed = await verifyQStashCall({
    signature: request.headers.get("upstash-signature"),
    body,
    url: `${config().appUrl}${jobRunPath}`,
  });
  if (!signed)
    return errorResponse(
      new AppError("invalid_signature", "This route only answers QStash's signed calls."),
      newResponseHeaders(),
    );
  const report = await runDueJobs(await getDatabase());
  return Response.json(report);
}
