import type { Database } from "@/lib/db";
import type { AccountRecord } from "@/lib/db/records";
import { type OAuthScope, publishScope } from "@/lib/schemas/oauth-scopes";
import type { Peeked } from "./key-peek";

/**
 * Who calls: an API key (REST, MCP), a signed-in browser session (the dashboard), an OAuth
 * grant a founder gave an assistant (MCP), which acts for the account like a key, or a
 * project's secret conversion key (REST), which can only report that project's conversions, or
 * a review link's holder, who may post only when the project lets a reviewer's approval schedule.
 */
export type Principal =
  | { kind: "key"; apiKeyId: string }
  | { kind: "session"; sessionId: string }
  | { kind: "grant"; grantId: string; scopes: readonly OAuthScope[] }
  | { kind: "ingest"; ingestKeyId: string; projectId: string }
  /** Someone holding a review link: the review-link services act for them on one week; no operation admits them. */
  | { kind: "reviewer"; reviewLinkId: string; approves: boolean };
export type PrincipalKind = Principal["kind"];

/**
 * Whether the caller may make something go out on a connected network (publish now, a
 * schedule of its own or by default): a key and a session may; a connected app only with
 * `launchloop:publish`. What else each scope opens is declared on the operations.
 */
export const mayPost = (principal: Principal) =>
  principal.kind === "reviewer" ? principal.approves : principal.kind !== "grant" || principal.scopes.includes(publishScope);

/** What every face passes to the core about a request, before anyone is known. */
export interface RequestContext {
  requestId: string;
  db: Database;
  now: Date;
  clientIp: string;
  /** Keeps the platform alive until background work settles (Next's `after`), where the face can. */
  waitUntil?: (work: Promise<unknown>) => void;
  /** Reports progress of long work to faces that can show it (MCP progress, the event stream). */
  progress?: (done: number, total: number, message: string) => void;
  /**
   * Told when long work is recorded and will settle without the caller (an agent run's row,
   * a plan's or a draft's job): a face that answers at once (an MCP task) can answer then,
   * with the record's id.
   */
  accepted?: (work: { kind: "agent-run" | "job"; id: string }) => void;
  /** Set by the browser face, whose callers must pass the rules only a browser can (the signup captcha). */
  face?: "browser";
}

/** A request whose caller is known: services act for `account`, never for anyone else. */
export interface ServiceContext extends RequestContext {
  account: AccountRecord;
  principal: Principal;
  /** What the key's statement read for the operation (its `peek`), when it did. */
  peeked?: Peeked;
}
