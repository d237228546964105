import { randomUUID } from "node:crypto";
import { after } from "next/server";
import { config } from "@/lib/config";
import { getDatabase } from "@/lib/db";
import { clientIpOf } from "@/lib/http/client-ip";
import { recordClick } from "@/lib/links/click-recorder";
import { isLinkCode } from "@/lib/links/code";
import { findLinkCard } from "@/lib/links/link-card";
import { findRedirectTarget } from "@/lib/links/lookup";
import { targetUrl } from "@/lib/links/target-url";
import { unfurlPage } from "@/lib/links/unfurl-page";
import { classifyRequest, countryOf, referrerHost, visitorHash } from "@/lib/links/visitor";
import { appSecret } from "@/lib/security/secret";

export const dynamic = "force-dynamic";

/** Keeps a serverless instance up until the click is written; outside a Next.js request (tests) the write simply runs on. */
function waitUntil(work: Promise<unknown>) {
  try {
    after(work);
  } catch {
    // not inside a request
  }
}

const headers = { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer" };

const notFound = () =>
  new Response(
    '<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Link not found</title><body style="font:16px system-ui;margin:15vh auto;max-width:32rem;padding:0 1rem"><h1>This link does not exist</h1><p>Check the address, or ask whoever shared it for a new one.</p></body></html>',
    { status: 404, headers: { ...headers, "Content-Type": "text/html; charset=utf-8" } },
  );

/**
 * A tracked link: the answer first (one cached lookup, a 302 to the destination with its
 * UTM parameters and a click id), the click recorded after it (`after`, batched). Bots,
 * unfurlers and prefetches are recorded as such and never counted; no session is read.
 * An unfurler (a network drawing the post's preview) is shown the project's brand card
 * when it has one, with the destination as the page's address.
 */
export async function GET(request: Request, { params }: { params: Promise<{ code: string }> }) {
  const { code } = await params;
  if (!isLinkCode(code)) return notFound();
  const db = await getDatabase();
  const link = await findRedirectTarget(db, code);
  if (!link) return notFound();
  const now = new Date();
  const kind = classifyRequest(request.headers);
  const id = randomUUID();
  const location = targetUrl(link.destination, link.utm, kind === "counted" && config().links.clickId ? id : undefined);
  const userAgent = request.headers.get("user-agent") ?? "";
  waitUntil(
    recordClick(db, {
      id,
      linkId: link.id,
      accountId: link.accountId,
      projectId: link.projectId,
      at: now,
      visitor: visitorHash(appSecret(), now, clientIpOf(request.headers), userAgent),
      kind,
      country: countryOf(request.headers),
      referrerHost: referrerHost(request.headers),
    }),
  );
  const card = kind === "bot" ? await findLinkCard(db, link) : null;
  if (card)
    return new Response(
      unfurlPage({
        title: card.name,
        description: card.headline,
        image: `${config().appUrl}/r/${code}/card.png`,
        imageAlt: card.alt,
        width: card.width,
        height: card.height,
        destination: location,
      }),
      { status: 200, headers: { ...headers, "Content-Type": "text/html; charset=utf-8" } },
    );
  return new Response(null, { status: 302, headers: { ...headers, Location: location } });
}

/** A HEAD (a link checker) is answered like a GET and never recorded. */
export async function HEAD(_request: Request, { params }: { params: Promise<{ code: string }> }) {
  const { code } = await params;
  const link = isLinkCode(code) ? await findRedirectTarget(await getDatabase(), code) : null;
  if (!link) return new Response(null, { status: 404, headers });
  return new Response(null, { status: 302, headers: { ...headers, Location: targetUrl(link.destination, link.utm) } });
}
