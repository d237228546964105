import { z } from "zod";
import type { FieldDescriptor } from "./provider";

/** A subreddit's name as Reddit spells it (3–21 letters, digits or underscores), with or without `r/`. */
const subredditName = z
  .string()
  .trim()
  .transform((value) => value.replace(/^\/?r\//i, ""))
  .pipe(z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_]{2,20}$/, "a subreddit's name, e.g. SideProject"));

/**
 * What the founder picks for a Reddit post, per item: where (the subreddit), its title (the
 * draft's title when left out), a text or a link post, and the flair where the subreddit asks
 * for one (one of the subreddit's link flairs, named by its text or its template id).
 */
export const redditOptionsSchema = z
  .strictObject({
    subreddit: subredditName.describe("The subreddit, e.g. SideProject (without r/)"),
    title: z.string().trim().min(1).max(300).optional().describe("The post's title; the draft's title when left out"),
    kind: z.enum(["self", "link"]).default("self").describe("`self`: a text post (the draft); `link`: a link post (`url`)"),
    url: z
      .string()
      .trim()
      .max(2000)
      .url()
      .regex(/^https?:\/\//, "an http(s) link")
      .optional()
      .describe("The link of a link post"),
    flair: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .optional()
      .describe(
        "One of the subreddit's post flairs, by its text (e.g. Marketing) or its id; required where the subreddit asks for one",
      ),
  })
  .superRefine((value, ctx) => {
    if (value.kind === "link" && !value.url)
      ctx.addIssue({ code: "custom", path: ["url"], message: "a link post needs its url" });
    if (value.kind === "self" && value.url)
      ctx.addIssue({ code: "custom", path: ["url"], message: "a url goes only with a link post" });
  });

export type RedditOptions = z.infer<typeof redditOptionsSchema>;

export const redditOptionFields: FieldDescriptor[] = [
  { name: "subreddit", label: "Subreddit", kind: "text", placeholder: "SideProject", help: "Read its rules first." },
  { name: "title", label: "Title", kind: "text", optional: true, help: "Up to 300 characters; the draft's title if left empty." },
  {
    name: "kind",
    label: "Post type",
    kind: "select",
    choices: [
      { value: "self", label: "Text post" },
      { value: "link", label: "Link post" },
    ],
  },
  { name: "url", label: "Link", kind: "url", optional: true, help: "Only for a link post." },
  {
    name: "flair",
    label: "Flair",
    kind: "text",
    optional: true,
    placeholder: "Marketing",
    help: "One of the subreddit's post flairs, as it shows them; required where the subreddit asks for one (a post without it fails naming them).",
  },
];
