import { runOperation } from "@/lib/actions/run-operation";
import { streamProjectEvents } from "@/lib/operations/events";
import { sessionFileResponse } from "../session-response";

export const dynamic = "force-dynamic";
export const maxDuration = 300;

/**
 * The browser's door to GET /api/v1/projects/{id}/events: the same operation run with the
 * session cookie instead of a bearer key (EventSource cannot send headers).
 */
export async function GET(_request: Request, { params }: { params: Promise<{ projectId: string }> }) {
  const { projectId } = await params;
  return sessionFileResponse(await runOperation(streamProjectEvents, { params: { id: projectId } }));
}
