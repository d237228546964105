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
