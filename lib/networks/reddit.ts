import "server-only";
import { channelRules } from "@/lib/channels/rules";
import type { PostMetrics, PublishedPart } from "@/lib/schemas/publishing";
import { NetworkError } from "./errors";
import { withAccessToken } from "./oauth2";
import type { ConnectedAccount, NetworkProvider, PublishRequest } from "./provider";
import {
  checkReddit,
  exchangeRedditCode,
  redditAuthorizeUrl,
  redditCall,
  redditClient,
  redditClientOrFail,
  redditIdentity,
  refreshRedditToken,
  revokeRedditToken,
  submitRefusal,
} from "./reddit-api";
import { type RedditOptions, redditOptionFields, redditOptionsSchema } from "./reddit-options";

/**
 * Reddit: one submission per item (`POST /api/submit`) to the subreddit the founder picked,
 * a text (self) or link post with the flair the subreddit asks for. Reddit takes no
 * idempotency key; a submission is found again among the account's recent submissions (same
 * subreddit, same title). An answer lost after sending is looked up there at once; Reddit's
 * listings can lag, so one not found is `unconfirmed` (the founder checks), never resubmitted.
 */

const label = "Reddit";
const day = 86_400_000;

const usernameOf = (account: ConnectedAccount) => (account.handle ?? "").replace(/^\/?u\//, "");

const token = <T>(account: ConnectedAccount, now: Date, work: (accessToken: string) => Promise<T>) =>
  withAccessToken(account, { now, label }, work);

export interface SubredditRules {
  subreddit: string;
  flairRequired: boolean;
  /** `any`, `self` or `link`: the posts the subreddit takes. */
  submissionType: string;
  flairs: { id: string; text: string }[];
}

/**
 * What a subreddit asks of a post: whether a flair is required (`post_requirements`), the kinds
 * of post it takes (`about`), and the link flairs a member may pick (none where only its
 * moderators set flair).
 */
export async function subredditRules(account: ConnectedAccount, subreddit: string, now: Date): Promise<SubredditRules> {
  const name = encodeURIComponent(subreddit);
  return token(account, now, async (accessToken) => {
    const requirements = checkReddit(
      await redditCall(account.serviceUrl, `/api/v1/${name}/post_requirements`, accessToken),
      `Reddit r/${subreddit}`,
    );
    const about = checkReddit(await redditCall(account.serviceUrl, `/r/${name}/about`, accessToken), `Reddit r/${subreddit}`);
    const flairAnswer = await redditCall(account.serviceUrl, `/r/${name}/api/link_flair_v2`, accessToken);
    // 403: members may not pick flair there; the list is then empty.
    if (flairAnswer.status !== 403) checkReddit(flairAnswer, `Reddit r/${subreddit} flairs`);
    const raw: unknown[] = flairAnswer.status === 200 && Array.isArray(flairAnswer.json) ? flairAnswer.json : [];
    const data = (about.data ?? {}) as Record<string, unknown>;
    return {
      subreddit: typeof data.display_name === "string" ? data.display_name : subreddit,
      flairRequired: requirements.is_flair_required === true,
      submissionType: typeof data.submission_type === "string" ? data.submission_type : "any",
      flairs: (raw as { id?: unknown; text?: unknown }[])
        .filter((flair) => typeof flair.id === "string")
        .map((flair) => ({ id: flair.id as string, text: typeof flair.text === "string" ? flair.text : (flair.id as string) })),
    };
  });
}

/**
 * The options against the subreddit's rules, said before anything is sent: the flair's template
 * id (its text or id matched among the subreddit's flairs), or the refusal Reddit would give.
 */
export function resolveOptions(options: RedditOptions, rules: SubredditRules): { flairId?: string } | { problem: string } {
  const named = (flairs: SubredditRules["flairs"]) => flairs.map((flair) => `"${flair.text}"`).join(", ");
  if (rules.submissionType !== "any" && rules.submissionType !== options.kind)
    return { problem: `r/${rules.subreddit} takes ${rules.submissionType === "self" ? "text" : "link"} posts only` };
  if (!options.flair) {
    if (!rules.flairRequired) return {};
    return {
      problem: `r/${rules.subreddit} requires a flair: set one of ${named(rules.flairs) || "its flairs"} in the item's options`,
    };
  }
  const wanted = options.flair.toLowerCase();
  const found = rules.flairs.find((flair) => flair.id === options.flair || flair.text.trim().toLowerCase() === wanted);
  if (found) return { flairId: found.id };
  return {
    problem: rules.flairs.length
      ? `r/${rules.subreddit} has no flair "${options.flair}": pick one of ${named(rules.flairs)}`
      : `r/${rules.subreddit} does not let members pick a flair: leave it empty`,
  };
}

interface Submitted {
  id: string;
  name: string;
  title: string;
  subreddit: string;
  permalink?: string;
  created_utc?: number;
}

/** The account's submission to this subreddit with this title from the last week, or null. */
async function findSubmitted(account: ConnectedAccount, now: Date, subreddit: string, title: string) {
  const user = usernameOf(account);
  if (!user) return null;
  const body = await token(account, now, async (accessToken) =>
    checkReddit(
      await redditCall(
        account.serviceUrl,
        `/user/${encodeURIComponent(user)}/submitted?${new URLSearchParams({ sort: "new", limit: "25", raw_json: "1" })}`,
        accessToken,
      ),
      "Reddit submissions",
    ),
  );
  const children = ((body.data as { children?: { data?: Submitted }[] } | undefined)?.children ?? []).map((child) => child.data);
  const since = (now.getTime() - 7 * day) / 1000;
  const found = children.find(
    (post) =>
      post &&
      post.subreddit.toLowerCase() === subreddit.toLowerCase() &&
      post.title.trim() === title.trim() &&
      (post.created_utc ?? Number.POSITIVE_INFINITY) >= since,
  );
  return found ? { id: found.name, url: found.permalink ? `https://www.reddit.com${found.permalink}` : undefined } : null;
}

const postUrl = (subreddit: string, name: string, given: unknown) =>
  typeof given === "string" && given.includes("/comments/")
    ? given
    : `https://www.reddit.com/r/${subreddit}/comments/${name.replace(/^t3_/, "")}/`;

async function submit(
  account: ConnectedAccount,
  now: Date,
  options: RedditOptions & { flairId?: string },
  title: string,
  text: string,
) {
  const form: Record<string, string> = {
    api_type: "json",
    sr: options.subreddit,
    kind: options.kind,
    title,
    resubmit: "true",
    sendreplies: "true",
    ...(options.kind === "self" ? { text } : { url: options.url! }),
    ...(options.flairId && { flair_id: options.flairId }),
  };
  return token(account, now, async (accessToken) => {
    const body = checkReddit(await redditCall(account.serviceUrl, "/api/submit", accessToken, form), "Reddit post");
    const json = (body.json ?? {}) as { errors?: unknown[]; data?: { id?: unknown; name?: unknown; url?: unknown } };
    if (Array.isArray(json.errors) && json.errors.length > 0) throw submitRefusal(json.errors, "Reddit refused the post");
    if (typeof json.data?.name !== "string") throw new NetworkError("transient", "Reddit post: the answer named no post");
    return { id: json.data.name, url: postUrl(options.subreddit, json.data.name, json.data.url) };
  });
}

export const reddit: NetworkProvider = {
  network: "reddit",
  label,
  limits: { maxCharacters: channelRules.reddit.bodyLimit, unit: channelRules.reddit.unit, maxParts: 1, titles: true },
  opensIn: { page: "https://www.reddit.com/submit", textParam: "text", keep: { type: "TEXT" } },
  connect: {
    kind: "oauth",
    configured: () => Boolean(redditClient()),
    async authorizeUrl(request) {
      const client = redditClientOrFail();
      return { serviceUrl: client.apiUrl, secrets: {}, authorizeUrl: redditAuthorizeUrl(client, request) };
    },
    async exchange(request) {
      const client = redditClientOrFail();
      const secrets = await exchangeRedditCode(client, {
        code: request.code,
        redirectUri: request.redirectUri,
        now: request.now,
      });
      return { serviceUrl: client.apiUrl, ...(await redditIdentity(client.apiUrl, secrets.accessToken!)), secrets };
    },
  },
  async verify(account, ctx) {
    const identity = await token(account, ctx.now, (accessToken) => redditIdentity(account.serviceUrl, accessToken));
    return { serviceUrl: account.serviceUrl, ...identity };
  },
  async refresh(account, ctx) {
    const { refreshToken } = account.secrets;
    if (!refreshToken) throw new NetworkError("auth", "Reddit: the access has expired; reconnect the account");
    const renewed = await refreshRedditToken(redditClientOrFail(), { refreshToken, now: ctx.now });
    return { ...account.secrets, ...renewed, refreshToken: renewed.refreshToken ?? refreshToken };
  },
  async revoke(account) {
    const client = redditClient();
    const { refreshToken, accessToken } = account.secrets;
    if (!client) return;
    if (refreshToken) await revokeRedditToken(client, refreshToken, "refresh_token");
    else if (accessToken) await revokeRedditToken(client, accessToken, "access_token");
  },
  idempotency: "none",
  newPublicationKey: () => crypto.randomUUID(),
  itemOptions: { schema: redditOptionsSchema, fields: redditOptionFields },

  async publish(account, request: PublishRequest) {
    if (request.posted.length > 0) return { parts: [...request.posted] };
    const parsed = redditOptionsSchema.safeParse(request.options);
    if (!parsed.success)
      throw new NetworkError("permanent", "Reddit: pick the subreddit (and the flair where it asks for one) before publishing");
    const options = parsed.data;
    const title = (options.title ?? request.title ?? "").trim();
    if (!title) throw new NetworkError("permanent", "Reddit: the post needs a title");
    const text = request.parts.join("\n\n");

    request.signal?.throwIfAborted();
    let posted = request.reconcile ? await findSubmitted(account, request.now, options.subreddit, title) : null;
    if (!posted) {
      const resolved = resolveOptions(options, await subredditRules(account, options.subreddit, request.now));
      if ("problem" in resolved) throw new NetworkError("permanent", `Reddit: ${resolved.problem}`);
      request.signal?.throwIfAborted();
      try {
        posted = await submit(account, request.now, { ...options, ...resolved }, title, text);
      } catch (error) {
        if (!(error instanceof NetworkError && error.kind === "transient" && error.mayHaveArrived)) throw error;
        const found = await findSubmitted(account, request.now, options.subreddit, title).catch(() => null);
        if (!found)
          throw new NetworkError(
            "unconfirmed",
            `Reddit post: the post was sent but its answer was lost (${error.message}); it may have gone out`,
          );
        posted = found;
      }
    }
    const parts: PublishedPart[] = [{ id: posted.id, url: posted.url ?? postUrl(options.subreddit, posted.id, null) }];
    await request.onPart(parts);
    return { parts };
  },

  async metrics(account, post, ctx): Promise<PostMetrics> {
    const body = await token(account, ctx.now, async (accessToken) =>
      checkReddit(
        await redditCall(account.serviceUrl, `/api/info?${new URLSearchParams({ id: post.id, raw_json: "1" })}`, accessToken),
        "Reddit numbers",
      ),
    );
    const found = (body.data as { children?: { data?: Record<string, unknown> }[] } | undefined)?.children?.[0]?.data;
    if (!found) throw new NetworkError("permanent", "Reddit: the post is gone (deleted on the network)");
    const count = (field: string) => (typeof found[field] === "number" ? (found[field] as number) : 0);
    return {
      likes: count("score"),
      reposts: count("num_crossposts"),
      replies: count("num_comments"),
      quotes: null,
      collectedAt: ctx.now.toISOString(),
    };
  },
};
