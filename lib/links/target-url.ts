import type { LinkUtm } from "@/lib/schemas/links";

export const clickParam = "ll_click";

/**
 * Where a tracked link sends a reader: the founder's address with the UTM parameters it
 * does not already have (the founder's own win), and the click id when there is one.
 */
export function targetUrl(destination: string, utm: LinkUtm, clickId?: string): string {
  const url = new URL(destination);
  for (const [name, value] of Object.entries(utm)) {
    if (value && !url.searchParams.has(`utm_${name}`)) url.searchParams.set(`utm_${name}`, value);
  }
  if (clickId) url.searchParams.set(clickParam, clickId);
  return url.toString();
}
