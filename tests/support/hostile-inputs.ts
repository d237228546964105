import { z } from "zod";
import { admits, type RestOperation } from "@/lib/operations/operation";

/** One hostile request: everything about it is what a client could send. */
export interface HostileRequest {
  name: string;
  method: string;
  /** The raw request target (path and query), sent as is. */
  target: string;
  headers: Record<string, string>;
  /** The raw body, or chunks sent with chunked transfer encoding. */
  body?: string | { chunks: () => Iterable<Buffer> };
}

type JsonSchema = {
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
};

type Path = (string | number)[];

const jsonSchemaOf = (schema: z.ZodType) => z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;

function resolver(root: JsonSchema) {
  return function resolve(schema: JsonSchema): JsonSchema {
    if (!schema.$ref) return schema;
    const name = schema.$ref.replace(/^#\/\$defs\//, "");
    const target = schema.$ref === "#" ? root : root.$defs?.[name];
    if (!target) throw new Error(`Unresolvable ${schema.$ref}`);
    const { $ref: _ref, ...rest } = schema;
    return resolve({ ...target, ...rest });
  };
}

/** The JSON types a schema allows (empty: anything). */
function allowedTypes(schema: JsonSchema, resolve: (schema: JsonSchema) => JsonSchema): Set<string> {
  const resolved = resolve(schema);
  const options = resolved.anyOf ?? resolved.oneOf;
  if (options) return new Set(options.flatMap((option) => [...allowedTypes(option, resolve)]));
  if (resolved.const !== undefined) return new Set([resolved.const === null ? "null" : typeof resolved.const]);
  if (resolved.enum) return new Set(resolved.enum.map((value) => (value === null ? "null" : typeof value)));
  if (!resolved.type) return new Set();
  const types = Array.isArray(resolved.type) ? resolved.type : [resolved.type];
  return new Set(types.flatMap((type) => (type === "integer" ? ["number"] : [type])));
}

const typeOfValue = (value: unknown) => (value === null ? "null" : Array.isArray(value) ? "array" : typeof value);

/** A plausible value for a schema: valid for the simple rules (types, bounds, enums, formats). */
function sample(schema: JsonSchema, resolve: (schema: JsonSchema) => JsonSchema, depth = 0): unknown {
  const resolved = resolve(schema);
  if (resolved.const !== undefined) return resolved.const;
  if (resolved.enum) return resolved.enum[0];
  const options = resolved.anyOf ?? resolved.oneOf;
  if (options) return sample(options.find((option) => !allowedTypes(option, resolve).has("null")) ?? options[0]!, resolve, depth);
  const type = Array.isArray(resolved.type) ? resolved.type[0] : resolved.type;
  switch (type) {
    case "object": {
      const entries = Object.entries(resolved.properties ?? {}).map(([name, child]) => [name, sample(child, resolve, depth + 1)]);
      return Object.fromEntries(entries);
    }
    case "array": {
      const count = Math.max(resolved.minItems ?? 0, depth < 6 && (resolved.maxItems ?? 1) > 0 ? 1 : 0);
      return Array.from({ length: count }, () => sample(resolved.items ?? {}, resolve, depth + 1));
    }
    case "string": {
      if (resolved.format === "uuid") return crypto.randomUUID();
      if (resolved.format === "email") return `hostile-${crypto.randomUUID().slice(0, 8)}@example.com`;
      if (resolved.format === "date-time") return new Date().toISOString();
      if (resolved.format === "date") return new Date().toISOString().slice(0, 10);
      return "x".repeat(Math.min(Math.max(resolved.minLength ?? 0, 3), resolved.maxLength ?? 3));
    }
    case "integer":
    case "number":
      return resolved.minimum ?? (resolved.exclusiveMinimum !== undefined ? resolved.exclusiveMinimum + 1 : 1);
    case "boolean":
      return true;
    case "null":
      return null;
    default:
      return "x";
  }
}

const clone = <T>(value: T): T => structuredClone(value);

function setAt(root: unknown, path: Path, value: unknown, remove = false): unknown {
  if (path.length === 0) return value;
  const copy = clone(root) as Record<string | number, unknown>;
  let target = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (remove) delete target[last];
  else target[last] = value;
  return copy;
}

interface Mutation {
  name: string;
  value: unknown;
}

/**
 * Every mutation of `base` that the schema must refuse, at every depth: missing required
 * fields, values of a type the field does not take, bounds + 1, bad enums and formats,
 * NUL and lone surrogates, unknown fields of closed objects. Unions of several objects
 * are mutated only as a whole (a change inside one branch may match another).
 */
function mutations(root: JsonSchema, base: unknown): Mutation[] {
  const resolve = resolver(root);
  const found: Mutation[] = [];
  // `nullable`: the member's parent union allows null, so its non-null branch does not make null hostile.
  const visit = (schema: JsonSchema, path: Path, required: boolean, nullable = false) => {
    const resolved = resolve(schema);
    const at = path.length ? path.join(".") : "(root)";
    const put = (name: string, value: unknown) => found.push({ name: `${at}: ${name}`, value: setAt(base, path, value) });
    if (path.length && required) found.push({ name: `${at}: missing`, value: setAt(base, path, undefined, true) });
    const allowed = allowedTypes(resolved, resolve);
    if (allowed.size > 0) {
      const wrong: [string, unknown][] = [
        ["number", 42],
        ["string", "hostile"],
        ["boolean", true],
        ["null", null],
        ["array", []],
        ["object", {}],
      ];
      for (const [type, value] of wrong) if (!allowed.has(type) && !(type === "null" && nullable)) put(`a ${type}`, value);
    }
    const options = resolved.anyOf ?? resolved.oneOf;
    if (options) {
      const nonNull = options.filter((option) => !allowedTypes(option, resolve).has("null"));
      if (nonNull.length === 1) visit({ ...nonNull[0]! }, path, false, allowed.has("null"));
      return;
    }
    if (resolved.enum?.every((value) => typeof value === "string")) put("a value outside the enum", "not-one-of-them");
    const type = Array.isArray(resolved.type) ? resolved.type[0] : resolved.type;
    if (type === "string" && !resolved.enum) {
      if (resolved.maxLength !== undefined) put(`maxLength ${resolved.maxLength} + 1`, "y".repeat(resolved.maxLength + 1));
      if (resolved.minLength) put(`minLength ${resolved.minLength} - 1`, "y".repeat(resolved.minLength - 1));
      if (resolved.format === "uuid") put("not a uuid", "not-a-uuid");
      if (resolved.format === "email") put("not an e-mail", "not-an-email");
      if (resolved.format === "date-time" || resolved.format === "date") put("not a date", "next tuesday");
      put("U+0000", "a\u0000b");
      put("a lone high surrogate", "a\ud800b");
      put("a lone low surrogate", "\udc00b");
    }
    if (type === "integer" || type === "number") {
      if (resolved.maximum !== undefined) put(`maximum ${resolved.maximum} + 1`, resolved.maximum + 1);
      if (resolved.minimum !== undefined) put(`minimum ${resolved.minimum} - 1`, resolved.minimum - 1);
      if (type === "integer") put("a fraction", 1.5);
    }
    if (type === "array") {
      const itemSample = sample(resolved.items ?? {}, resolve);
      if (resolved.maxItems !== undefined)
        put(
          `maxItems ${resolved.maxItems} + 1`,
          Array.from({ length: resolved.maxItems + 1 }, () => clone(itemSample)),
        );
      if (resolved.minItems)
        put(
          `minItems ${resolved.minItems} - 1`,
          Array.from({ length: resolved.minItems - 1 }, () => clone(itemSample)),
        );
      const current = path.reduce<unknown>((value, key) => (value as Record<string | number, unknown>)?.[key], base);
      if (resolved.items && Array.isArray(current) && current.length > 0) visit(resolved.items, [...path, 0], false);
    }
    if (type === "object") {
      for (const [name, child] of Object.entries(resolved.properties ?? {}))
        visit(child, [...path, name], (resolved.required ?? []).includes(name));
      if (resolved.additionalProperties === false)
        put("an unknown field", {
          ...(path.reduce<unknown>((value, key) => (value as Record<string | number, unknown>)?.[key], base) as object),
          hostileUnknownField: 1,
        });
    }
  };
  visit(root, [], true);
  return found;
}

const malformedEscapes = [
  "%",
  "%z",
  "%zz",
  "%G0",
  "%0g",
  "%2",
  "%%",
  "%u0041",
  "%E0%A4%A",
  "%C0",
  "%ED%A0",
  "%F0%9F%9A",
  "%FF",
  "%C0%80",
  "%80",
];
const badIds = [
  "not-a-uuid",
  "1",
  "null",
  "undefined",
  "'%20OR%201=1--",
  "%00",
  "%ED%A0%80",
  "a".repeat(4000),
  "00000000-0000-0000-0000-00000000000g",
  `${"f".repeat(8)}-${"f".repeat(4)}`,
  "%2F",
  "%20",
  "0x1",
  "%F0%9F%9A%80",
  "-1",
];
const methods = ["GET", "POST", "PATCH", "DELETE", "PUT"];

function* bigBody(megabytes: number, prefix: string) {
  yield Buffer.from(prefix);
  for (let i = 0; i < megabytes * 16; i++) yield Buffer.alloc(64 * 1024, "a");
}

/** At most `count` items, evenly spread over the list (every depth and kind keeps a share). */
const spread = <T>(items: T[], count: number) =>
  items.length <= count ? items : Array.from({ length: count }, (_, index) => items[Math.floor((index * items.length) / count)]!);

/** Percent-encodes like a client would, lone surrogates included (as the bytes a naive encoder writes for them). */
const encode = (text: string) =>
  text.replace(/[\s\S]/gu, (char) => {
    if (char.length === 1 && char.charCodeAt(0) >= 0xd800 && char.charCodeAt(0) <= 0xdfff) {
      const unit = char.charCodeAt(0);
      return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join("");
    }
    return encodeURIComponent(char);
  });

/** A path with its parameters filled from `ids` (a fresh uuid where none is given). */
const fillPath = (path: string, ids: Record<string, string>) =>
  path.replace(/\{(\w+)\}/g, (_match, name: string) => ids[name] ?? crypto.randomUUID());

/**
 * The hostile requests for one operation, derived from its declaration (method, path,
 * params, query and body schemas), so a new operation is covered without a new list.
 * Every one of them must be answered with a 4xx envelope.
 */
export function hostileRequests(
  operation: RestOperation,
  options: { key: string; ids: Record<string, string>; methodsAtPath: string[]; maxFieldMutations?: number },
): HostileRequest[] {
  const requests: HostileRequest[] = [];
  const auth: Record<string, string> = admits(operation, "key") ? { Authorization: `Bearer ${options.key}` } : {};
  const json = { "Content-Type": "application/json" };
  const path = fillPath(operation.rest.path, options.ids);
  const baseBody = operation.body ? sample(jsonSchemaOf(operation.body), resolver(jsonSchemaOf(operation.body))) : undefined;
  const querySchema = operation.query ? jsonSchemaOf(operation.query) : undefined;
  const baseQuery = querySchema ? (sample(querySchema, resolver(querySchema)) as Record<string, unknown>) : {};
  const queryString = (query: Record<string, unknown>) => {
    const entries = Object.entries(query).filter(([, value]) => value !== undefined);
    return entries.length
      ? `?${entries.map(([name, value]) => `${encode(name)}=${encode(typeof value === "string" ? value : JSON.stringify(value))}`).join("&")}`
      : "";
  };
  const target = `${path}${queryString(baseQuery)}`;
  const bodyText = baseBody === undefined ? undefined : JSON.stringify(baseBody);
  const add = (name: string, request: Partial<HostileRequest>) =>
    requests.push({
      name,
      method: operation.rest.method,
      target,
      headers: { ...auth, ...(bodyText !== undefined && json) },
      body: bodyText,
      ...request,
    });

  // The caller: a key that is missing, malformed or not ours.
  if (admits(operation, "key")) {
    const badKeys = [
      "",
      "Bearer",
      "Bearer ",
      `Basic ${Buffer.from("a:b").toString("base64")}`,
      `Bearer ${options.key}x`,
      `Bearer ${options.key.slice(0, -1)}`,
      `Bearer ${options.key.slice(0, 12)}`,
      "Bearer llk_",
      `Bearer llk_${"0".repeat(40)}`,
      `Bearer ${"k".repeat(8000)}`,
      `Token ${options.key}`,
      `Bearer ${options.key} ${options.key}`,
      "Bearer %00",
    ];
    for (const [index, value] of badKeys.entries()) {
      add(`bad key #${index}`, { headers: { ...(value && { Authorization: value }), ...(bodyText !== undefined && json) } });
    }
  }
  // Methods the path does not have.
  for (const method of methods.filter((method) => !options.methodsAtPath.includes(method))) add(`method ${method}`, { method });
  // Malformed percent-escapes: as an extra segment, glued to the last one, and in the middle.
  for (const bad of malformedEscapes) {
    add(`escape ${bad} as a segment`, { target: `${path}/${bad}` });
    add(`escape ${bad} in the last segment`, { target: `${path}${bad}` });
    add(`escape ${bad} in the middle`, { target: path.replace(/^(\/api\/[^/]+)/, `$1/${bad}`) });
  }
  // Paths under this one that do not exist.
  for (const suffix of ["x", "x/y", "%2Fx", `${crypto.randomUUID()}/z`])
    add(`unknown path ${suffix}`, { target: `${path}/${suffix}` });
  // Malformed path parameters.
  for (const name of operation.rest.path.match(/\{(\w+)\}/g)?.map((match) => match.slice(1, -1)) ?? []) {
    for (const [index, bad] of badIds.entries()) {
      add(`path ${name} #${index}`, {
        target: `${fillPath(operation.rest.path, { ...options.ids, [name]: bad })}${queryString(baseQuery)}`,
      });
    }
  }
  // The query: each parameter broken, and (closed schemas) an unknown one.
  if (querySchema) {
    for (const mutation of mutations(querySchema, baseQuery)) {
      if (typeof mutation.value !== "object" || mutation.value === null || Array.isArray(mutation.value)) continue;
      // A query holds only strings: a mutation to another JSON type says nothing here.
      const broken = Object.entries(mutation.value as Record<string, unknown>);
      if (!broken.every(([, value]) => typeof value === "string")) continue;
      add(`query ${mutation.name}`, { target: `${path}${queryString(Object.fromEntries(broken))}` });
    }
  }
  // The body: broken JSON, other media types, sizes, and each field broken at every depth.
  if (operation.body) {
    const bodySchema = jsonSchemaOf(operation.body);
    for (const [index, raw] of [
      '{"',
      "{",
      "[",
      "{'a':1}",
      '{"a":1,}',
      "nul",
      '{"a":"\\x"}',
      '{"a" 1}',
      '{"a":1',
      '{"a":1}{"b":2}',
    ].entries())
      add(`bad JSON #${index}`, { body: raw });
    for (const type of [
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/xml",
    ]) {
      add(`content type ${type}`, { headers: { ...auth, "Content-Type": type } });
    }
    for (const [index, value] of [null, [], "text", 7, true].entries())
      add(`JSON ${typeOfValue(value)} #${index}`, { body: JSON.stringify(value) });
    add("2 MiB declared", { body: `{"a":"${"a".repeat(2 * 1024 * 1024)}"}` });
    add("8 MiB chunked", {
      headers: { ...auth, ...json, "Transfer-Encoding": "chunked" },
      body: { chunks: () => bigBody(8, '{"a":"') },
    });
    add("nested 100k deep", { body: `${"[".repeat(100_000)}${"]".repeat(100_000)}` });
    const withNul = bodyText!.replace(/:"([^"]*)"/, ':"$1\\u0000"');
    add("an escaped NUL in the first string", { body: withNul === bodyText ? '{"a":"\\u0000"}' : withNul });
    for (const mutation of spread(mutations(bodySchema, baseBody), options.maxFieldMutations ?? Infinity)) {
      if (mutation.value === undefined) continue;
      add(`body ${mutation.name}`, { body: JSON.stringify(mutation.value) });
    }
  }
  return requests;
}
