import type { z } from "zod";
import type { CountingUnit } from "@/lib/channels/rules";
import type { Channel } from "@/lib/schemas/growth";
import type { Network, PostMetrics, PublishedPart } from "@/lib/schemas/publishing";
import type { ConnectionSecrets } from "./secrets";

/**
 * What a network does for Launchloop, in one place: who it is (label, limits, where a post
 * is written by hand), how an account is connected, checked, renewed and let go, how a post
 * goes out exactly once, and what else it can do (numbers, media, per-item options). The
 * services hold every network to this and never ask which network they hold. A refusal is
 * always a `NetworkError` (lib/networks/errors.ts), classified where the network answered.
 * Adding one: docs/networks.md.
 */
export interface NetworkProvider {
  network: Network;
  /** The network's name wherever a person reads it (dashboard, docs, e-mails): the one table of labels. */
  label: string;
  limits: NetworkLimits;
  /** The planner's channels whose items go out here when their name is not the network's (blog → WordPress). */
  channels?: readonly Channel[];
  /** The network's own compose page, for posting by hand ("Open in …"), where it has one. */
  opensIn?: ComposePage;
  connect: FormConnect | OAuthConnect;
  /**
   * Whether the stored credential still works, answering who it belongs to. A credential the
   * network refuses (revoked, expired for good) is `NetworkError` kind `auth`, which the caller
   * turns into the connection's `disconnected` status; a 5xx or a timeout is `transient` and
   * changes nothing.
   */
  verify(account: ConnectedAccount, ctx: NetworkCallContext): Promise<AccountIdentity>;
  /** Trades the stored refresh token for new tokens (the caller keeps one renewal per connection at a time). */
  refresh?(account: ConnectedAccount, ctx: NetworkCallContext): Promise<ConnectionSecrets>;
  /** Best effort, never throws: tells the network to forget the credential when the founder disconnects. */
  revoke?(account: ConnectedAccount): Promise<void>;
  /** How a retry of a post is kept from posting twice, and the key each part is given before the first call. */
  idempotency: Idempotency;
  /** A new key for one part, stored on the item before the first call (a Bluesky TID, a UUID). */
  newPublicationKey(): string;
  /**
   * Posts the parts not yet posted, recording each as it lands (`request.onPart`). With
   * idempotency `none`, a post whose answer was lost after sending throws kind `unconfirmed`
   * ("may have posted, check it"): never retried on its own.
   */
  publish(account: ConnectedAccount, request: PublishRequest): Promise<{ parts: PublishedPart[] }>;
  /** Absent where the network shares no numbers for the account's posts (LinkedIn members). */
  metrics?(account: ConnectedAccount, post: PublishedPart, ctx: NetworkCallContext): Promise<PostMetrics>;
  /** Uploads an image or video for a later post; absent where not supported yet. */
  uploadMedia?(account: ConnectedAccount, media: MediaUpload, ctx: NetworkCallContext): Promise<UploadedMedia>;
  /** Choices made per item before it goes out (a subreddit and flair, a title, draft or publish). */
  itemOptions?: ItemOptions;
}

export interface NetworkLimits {
  /** The longest part, counted as the network counts (`unit`). */
  maxCharacters: number;
  unit: CountingUnit;
  /** The most parts a thread can have (1: the network takes single posts only). */
  maxParts: number;
  /** Whether a post has a title (Reddit, a blog post, a newsletter's subject). */
  titles: boolean;
  /** The images one post takes, where Launchloop sends them (with `uploadMedia`, `withPost` or `byUrl`); absent: none. */
  images?: ImageLimits;
}

export interface ImageLimits {
  /** The most images on one post (they go on a thread's first part). */
  maxCount: number;
  /** The largest image in bytes: a larger one is recompressed until it fits. */
  maxBytes: number;
  /** The types taken as they are; any other is sent as JPEG. */
  types: readonly string[];
  /** The longest alt text the network takes (X: 1,000 characters); absent: as long as Launchloop allows. */
  maxAltLength?: number;
  /**
   * The images go in the post's own request (a Discord webhook takes files with the message):
   * nothing is uploaded first, `uploadMedia` is absent, and each `PostMedia` carries its bytes.
   */
  withPost?: boolean;
  /**
   * The network fetches each image itself from an address Launchloop serves (Threads takes
   * images by URL only): nothing is uploaded or kept, `uploadMedia` is absent, and each
   * `PostMedia` carries `url`, a signed address on APP_URL that expires within the hour (so
   * APP_URL must be reachable from the internet).
   */
  byUrl?: boolean;
}

/** The network's compose page: `page?textParam=post`; a post too long for a link opens it with `keep` alone. */
export interface ComposePage {
  page: string;
  textParam: string;
  keep?: Record<string, string>;
  hint?: string;
}

/**
 * One field of a form the dashboard draws from a descriptor (the connect form, an item's
 * options): `select` offers `choices`; the matching zod schema decides what is valid.
 */
export interface FieldDescriptor {
  name: string;
  label: string;
  kind: "text" | "password" | "url" | "select";
  help?: string;
  placeholder?: string;
  optional?: boolean;
  choices?: { value: string; label: string }[];
  /** A url field's server, as a refusal names it ("Couldn't reach that instance"); "server" when absent. */
  server?: string;
}

/** A form and its schema: the schema parses what the fields send. */
export interface FormSpec<Input = Record<string, unknown>> {
  schema: z.ZodType<Input>;
  fields: FieldDescriptor[];
}

/** Who a connected account is, as the network says. */
export interface AccountIdentity {
  /** The server the account lives on (a PDS, an instance, the network's API). */
  serviceUrl: string;
  handle: string;
  externalAccountId: string;
}

/** A credential given in a form (an app password, a webhook URL, an API key). */
export interface FormConnect<Input = Record<string, unknown>> extends FormSpec<Input> {
  kind: "form";
  /** Signs in with what the founder gave: `auth` or `permanent` when the network refuses it. */
  connect(input: Input, ctx: NetworkCallContext): Promise<AccountIdentity & { secrets: ConnectionSecrets }>;
}

/**
 * OAuth 2.0 authorization code with PKCE (S256). `instanceStep` is a form filled before the
 * founder is sent away (Mastodon: which instance, where the app registers itself).
 */
export interface OAuthConnect {
  kind: "oauth";
  /** Whether this server has what the flow needs (the operator's client keys); false hides the network. */
  configured(): boolean;
  instanceStep?: FormSpec;
  /** Where to send the founder, and what to keep (sealed) on the pending connection until they come back. */
  authorizeUrl(request: AuthorizeRequest): Promise<PendingAuthorization>;
  /** The founder came back with a code: a refused code is `permanent` (theirs to retry), never `auth`. */
  exchange(request: ExchangeRequest): Promise<AccountIdentity & { secrets: ConnectionSecrets }>;
}

export interface AuthorizeRequest {
  /** What `instanceStep` parsed, if the flow has one. */
  instance?: Record<string, unknown>;
  redirectUri: string;
  state: string;
  codeChallenge: string;
  now: Date;
}

export interface PendingAuthorization {
  authorizeUrl: string;
  serviceUrl: string;
  /** Kept sealed until the code comes back (a registered app's client credentials). The PKCE verifier is added by the caller. */
  secrets: ConnectionSecrets;
}

export interface ExchangeRequest {
  code: string;
  redirectUri: string;
  /** The pending connection's server and sealed secrets (with `codeVerifier`). */
  serviceUrl: string;
  secrets: ConnectionSecrets;
  now: Date;
}

/**
 * - `record-key`: the network stores the post under a key we choose, so a retry looks it up first (Bluesky);
 * - `idempotency-key`: the network answers a repeated key with the post already made (Mastodon);
 * - `none`: neither (X, LinkedIn): a lost answer after sending is `unconfirmed`, left to the founder.
 */
export type Idempotency = "record-key" | "idempotency-key" | "none";

/** A connection as a provider sees it: its secrets opened by the caller. */
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

export interface NetworkCallContext {
  now: Date;
  /** Called when the network gave us new session tokens, so they are kept. */
  onSecrets?(secrets: ConnectionSecrets): Promise<void>;
}

export interface PublishRequest {
  /** The post, or a thread's parts in order. */
  parts: string[];
  /** One key per part (`newPublicationKey`), chosen and stored before the first call. */
  keys: string[];
  /** Parts already posted by an earlier attempt. */
  posted: PublishedPart[];
  /** Whether an earlier attempt may have posted more than `posted` says (a retry): look before posting. */
  reconcile: boolean;
  /** The item's options, parsed by the provider's `itemOptions.schema` (empty where it has none). */
  options: Record<string, unknown>;
  /** The item's title, on networks whose posts have one. */
  title?: string | null;
  /** The post's images in order, uploaded already (`uploadMedia`) or carried (`withPost`, `byUrl`): they go on the first part. */
  media?: PostMedia[];
  language?: string;
  now: Date;
  /** Called after each part is posted, so a crash mid-thread never posts a part twice. */
  onPart(parts: PublishedPart[]): Promise<void>;
  /** Called when the network gave us new session tokens, so they are kept. */
  onSecrets(secrets: ConnectionSecrets): Promise<void>;
  /**
   * The job's fence: aborted when the job lost its lease or passed its deadline. A provider
   * checks it (`throwIfAborted()`) before each post it makes, so a job that is no longer ours
   * never posts.
   */
  signal?: AbortSignal;
}

export interface MediaUpload {
  bytes: Uint8Array;
  mimeType: string;
  alt?: string;
  width: number;
  height: number;
  signal?: AbortSignal;
}

export interface UploadedMedia {
  /** The network's reference to the upload, handed back in a later post. */
  id: string;
  url?: string;
  /** What else the post needs to name it (a Bluesky blob's type and size). */
  data?: Record<string, unknown>;
  /** When the network forgets an upload no post has used yet (X: a day later): a later attempt uploads it anew. */
  expiresAt?: string;
}

/** An image as a post carries it: uploaded already, or its bytes or address. */
export interface PostMedia {
  media: UploadedMedia;
  alt: string;
  width: number;
  height: number;
  mimeType: string;
  /** The image itself, where the network takes it with the post (`limits.images.withPost`). */
  bytes?: Uint8Array;
  /** Where the network fetches the image (`limits.images.byUrl`): public, unguessable, expiring. */
  url?: string;
}

/** The per-item options a provider takes: parsed at schedule time and again at publish time. */
export type ItemOptions = FormSpec;

/**
 * What the dashboard (client components) may know of a provider: plain data, passed from a
 * server page as props.
 */
export interface NetworkView {
  network: Network;
  label: string;
  limits: NetworkLimits;
  opensIn: ComposePage | null;
  connect: { kind: "form" | "oauth"; configured: boolean; fields: FieldDescriptor[] };
  itemOptions: FieldDescriptor[];
  /** Whether the network shares the numbers of the account's posts. */
  metrics: boolean;
  /** The planner's channels whose items go out here (its own name, and `channels`: blog → WordPress). */
  channels: string[];
}
