/**
 * Whether a link is the https address of a post: what "I posted it" asks for. One rule for the
 * API (the confirmation's `url`) and the dashboard's forms, which check it at the field first.
 * No zod here: the forms run it in the browser.
 */
export const isPostLink = (value: string) => {
  try {
    const url = new URL(value.trim());
    return url.protocol === "https:" && url.hostname.includes(".");
  } catch {
    return false;
  }
};

/** What a form says at the field when the link is missing or not a post's address. */
export const postLinkHint = "Paste the post's link as it shows in your browser, starting with https://";
