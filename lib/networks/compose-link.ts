import type { ComposePage } from "./provider";

/**
 * The longest prefilled link offered: the pack's "Open in …" is a redirect, and a proxy in
 * front of the app refuses a response whose headers outgrow its buffer (nginx's default is
 * 4 KB); web servers refuse request lines past about 8 KB (414).
 */
export const maxPrefilledLinkLength = 3500;

/** `page` with `prefill` in its query or, when that link is too long, with only what `keep` names. */
export function prefilledOrKept(
  page: string,
  prefill: Record<string, string>,
  keep: Record<string, string> = {},
): { href: string; prefilled: boolean } {
  const prefilled = `${page}?${new URLSearchParams(prefill)}`;
  if (prefilled.length <= maxPrefilledLinkLength) return { href: prefilled, prefilled: true };
  const kept = new URLSearchParams(keep).toString();
  return { href: kept ? `${page}?${kept}` : page, prefilled: false };
}

/** The network's compose page with the post in its query, or with only `keep` when that link is too long. */
export const composeLink = (page: ComposePage, post: string) =>
  prefilledOrKept(page.page, { ...page.keep, [page.textParam]: post }, page.keep);
