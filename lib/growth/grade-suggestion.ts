/** The numbers of a published post, as far as a grade needs them. */
export interface PostNumbers {
  likes: number;
  reposts: number;
  replies: number;
  quotes: number | null;
}

/** One engagement figure: replies and quotes (conversations) weigh more than likes. */
export const engagementOf = (numbers: PostNumbers) =>
  numbers.likes + 2 * numbers.reposts + 3 * numbers.replies + 3 * (numbers.quotes ?? 0);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * A grade suggested from the founder's own history on the channel: clearly above their
 * median (a quarter more) is great, clearly below (a quarter less) is quiet, else ok.
 * Null without numbers or without at least one other post on the channel to compare with.
 */
export function suggestGrade(numbers: PostNumbers | null, history: PostNumbers[]): "great" | "ok" | "quiet" | null {
  if (!numbers || history.length === 0) return null;
  const score = engagementOf(numbers);
  const typical = median(history.map(engagementOf));
  if (score > typical * 1.25 && score - typical >= 2) return "great";
  if (score < typical * 0.75 && typical - score >= 2) return "quiet";
  return "ok";
}

/** Per channel: posts with numbers, their median engagement and total: what the planner reads of last weeks. */
export function channelResults(items: { channel: string; metrics: PostNumbers | null }[]) {
  const byChannel = new Map<string, number[]>();
  for (const item of items)
    if (item.metrics) byChannel.set(item.channel, [...(byChannel.get(item.channel) ?? []), engagementOf(item.metrics)]);
  return [...byChannel.entries()].map(([channel, scores]) => ({
    channel,
    posts: scores.length,
    medianEngagement: median(scores),
    totalEngagement: scores.reduce((a, b) => a + b, 0),
  }));
}

/** What a post brought through its tracked link. */
export interface PostResults {
  clicks: number;
  signups: number;
}

export interface GradeSuggestion {
  grade: "great" | "ok" | "quiet";
  /** Why, in the founder's terms: "3 sign-ups, the best of your last 12 posts". */
  why: string;
}

const count = (value: number, one: string, many = `${one}s`) => `${value} ${value === 1 ? one : many}`;

/** A grade from one measure against the founder's history of it: above the median (and the best, said so), below it, or about it. */
function byMeasure(value: number, history: number[], unit: [string, string], posts: number): GradeSuggestion {
  const typical = median(history);
  const said = count(value, unit[0], unit[1]);
  if (value > 0 && value >= Math.max(...history) && value > typical)
    return { grade: "great", why: `${said}, the best of your last ${count(posts, "post")}` };
  if (value > typical * 1.25 && value - typical >= 1) return { grade: "great", why: `${said}, above your usual ${typical}` };
  if (value < typical * 0.75 && typical - value >= 1)
    return { grade: "quiet", why: `${said}; your posts usually bring ${typical}` };
  return { grade: "ok", why: `${said}, about your usual` };
}

/**
 * The retro's suggested grade for a post, sign-ups first: against the founder's own posts
 * that had a tracked link, by sign-ups when any of them (or this one) brought one, else by
 * clicks when there were any, else by the network's engagement on the same channel. Null
 * when there is nothing to compare.
 */
export function suggestFromResults(
  post: { results: PostResults | null; numbers: PostNumbers | null },
  history: { results: PostResults | null; numbers: PostNumbers | null; sameChannel: boolean }[],
): GradeSuggestion | null {
  // A post nobody clicked and the network has no numbers for (not out yet, or skipped) has nothing to judge.
  if (!post.numbers && (!post.results || (post.results.clicks === 0 && post.results.signups === 0))) return null;
  const tracked = history.flatMap((other) => (other.results ? [other.results] : []));
  if (post.results && tracked.length > 0) {
    if (post.results.signups > 0 || tracked.some((other) => other.signups > 0))
      return byMeasure(
        post.results.signups,
        tracked.map((other) => other.signups),
        ["sign-up", "sign-ups"],
        tracked.length + 1,
      );
    if (post.results.clicks > 0 || tracked.some((other) => other.clicks > 0))
      return byMeasure(
        post.results.clicks,
        tracked.map((other) => other.clicks),
        ["click", "clicks"],
        tracked.length + 1,
      );
  }
  const engaged = history.filter((other) => other.sameChannel && other.numbers).map((other) => other.numbers!);
  const grade = suggestGrade(post.numbers, engaged);
  if (!grade || !post.numbers) return null;
  const why =
    grade === "great"
      ? "more likes, reposts and replies than your usual on this channel"
      : grade === "quiet"
        ? "fewer likes, reposts and replies than your usual on this channel"
        : "likes, reposts and replies about your usual on this channel";
  return { grade, why };
}
