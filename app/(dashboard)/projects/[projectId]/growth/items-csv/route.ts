import { runOperation } from "@/lib/actions/run-operation";
import { exportWeekItems } from "@/lib/operations/item-csv";
import { sessionFileResponse } from "../../session-response";

export const dynamic = "force-dynamic";

/** The week board's "Download as CSV": the same operation as the API, for the week named by `?cycle=`. */
export async function GET(request: Request) {
  const cycleId = new URL(request.url).searchParams.get("cycle") ?? "";
  return sessionFileResponse(await runOperation(exportWeekItems, { params: { cycleId } }));
}
