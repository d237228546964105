import { runOperation } from "@/lib/actions/run-operation";
import { resultsCsv } from "@/lib/links/results-csv";
import { getResults } from "@/lib/operations/links";
import { sessionFileResponse } from "../../session-response";

export const dynamic = "force-dynamic";

/** The results page's "Download CSV": the same operation as the API, grouped as the page asks. */
export async function GET(request: Request, { params }: { params: Promise<{ projectId: string }> }) {
  const { projectId } = await params;
  const search = new URL(request.url).searchParams;
  const query = Object.fromEntries([...search].filter(([name]) => ["from", "to", "groupBy"].includes(name)));
  const result = await runOperation(getResults, { params: { id: projectId }, query });
  if (!result.ok) return sessionFileResponse(result);
  const { results } = result.data;
  return new Response(resultsCsv(results), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="results-${results.groupBy}-${results.from}-to-${results.to}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
