import { shareLinkFor } from "@/components/growth/share-links";
import { channelOfKind } from "@/components/project/post-measures";
import { runOperation } from "@/lib/actions/run-operation";
import { downloadAllContent, downloadContent, exportLaunchPack, getContentItem } from "@/lib/operations/content";
import { sessionFileResponse } from "../session-response";

export const dynamic = "force-dynamic";

/**
 * The launch pack's files for the signed-in founder, through the same operations as
 * the API: `?item=<id>` (one item), `?all=1` (every item), `?format=json|docx|pdf|xlsx`
 * (the export). Plan gates answer the same 402 body, which the page shows as a card.
 * `?open=<id>` sends a post on to its network's compose page, prefilled: the pack's "Open in …"
 * links here, so the page does not carry each post a second time inside a link.
 */
export async function GET(request: Request, { params }: { params: Promise<{ projectId: string }> }) {
  const { projectId } = await params;
  const search = new URL(request.url).searchParams;
  const open = search.get("open");
  if (open !== null) return composePage(open);
  const item = search.get("item");
  if (item !== null) return sessionFileResponse(await runOperation(downloadContent, { params: { itemId: item } }));
  if (search.get("all") !== null)
    return sessionFileResponse(await runOperation(downloadAllContent, { params: { id: projectId } }));
  return sessionFileResponse(
    await runOperation(exportLaunchPack, { query: { projectId, format: search.get("format") ?? "json" } }),
  );
}

async function composePage(itemId: string): Promise<Response> {
  const result = await runOperation(getContentItem, { params: { itemId } });
  if (!result.ok) return sessionFileResponse(result);
  const { item } = result.data;
  const channel = channelOfKind(item.kind);
  const link = channel ? shareLinkFor(channel, item.body, null) : null;
  if (!link)
    return sessionFileResponse({
      ok: false,
      error: { error: "This part has no compose page.", code: "not_found", retryable: false },
    });
  return new Response(null, {
    status: 303,
    headers: { Location: link.href, "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" },
  });
}
