import { createHmac } from "node:crypto";
import { isbot } from "isbot";
import type { ClickKind } from "@/lib/schemas/links";

/**
 * Who clicked, without keeping who: a hash of address and user agent under a salt derived
 * from the server secret and the UTC day, so the same visitor is the same hash for a day and
 * no stored value leads back to an address.
 */
export function visitorHash(secret: string, at: Date, address: string, userAgent: string): string {
  const salt = createHmac("sha256", secret)
    .update(`visitor-salt:${at.toISOString().slice(0, 10)}`)
    .digest();
  return createHmac("sha256", salt).update(`${address}\n${userAgent}`).digest("base64url").slice(0, 32);
}

/** Headers that say a request is a browser's prefetch, not a reader's click. */
function isPrefetch(headers: Headers): boolean {
  const purpose = `${headers.get("sec-purpose") ?? ""} ${headers.get("purpose") ?? ""} ${headers.get("x-purpose") ?? ""}`;
  return /prefetch|preview|prerender/i.test(purpose) || headers.get("x-moz") === "prefetch";
}

/**
 * What a request of a tracked link is before its visitor is compared with the last hour's:
 * a bot or link unfurler (the `isbot` list: Slackbot, Twitterbot, facebookexternalhit,
 * Discordbot, Bluesky's Cardyb, Mastodon…), a prefetch, or a candidate for a counted click.
 */
export function classifyRequest(headers: Headers): Exclude<ClickKind, "repeat"> {
  const userAgent = headers.get("user-agent") ?? "";
  if (!userAgent || isbot(userAgent)) return "bot";
  if (isPrefetch(headers)) return "prefetch";
  return "counted";
}

/** The referring site's host, never its path (which can carry someone's private address). */
export function referrerHost(headers: Headers): string | null {
  const referrer = headers.get("referer");
  if (!referrer) return null;
  try {
    const host = new URL(referrer).hostname;
    return host ? host.slice(0, 200) : null;
  } catch {
    return null;
  }
}

/** The country the platform says the request came from (Vercel's header), when it says one. */
export function countryOf(headers: Headers): string | null {
  const country = headers.get("x-vercel-ip-country") ?? headers.get("cf-ipcountry");
  return country && /^[A-Z]{2}$/.test(country) ? country : null;
}
