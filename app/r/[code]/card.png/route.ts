import { getDatabase } from "@/lib/db";
import { isLinkCode } from "@/lib/links/code";
import { findLinkCard } from "@/lib/links/link-card";
import { findRedirectTarget } from "@/lib/links/lookup";
import { storage } from "@/lib/storage";

export const dynamic = "force-dynamic";

const missing = () => new Response(null, { status: 404, headers: { "Cache-Control": "no-store" } });

/** The project's brand card, the preview image of its tracked links: public like the link itself. */
export async function GET(_request: Request, { params }: { params: Promise<{ code: string }> }) {
  const { code } = await params;
  if (!isLinkCode(code)) return missing();
  const db = await getDatabase();
  const link = await findRedirectTarget(db, code);
  const card = link ? await findLinkCard(db, link) : null;
  const stored = card ? await storage().get(card.storageKey) : null;
  if (!stored) return missing();
  return new Response(Buffer.from(stored.body), {
    status: 200,
    headers: {
      "Content-Type": "image/png",
      "Cache-Control": "public, max-age=3600",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
