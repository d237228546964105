import type { PostMetrics, PublishedPart } from "@/lib/schemas/publishing";
import type { ConnectionSecrets } from "./secrets";

/** What a network module needs of a connection (its secrets opened by the caller's one module). */
export interface ConnectedAccount {
  serviceUrl: string;
  handle: string | null;
  externalAccountId: string | null;
  secrets: ConnectionSecrets;
  /**
   * OAuth networks: trades the refresh token for new tokens, once across concurrent callers
   * (a refresh token may be single-use): given the secrets a caller found stale, answers the
   * connection's current ones, renewed by this call or by another that got there first.
   */
  renewTokens?(stale: ConnectionSecrets): Promise<ConnectionSecrets>;
}

export interface PublishRequest {
  /** The post, or a thread's parts in order. */
  parts: string[];
  /** One idempotency key per part, chosen and stored before the first call. */
  keys: string[];
  /** Parts already posted by an earlier attempt. */
  posted: PublishedPart[];
  /** Whether an earlier attempt may have posted more than `posted` says (a retry): look before posting. */
  reconcile: boolean;
  language?: string;
  now: Date;
  /** Called after each part is posted, so a crash mid-thread never posts a part twice. */
  onPart(parts: PublishedPart[]): Promise<void>;
  /** Called when the network gave us new session tokens, so they are kept. */
  onSecrets(secrets: ConnectionSecrets): Promise<void>;
  /**
   * The job's fence: aborted when the job lost its lease or passed its deadline. A module
   * checks it (`throwIfAborted()`) before each post it makes, so a job that is no longer ours
   * never posts.
   */
  signal?: AbortSignal;
}

export interface NetworkModule {
  publish(account: ConnectedAccount, request: PublishRequest): Promise<{ parts: PublishedPart[] }>;
  /** Absent where the network shares no numbers for the account's posts (LinkedIn members). */
  metrics?(
    account: ConnectedAccount,
    post: PublishedPart,
    options: { now: Date; onSecrets(secrets: ConnectionSecrets): Promise<void> },
  ): Promise<PostMetrics>;
}
