import { runOperation } from "@/lib/actions/run-operation";
import { downloadAllContent, downloadContent, exportLaunchPack } from "@/lib/operations/content";
import { sessionFileResponse } from "../session-response";

export const dynamic = "force-dynamic";

/**
 * The launch pack's files for the signed-in founder, through the same operations as
 * the API: `?item=<id>` (one item), `?all=1` (every item), `?format=json|docx|pdf|xlsx`
 * (the export). Plan gates answer the same 402 body, which the page shows as a card.
 */
export async function GET(request: Request, { params }: { params: Promise<{ projectId: string }> }) {
  const { projectId } = await params;
  const search = new URL(request.url).searchParams;
  const item = search.get("item");
  if (item !== null) return sessionFileResponse(await runOperation(downloadContent, { params: { itemId: item } }));
  if (search.get("all") !== null)
    return sessionFileResponse(await runOperation(downloadAllContent, { params: { id: projectId } }));
  return sessionFileResponse(
    await runOperation(exportLaunchPack, { query: { projectId, format: search.get("format") ?? "json" } }),
  );
}
