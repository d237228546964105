import { queryCount } from "@/lib/db/query-count";

// Benchmark only: the number of database statements this process has sent, when
// LAUNCHLOOP_BENCH=1 and LAUNCHLOOP_COUNT_QUERIES=1; otherwise a 404 like any unknown path.
export const dynamic = "force-dynamic";

export async function GET() {
  if (process.env.LAUNCHLOOP_BENCH !== "1")
    return Response.json({ error: "Not found.", code: "not_found", retryable: false }, { status: 404 });
  return Response.json({ queries: queryCount() });
}
