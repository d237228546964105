import { getDatabase } from "@/lib/db";
import { readSignedMedia } from "@/lib/services/item-images/signed-media";

export const dynamic = "force-dynamic";

const denied = () =>
  Response.json(
    { error: "This link is invalid or has expired.", code: "not_found", retryable: false },
    { status: 404, headers: { "Cache-Control": "no-store" } },
  );

/**
 * A post's image at a signed, expiring address, for a network that fetches images itself
 * (Threads): no session, one image, never a listing; anything else is the same 404.
 */
export async function GET(request: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  const db = await getDatabase();
  const media = await readSignedMedia(db, { file, query: new URL(request.url).searchParams, now: new Date() });
  if (!media) return denied();
  return new Response(Buffer.from(media.bytes), {
    headers: {
      "Content-Type": media.contentType,
      "Content-Length": String(media.bytes.length),
      "Cache-Control": "private, max-age=300",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'",
    },
  });
}
