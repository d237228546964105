import type { z } from "zod";
import type { PrincipalKind, RequestContext, ServiceContext } from "@/lib/core/context";
import type { JsonText } from "@/lib/core/json-text";
import type { KeyPeek } from "@/lib/core/key-peek";
import { type ErrorCode, errorCodes } from "@/lib/errors";
import type { LimitPolicyName } from "@/lib/limits/policies";
import type { OAuthScope } from "@/lib/schemas/oauth-scopes";
import type { OperationTag } from "./tags";

export type HttpMethod = "GET" | "POST" | "PATCH" | "DELETE";

/**
 * Who may call an operation: `["none"]` for public operations (signup, discovery), else
 * the principal kinds allowed (`key` for REST and MCP, `session` for the dashboard).
 */
export type Principals = readonly ["none"] | readonly PrincipalKind[];

/** The principals of an account operation that declares none. */
export const defaultPrincipals = ["key", "session"] as const satisfies Principals;

type ContextFor<A extends Principals> = A extends readonly ["none"] ? RequestContext : ServiceContext;

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

/** Where an operation answers under /api/v1: its method and OpenAPI-style path, e.g. `/api/v1/projects/{id}`. */
export interface RestBinding {
  method: HttpMethod;
  path: string;
}

/**
 * An operation declared once: the REST route (when it has a binding), the OpenAPI
 * document, the discovery endpoint, the MCP tools and the server actions are all derived
 * from this declaration.
 */
export interface Operation<
  A extends Principals = Principals,
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  /** camelCase operation id, e.g. `createProject`. */
  id: string;
  /** Its REST route, OpenAPI entry and /meta line; dashboard-only operations have none. */
  rest?: RestBinding;
  /** Reads only, changes nothing (a REST binding's GET says it already). */
  reads?: true;
  /** Who may call it; absent means any signed-in caller (`["key", "session"]`). */
  principals?: A;
  /**
   * What a connected app (an OAuth grant) needs to call it: a scope, or `"never"` for what
   * stays with the founder (API keys, connected apps, sessions, the account, billing), which
   * an app is neither shown nor allowed whatever its scopes. Absent: `launchloop:read` for an
   * operation that only reads, else `launchloop:write` (see `scopeOf`). Anything that makes a
   * post go out on a connected network says `launchloop:publish`.
   */
  scope?: OAuthScope | "never";
  /** Body fields that need a further scope when sent, e.g. a schedule needs `launchloop:publish`. */
  fieldScopes?: Readonly<Record<string, OAuthScope>>;
  /** Its group (the document's tag, described in `operationTags`). */
  tag: OperationTag;
  summary: string;
  /** What it does beyond its summary; every REST operation has one (the document's operation description). */
  description?: string;
  params?: P;
  query?: Q;
  body?: B;
  /** True when the whole body may be left out (an empty body validates as `{}`). */
  bodyOptional?: boolean;
  /** Success status (default 200). */
  status?: 200 | 201 | 202;
  response: R;
  /**
   * A file answer: its media types, each described (with a schema for structured ones);
   * the handler then returns a `FileResult`.
   */
  files?: Readonly<Record<string, { description: string; schema?: z.ZodType }>>;
  /**
   * The codes this operation's own rules answer with (statuses and OpenAPI text come from
   * the code table); those every operation of its kind can answer are added by `errorCodesOf`.
   */
  errors?: readonly ErrorCode[];
  /**
   * The body field that carries a solved captcha, which a browser caller must send (the
   * executor refuses the call without it); API callers may leave it out.
   */
  captcha?: string;
  /** A named limit applied before the handler runs, on top of the general rate limit. */
  limit?: LimitPolicyName;
  /** Long-running (model calls): may block for minutes. */
  long?: boolean;
  /**
   * Callable from any web page (CORS): answers a preflight and carries
   * `Access-Control-Allow-Origin: *`. Only for public operations that read nothing back.
   */
  cors?: true;
  /**
   * What outside Launchloop the operation reaches, for a reader ("the connected social network:
   * the post goes out on it"): a payment provider, a social network. Absent, its world is the
   * account's own data. The MCP tool's `openWorldHint` is derived from it. The model the agents
   * write with is the service's own means, like its database, not a world the caller reaches.
   */
  reaches?: string;
  /** A read the key's statement makes for the handler over REST (see `KeyPeek`). */
  peek?: KeyPeek;
  /** The operation as an MCP tool; file downloads and pre-key account steps have none. */
  tool?: ToolDeclaration;
  // Method syntax: a typed operation stays assignable to `AnyOperation`.
  handler(input: OperationInput<P, Q, B>, ctx: ContextFor<A>): Promise<z.input<R> | JsonText<z.input<R>>>;
}

export type AnyOperation = Operation<Principals, z.ZodType, z.ZodType, z.ZodType, z.ZodType>;

/** An operation with a REST binding: a route of /api/v1. */
export type RestOperation = AnyOperation & { rest: RestBinding };

export const hasRestBinding = (operation: AnyOperation): operation is RestOperation => operation.rest !== undefined;

/** Whether an operation only reads (a GET when it is bound to REST). */
export const readsOnly = (operation: Pick<AnyOperation, "rest" | "reads">) =>
  operation.reads === true || operation.rest?.method === "GET";

/** What an operation answers once its response schema has parsed the handler's result. */
export type OperationOutput<O> = O extends Operation<Principals, z.ZodType, z.ZodType, z.ZodType, infer R> ? z.output<R> : never;

/** A caller as an operation's declaration names it: a kind of principal, or nobody. */
export type CallerKind = PrincipalKind | "none";

/** The principals an operation admits, with the default filled in. */
export const principalsOf = (operation: Pick<AnyOperation, "principals">): readonly CallerKind[] =>
  operation.principals ?? defaultPrincipals;

type ScopeFacts = Pick<AnyOperation, "rest" | "reads" | "tool" | "scope">;

/** What a connected app needs to call an operation: its declared scope, else reading for a read, writing for the rest. */
export const scopeOf = (operation: ScopeFacts): OAuthScope | "never" =>
  operation.scope ?? (readsOnly(operation) || operation.tool?.readOnly ? "launchloop:read" : "launchloop:write");

/**
 * The scopes a connected app needs for one call, given the body (or tool arguments) it
 * sends: the operation's own and those of the fields it sends; `"never"` when no scope opens it.
 */
export function scopesNeeded(operation: ScopeFacts & Pick<AnyOperation, "fieldScopes">, body?: unknown): OAuthScope[] | "never" {
  const own = scopeOf(operation);
  if (own === "never") return "never";
  const sent = body !== null && typeof body === "object" ? (body as Record<string, unknown>) : {};
  const byField = Object.entries(operation.fieldScopes ?? {})
    .filter(([field]) => sent[field] !== undefined)
    .map(([, scope]) => scope);
  return [...new Set([own, ...byField])];
}

/**
 * Whether `kind` of caller may call the operation. An OAuth grant may call what a key may,
 * except what no scope opens (`scope: "never"`); which scopes it needs is `scopesNeeded`.
 */
export const admits = (operation: Pick<AnyOperation, "principals"> & Partial<ScopeFacts>, kind: CallerKind) =>
  kind === "grant"
    ? principalsOf(operation).includes("key") && operation.scope !== "never"
    : principalsOf(operation).includes(kind);

/** Whether an operation is public: callable before anyone is known. */
export const isPublic = (operation: Pick<AnyOperation, "principals">) => admits(operation, "none");

/**
 * Whether an operation takes an idempotency key (REST `Idempotency-Key`, MCP `idempotencyKey`):
 * every account operation that changes something and answers JSON. Public ones (signup, the
 * key bootstrap) have no account to keep keys for; the bootstrap replays by its own rule.
 */
export const takesIdempotencyKey = (operation: Pick<AnyOperation, "principals" | "rest" | "reads" | "tool" | "files">) =>
  !isPublic(operation) && !operation.files && !readsOnly(operation) && !operation.tool?.readOnly;

/**
 * Every code an operation can answer: its declared ones plus those of the pipeline
 * (auth, principals, limits, validation, lookups), in the code table's order.
 */
export function errorCodesOf(operation: AnyOperation): ErrorCode[] {
  const codes = new Set<ErrorCode>(operation.errors ?? []);
  if (!isPublic(operation)) codes.add("unauthorized");
  if (!isPublic(operation) && !(["key", "session"] as const).every((kind) => admits(operation, kind))) codes.add("forbidden");
  // A malformed path id is 400 `invalid_request` (its `issues` name the parameter); a well-formed one naming nothing of the caller's, 404.
  if (operation.params) codes.add("invalid_request").add("not_found");
  if (operation.query || operation.body) codes.add("invalid_request");
  if (operation.body) codes.add("invalid_json").add("payload_too_large");
  // A malformed key is 400 `invalid_request`; a key reused for another request 422, one still running 409.
  if (takesIdempotencyKey(operation))
    codes.add("invalid_request").add("idempotency_request_in_progress").add("idempotency_key_reused");
  codes.add("rate_limited");
  if (operation.limit === "write") codes.add("write_limit");
  return (Object.keys(errorCodes) as ErrorCode[]).filter((code) => codes.has(code));
}

/** Declares an operation with its types inferred from its schemas. */
export function defineOperation<
  R extends z.ZodType,
  const A extends Principals = typeof defaultPrincipals,
  P extends z.ZodType = z.ZodUndefined,
  Q extends z.ZodType = z.ZodUndefined,
  B extends z.ZodType = z.ZodUndefined,
>(operation: Operation<A, P, Q, B, R>): Operation<A, P, Q, B, R> {
  return operation;
}
