import { z } from "zod";
import type { Database } from "@/lib/db";
import type { AccountRecord } from "@/lib/services/accounts";
import type { LimitPolicyName } from "@/lib/limits/policies";

export type HttpMethod = "GET" | "POST" | "PATCH" | "DELETE";

/** A file answer: the bytes, their media type and the name the client should save them under. */
export interface FileResult {
  body: string | Uint8Array;
  contentType: string;
  filename: string;
}
export const fileResult = z.custom<FileResult>((value) => typeof value === "object" && value !== null && "body" in value);

/** What every face knows about the caller of an operation. */
export interface RequestContext {
  requestId: string;
  db: Database;
  now: Date;
  clientIp: string;
  /** Keeps the platform alive until background work settles (Next's `after`), where the face can. */
  waitUntil?: (work: Promise<unknown>) => void;
  /** Reports progress of long work to faces that can show it (MCP progress notifications). */
  progress?: (done: number, total: number, message: string) => void;
}

export interface AuthenticatedContext extends RequestContext {
  account: AccountRecord;
  apiKeyId: string;
}

type Auth = "none" | "key";
type ContextFor<A extends Auth> = A extends "key" ? AuthenticatedContext : RequestContext;
const none = z.undefined();
type None = typeof none;

/** How an operation appears to MCP clients: a tool named and described for a model. */
export interface ToolDeclaration {
  /** snake_case, grouped by resource, e.g. `projects_create`. */
  name: string;
  title: string;
  /** What it does, when to call it, and what comes next. */
  description: string;
  readOnly?: boolean;
  destructive?: boolean;
  idempotent?: boolean;
}

export interface OperationInput<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> {
  params: z.output<P>;
  query: z.output<Q>;
  body: z.output<B>;
}

/**
 * An endpoint declared once: the REST route, the OpenAPI document, the discovery
 * endpoint and the MCP tools are all derived from this declaration.
 */
export interface Operation<
  A extends Auth = Auth,
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  /** camelCase operation id, e.g. `createProject`. */
  id: string;
  method: HttpMethod;
  /** OpenAPI-style path, e.g. `/api/v1/projects/{id}`. */
  path: string;
  auth: A;
  tag: string;
  summary: string;
  description?: string;
  params?: P;
  query?: Q;
  body?: B;
  /** True when the whole body may be left out (an empty body validates as `{}`). */
  bodyOptional?: boolean;
  /** Success status (default 200). */
  status?: 200 | 201 | 202;
  response: R;
  /** Media types of a file answer; the handler then returns a `FileResult`. */
  fileTypes?: readonly string[];
  /** Error statuses this operation can answer, besides 405/413/500. */
  errors: readonly number[];
  /** A named limit applied before the handler runs, on top of the general rate limit. */
  limit?: LimitPolicyName;
  /** Long-running (model calls): may block for minutes. */
  long?: boolean;
  /** The operation as an MCP tool; file downloads and pre-key account steps have none. */
  tool?: ToolDeclaration;
  /** Absent while the endpoint is declared but not built yet: it then answers 501. */
  handler?: (input: OperationInput<P, Q, B>, ctx: ContextFor<A>) => Promise<z.input<R>>;
}

export type AnyOperation = Operation<Auth, z.ZodType, z.ZodType, z.ZodType, z.ZodType>;

/** Declares an operation with its types inferred from its schemas. */
export function defineOperation<
  A extends Auth,
  R extends z.ZodType,
  P extends z.ZodType = None,
  Q extends z.ZodType = None,
  B extends z.ZodType = None,
>(operation: Operation<A, P, Q, B, R>): AnyOperation {
  return operation as unknown as AnyOperation;
}
