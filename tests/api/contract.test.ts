import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operations } from "@/lib/operations";
import { executeOperation } from "@/lib/operations/execute";
import { addBlueskyConnection } from "../support/accounts";
import { authenticatedJson } from "../support/calls";
import { dispatch } from "../support/dispatch";
import { approvedFirstWeek } from "../support/pipeline";
import { setPlan } from "../support/plans";
import { createTestApp, type TestApp } from "../support/test-app";
import { onePixelPng, validInput } from "../support/valid-input";

// The contract, generated from the OpenAPI document the server serves (not from the zod
// schemas behind it), for every operation in it, as Schemathesis's response-schema and
// positive/negative-data checks do:
// - positive: a valid request (tests/support/valid-input.ts, and the smallest and the fullest
//   body the document allows) is never refused as invalid, and the answer's status is one the
//   operation documents, with a body its schema for that status and media type accepts;
// - negative: a request breaking one documented rule (required, type, minLength/maxLength,
//   minimum/maximum, enum, pattern, format, minItems/maxItems, minProperties, a oneOf of
//   required sets, additionalProperties: false) in a body, query or path parameter answers a
//   documented 400 `invalid_request`, whose body is the documented envelope.
// So the document cannot say less (or more) than the server checks without this failing.

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  not?: Schema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxItems?: number;
  minProperties?: number;
  examples?: unknown[];
  default?: unknown;
};
type Parameter = { in: "path" | "query" | "header"; name: string; required?: boolean; schema: Schema };
type ParameterOrRef = Parameter | { $ref: string };
type MediaTypes = Record<string, { schema?: Schema }>;
type DocumentedOperation = {
  operationId: string;
  parameters?: ParameterOrRef[];
  requestBody?: { required?: boolean; content: MediaTypes };
  responses: Record<string, { content?: MediaTypes }>;
};
type Json = Record<string, unknown>;

let app: TestApp;
let key: string;
let document: {
  paths: Record<string, Record<string, DocumentedOperation>>;
  components: { schemas: Record<string, Schema>; parameters?: Record<string, Parameter> };
};
const ids: Record<string, string> = {};

beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_PER_MINUTE: "10000000", WRITE_LIMIT_PER_HOUR: "10000000" });
  const founder = await app.signUpWithKey();
  key = founder.key;
  await setPlan(app.db, founder.email, "pro");
  const call = authenticatedJson({ app, key });
  Object.assign(ids, await approvedFirstWeek(app, key));
  const subscription = await call("POST", `/api/v1/projects/${ids.project}/growth/calendar-subscription`);
  ids.token = String(subscription.subscription.url).match(/calendar-feeds\/([^/]+)\//)![1]!;
  const session = await app.sessionContext(founder.email);
  // A second key, for the key revocation (revoking the one the test calls with would end the test).
  ids.key = (await executeOperation(operations.createKey, { body: { name: "Contract test" } }, session)).apiKey.id;
  ids.connection = (await addBlueskyConnection(app.db, { accountId: session.account.id, projectId: ids.project })).id;
  ids.image = (
    await call("POST", `/api/v1/growth/items/${ids.growthItem}/images`, {
      contentType: "image/png",
      data: onePixelPng,
      alt: "A dot",
    })
  ).image.id;
  document = (await app.request("GET", "/api/v1/openapi.json")).json;
}, 180_000);
afterAll(() => app.close());

// --- the document's schemas, for a JSON Schema validator --------------------------------------

const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
addFormats(ajv);
ajv.addFormat("binary", true);

/** `#/components/schemas/X` as a schema of its own (`X.json`), so any schema of the document compiles alone. */
const rewriteRefs = (schema: unknown): unknown =>
  JSON.parse(JSON.stringify(schema).replace(/"#\/components\/schemas\/([^"]+)"/g, '"$1.json"'));
let componentsAdded = false;
const compiled = new Map<string, ValidateFunction>();
function validatorOf(schema: Schema): ValidateFunction {
  if (!componentsAdded) {
    for (const [name, component] of Object.entries(document.components.schemas))
      ajv.addSchema(rewriteRefs(component) as object, `${name}.json`);
    componentsAdded = true;
  }
  const text = JSON.stringify(schema);
  let validate = compiled.get(text);
  if (!validate) {
    validate = ajv.compile(rewriteRefs(schema) as object);
    compiled.set(text, validate);
  }
  return validate;
}
const problemsOf = (schema: Schema, value: unknown) => {
  const validate = validatorOf(schema);
  return validate(value) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath || "(root)"} ${error.message}`);
};

function resolve(schema: Schema): Schema {
  if (!schema.$ref) return schema;
  const { $ref, ...rest } = schema;
  return resolve({ ...document.components.schemas[$ref.replace("#/components/schemas/", "")]!, ...rest });
}
/** An operation's parameters, those shared through `#/components/parameters` (the `Idempotency-Key` header) resolved. */
const parametersOf = (operation: DocumentedOperation): Parameter[] =>
  (operation.parameters ?? []).map((parameter) =>
    "$ref" in parameter ? document.components.parameters![parameter.$ref.replace("#/components/parameters/", "")]! : parameter,
  );
const nonNullOptions = (schema: Schema) =>
  (schema.anyOf ?? schema.oneOf)?.filter((option) => resolve(option).type !== "null") ?? [];
const typeOf = (schema: Schema) => (Array.isArray(schema.type) ? schema.type.find((type) => type !== "null") : schema.type);
/** A oneOf / anyOf made only of `required` lists ("send body or parts"): a rule on the object's members. */
const requiredSets = (schema: Schema) =>
  (schema.oneOf ?? schema.anyOf)?.every((option) => option.required && Object.keys(option).length === 1)
    ? (schema.oneOf ?? schema.anyOf)!.map((option) => option.required!)
    : undefined;

// --- valid values, from the document ----------------------------------------------------------

/** The id of ours a member or parameter of this name takes (a fresh uuid where we have none). */
function idFor(name: string, path: string): string | undefined {
  const byName: Record<string, string | undefined> = {
    id: ids.project,
    projectId: ids.project,
    runId: ids.run,
    cycleId: ids.cycle,
    taskId: ids.task,
    keyId: ids.key,
    connectionId: ids.connection,
    imageId: ids.image,
    token: ids.token,
    itemId: path.includes("/content/") ? ids.contentItem : ids.growthItem,
  };
  return byName[name];
}

/**
 * A value the schema accepts: `full` sends every member (the fullest body), otherwise only
 * the required ones (the smallest). A pattern needs an example in the document to be sampled.
 */
function sample(raw: Schema, full: boolean, path: string, name = "", branch = 0): unknown {
  const schema = resolve(raw);
  if (schema.examples?.length) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const options = nonNullOptions(schema);
  if (options.length && !schema.type) return sample(options[0]!, full, path, name);
  // An object whose members depend on each other ("url with posted, none with not_posted"): each branch in turn, merged in.
  if (typeOf(schema) === "object" && schema.oneOf && !requiredSets(schema)) {
    const chosen = schema.oneOf[branch % schema.oneOf.length]!;
    const properties = { ...schema.properties };
    for (const [member, rule] of Object.entries(chosen.properties ?? {})) properties[member] = { ...properties[member], ...rule };
    const required = [...new Set([...(schema.required ?? []), ...(chosen.required ?? [])])];
    const banned = new Set(chosen.not?.required ?? []);
    const { oneOf: _, ...rest } = schema;
    const merged = {
      ...rest,
      properties: Object.fromEntries(Object.entries(properties).filter(([member]) => !banned.has(member))),
      required,
    };
    return sample(merged, full, path, name);
  }
  switch (typeOf(schema)) {
    case "object": {
      const properties = schema.properties ?? {};
      let names = Object.keys(properties).filter((member) => full || schema.required?.includes(member));
      const sets = requiredSets(schema);
      if (sets) {
        const chosen = sets[branch % sets.length]!;
        const others = new Set(sets.flat().filter((member) => !chosen.includes(member)));
        names = [...new Set([...names.filter((member) => !others.has(member)), ...chosen])];
      }
      for (const member of Object.keys(properties))
        if (names.length < (schema.minProperties ?? 0) && !names.includes(member)) names.push(member);
      return Object.fromEntries(names.map((member) => [member, sample(properties[member]!, full, path, member)]));
    }
    case "array": {
      const count = Math.max(schema.minItems ?? 0, full && (schema.maxItems ?? 1) > 0 ? 1 : 0);
      return Array.from({ length: count }, () => sample(schema.items ?? {}, full, path, name));
    }
    case "string": {
      if (schema.format === "uuid") return idFor(name, path) ?? crypto.randomUUID();
      if (schema.format === "date-time") return new Date(Date.now() + 86_400_000).toISOString();
      if (schema.format === "date") return new Date().toISOString().slice(0, 10);
      if (schema.format === "email") return `contract-${crypto.randomUUID().slice(0, 8)}@example.com`;
      if (schema.format === "uri") return "https://example.com/";
      const known = idFor(name, path);
      if (known && (!schema.pattern || new RegExp(schema.pattern, "u").test(known))) return known;
      const value = "x".repeat(Math.min(Math.max(schema.minLength ?? 0, 8), schema.maxLength ?? 8));
      if (schema.pattern && !new RegExp(schema.pattern, "u").test(value))
        throw new Error(`${path} ${name}: a pattern without an example in the document (${schema.pattern})`);
      return value;
    }
    case "integer":
    case "number":
      return Math.min(schema.minimum ?? (schema.exclusiveMinimum ?? 0) + 1, schema.maximum ?? Number.MAX_SAFE_INTEGER);
    case "boolean":
      return true;
    case "null":
      return null;
    default:
      return "x";
  }
}

// --- what breaks one documented rule ----------------------------------------------------------

interface Violation {
  rule: string;
  value: unknown;
}

const at = (root: unknown, path: (string | number)[]) =>
  path.reduce<unknown>((value, member) => (value as Record<string | number, unknown>)?.[member], root);
function setAt(root: unknown, path: (string | number)[], value: unknown, remove = false): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  const parent = at(copy, path.slice(0, -1)) as Record<string | number, unknown>;
  if (remove) delete parent[path.at(-1)!];
  else parent[path.at(-1)!] = value;
  return copy;
}

/** A string of `length` characters that the pattern refuses (undefined when every candidate matches it). */
function notMatching(pattern: string, length: number) {
  const regex = new RegExp(pattern, "u");
  return ["!", "~", " ", "-", "0"].map((char) => char.repeat(Math.max(length, 1))).find((value) => !regex.test(value));
}

/** One request per documented rule of the schema at every depth of `base`, each breaking that rule alone. */
function violations(root: Schema, base: unknown): Violation[] {
  const found: Violation[] = [];
  const visit = (raw: Schema, path: (string | number)[]) => {
    const schema = resolve(raw);
    const where = path.length ? path.join(".") : "(root)";
    const put = (rule: string, value: unknown) => found.push({ rule: `${where}: ${rule}`, value: setAt(base, path, value) });
    const value = at(base, path);
    if (value === null) return;
    const options = nonNullOptions(schema);
    if (options.length === 1 && !schema.type) return visit(options[0]!, path);
    if (options.length > 1 && !schema.type) return;
    const type = typeOf(schema);
    if (type && type !== "string") put(`type ${type}, sent a string`, "not-of-this-type");
    if (type === "string") put("type string, sent a number", 42);
    if (schema.enum?.every((option) => typeof option === "string")) put("enum", "not-one-of-them");
    if (schema.const !== undefined && typeof schema.const === "string") put("const", `${schema.const}-not`);
    if (type === "string" && !schema.enum && schema.const === undefined) {
      if (schema.minLength) put(`minLength ${schema.minLength}`, "y".repeat(schema.minLength - 1));
      if (schema.maxLength !== undefined) put(`maxLength ${schema.maxLength}`, "y".repeat(schema.maxLength + 1));
      const formats: Record<string, string> = {
        uuid: "not-a-uuid",
        "date-time": "next tuesday",
        date: "next tuesday",
        email: "not-an-email",
        uri: "not a uri",
      };
      if (schema.format && formats[schema.format]) put(`format ${schema.format}`, formats[schema.format]);
      else if (schema.pattern) {
        const refused = notMatching(schema.pattern, Math.min(Math.max(schema.minLength ?? 1, 2), schema.maxLength ?? 2));
        if (refused !== undefined) put("pattern", refused);
      }
    }
    if (type === "integer" || type === "number") {
      if (schema.minimum !== undefined) put(`minimum ${schema.minimum}`, schema.minimum - 1);
      if (schema.maximum !== undefined) put(`maximum ${schema.maximum}`, schema.maximum + 1);
      if (type === "integer") put("type integer, sent a fraction", 1.5);
    }
    if (type === "array" && Array.isArray(value)) {
      const item = value[0] ?? sample(schema.items ?? {}, true, where);
      if (schema.maxItems !== undefined)
        put(
          `maxItems ${schema.maxItems}`,
          Array.from({ length: schema.maxItems + 1 }, () => structuredClone(item)),
        );
      if (schema.minItems) put(`minItems ${schema.minItems}`, value.slice(0, schema.minItems - 1));
      if (value.length > 0 && schema.items) visit(schema.items, [...path, 0]);
    }
    if (type === "object" && typeof value === "object" && !Array.isArray(value)) {
      const object = value as Json;
      for (const member of schema.required ?? [])
        if (member in object)
          found.push({ rule: `${where}.${member}: required`, value: setAt(base, [...path, member], 0, true) });
      if (schema.additionalProperties === false) put("additionalProperties false", { ...object, contractUnknownMember: 1 });
      if (schema.minProperties)
        put(
          `minProperties ${schema.minProperties}`,
          Object.fromEntries(Object.entries(object).slice(0, schema.minProperties - 1)),
        );
      const sets = requiredSets(schema);
      if (sets) {
        const named = new Set(sets.flat());
        put(
          "one of the required sets, sent none",
          Object.fromEntries(Object.entries(object).filter(([member]) => !named.has(member))),
        );
        if (schema.oneOf) {
          const both = { ...object };
          for (const member of named) both[member] ??= sample(schema.properties?.[member] ?? {}, true, where, member);
          put("exactly one of the required sets, sent all", both);
        }
      }
      for (const [member, child] of Object.entries(schema.properties ?? {}))
        if (member in object) visit(child, [...path, member]);
    }
  };
  visit(root, []);
  return found;
}

// --- sending, and judging an answer -----------------------------------------------------------

interface Request {
  method: string;
  path: string;
  params: Record<string, string>;
  query: Record<string, string>;
  /** Documented header parameters (`Idempotency-Key`). */
  headers: Record<string, string>;
  body?: unknown;
}
interface Answer {
  status: number;
  type: string;
  body: unknown;
  text: string;
}

async function send({ method, path, params, query, headers: sent, body }: Request): Promise<Answer> {
  const target =
    path.replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(params[name]!)) +
    (Object.keys(query).length ? `?${new URLSearchParams(query)}` : "");
  const headers: Record<string, string> = { ...sent, authorization: `Bearer ${key}` };
  if (body !== undefined) headers["content-type"] = "application/json";
  const abort = new AbortController();
  const response = await dispatch(
    new Request(`http://launchloop.test${target}`, {
      method: method.toUpperCase(),
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: abort.signal,
    }),
  );
  const type = response.headers.get("content-type") ?? "";
  if (type.startsWith("text/event-stream")) {
    // A stream that stays open: its first event is enough to know what it answers.
    const reader = response.body!.getReader();
    const first = await reader.read();
    await reader.cancel();
    abort.abort();
    return { status: response.status, type, body: undefined, text: new TextDecoder().decode(first.value) };
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  let parsed: unknown = text;
  if (type.startsWith("application/json")) parsed = JSON.parse(text);
  return { status: response.status, type, body: parsed, text };
}

const baseType = (mediaType: string) => mediaType.split(";")[0]!.trim().toLowerCase();

/** What is wrong with an answer, by the document (empty: it is what the document says). */
function answerProblems(operation: DocumentedOperation, answer: Answer): string[] {
  const response = operation.responses[String(answer.status)];
  if (!response) return [`status ${answer.status} is not documented (${answer.text.slice(0, 200)})`];
  const content = response.content ?? {};
  const documented = Object.entries(content).find(([mediaType]) => baseType(mediaType) === baseType(answer.type));
  if (!documented) return [`${answer.status} answered ${answer.type}; documented: ${Object.keys(content).join(", ")}`];
  const schema = documented[1].schema;
  if (!schema || answer.body === undefined) return [];
  // A JSON answer is checked whatever its schema says (a JSON object declared as binary is a drift).
  return problemsOf(schema, answer.body).map((problem) => `${answer.status} ${answer.type}: ${problem}`);
}

// --- the walk ---------------------------------------------------------------------------------

function operationsOfDocument() {
  const all = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );
  // Deletions last (they take away what the others are called with).
  return [...all.filter(({ method }) => method !== "delete"), ...all.filter(({ method }) => method === "delete")];
}

function validRequest(path: string, method: string, operation: DocumentedOperation): Request {
  const params: Record<string, string> = {};
  const query: Record<string, string> = {};
  for (const parameter of parametersOf(operation)) {
    if (parameter.in === "path") params[parameter.name] = String(sample(parameter.schema, true, path, parameter.name));
    else if (parameter.in === "query" && parameter.required)
      query[parameter.name] = String(sample(parameter.schema, true, path, parameter.name));
  }
  Object.assign(query, validInput[operation.operationId]?.query);
  return { method, path, params, query, headers: {} };
}

const bodySchemaOf = (operation: DocumentedOperation) => operation.requestBody?.content["application/json"]?.schema;

/** Fills the members holding our ids (a run, an item of the cycle) into a body from valid-input.ts. */
function withOurIds(body: Json, schema: Schema, path: string): Json {
  const properties = resolve(schema).properties ?? {};
  const filled = { ...body };
  for (const [name, member] of Object.entries(properties))
    if (resolve(member).format === "uuid" && idFor(name, path) && !(name in filled)) filled[name] = idFor(name, path);
  return filled;
}

/**
 * A 400 `invalid_request` for a body the document accepts, by a rule about the account's
 * state that no schema can say (each named here, with the words the server answers).
 */
const stateRules: Record<string, RegExp> = {
  // Checkout for the plan the account already pays for (the founder is on pro).
  "/api/v1/billing/checkout": /already pays for/,
};
const stateRule = (path: string, answer: Answer) => stateRules[path]?.test(answer.text) ?? false;

/** The branches of a body's "send this or that" rule: 0 alone when it has none. */
const branchesOf = (schema: Schema) => {
  const resolved = resolve(schema);
  const count = requiredSets(resolved)?.length ?? (resolved.oneOf?.length || 1);
  return Array.from({ length: count }, (_, index) => index);
};

describe("the OpenAPI document is the server's contract (generated from the document)", () => {
  it("answers valid requests to every operation with a documented status and a body its schema accepts", async () => {
    const problems: string[] = [];
    const statuses: Record<number, number> = {};
    let checked = 0;
    for (const { path, method, operation } of operationsOfDocument()) {
      const base = validRequest(path, method, operation);
      const schema = bodySchemaOf(operation);
      const bodies: [string, unknown][] = schema
        ? [
            ...(validInput[operation.operationId]?.body
              ? ([["valid-input.ts", withOurIds(validInput[operation.operationId]!.body!, schema, path)]] as [string, unknown][])
              : []),
            ["the smallest body", sample(schema, false, path)],
            ...branchesOf(schema).map(
              (branch) =>
                [`the fullest body${branch ? `, branch ${branch}` : ""}`, sample(schema, true, path, "", branch)] as [
                  string,
                  unknown,
                ],
            ),
          ]
        : [["no body", undefined]];
      if (schema && !operation.requestBody?.required) bodies.push(["the body left out", undefined]);
      for (const [label, body] of bodies) {
        const name = `${method.toUpperCase()} ${path} (${label})`;
        if (schema && body !== undefined) {
          const invalid = problemsOf(schema, body);
          if (invalid.length) problems.push(`${name}: the generator's body breaks the document: ${invalid.join("; ")}`);
        }
        const answer = await send({ ...base, body });
        checked++;
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        for (const problem of answerProblems(operation, answer)) problems.push(`${name}: ${problem}`);
        const code = (answer.body as { code?: string } | undefined)?.code;
        if (answer.status === 400 && (code === "invalid_request" || code === "invalid_json") && !stateRule(path, answer))
          problems.push(`${name}: the document accepts it, the server refused it: ${answer.text.slice(0, 300)}`);
        if (answer.status >= 500) problems.push(`${name}: ${answer.status} ${answer.text.slice(0, 300)}`);
      }
    }
    console.log(
      `contract (positive): ${checked} valid requests to ${operationsOfDocument().length} operations; answers by status: ${JSON.stringify(statuses)}`,
    );
    // Most answers are successes, so most response schemas are checked on real data, not only the error envelope.
    const successes = Object.entries(statuses).filter(([status]) => Number(status) < 300);
    expect(successes.reduce((sum, [, count]) => sum + count, 0)).toBeGreaterThan(checked / 2);
    expect(problems).toEqual([]);
  }, 300_000);

  it("answers a request breaking any documented rule with its documented 400 invalid_request", async () => {
    const problems: string[] = [];
    const rules = new Set<string>();
    let checked = 0;
    const expectRefused = async (name: string, operation: DocumentedOperation, request: Request) => {
      const answer = await send(request);
      checked++;
      const code = (answer.body as { code?: string } | undefined)?.code;
      if (answer.status !== 400 || code !== "invalid_request")
        problems.push(`${name}: answered ${answer.status} ${code ?? ""} ${answer.text.slice(0, 200)}`);
      for (const problem of answerProblems(operation, answer)) problems.push(`${name}: ${problem}`);
    };
    for (const { path, method, operation } of operationsOfDocument()) {
      const base = validRequest(path, method, operation);
      const schema = bodySchemaOf(operation);
      const body = schema ? sample(schema, true, path) : undefined;
      const label = `${method.toUpperCase()} ${path}`;
      // Each branch of a "send this or that" body is broken on its own, so the rules inside every branch are reached.
      const bases = schema ? branchesOf(schema).map((branch) => sample(schema, true, path, "", branch)) : [];
      for (const parameter of parametersOf(operation)) {
        const where = parameter.in === "path" ? base.params : parameter.in === "header" ? base.headers : base.query;
        const value = where[parameter.name] ?? String(sample(parameter.schema, true, path, parameter.name));
        const typed = resolve(parameter.schema).type === "string" || !/^[-\d.]+$/.test(value) ? value : Number(value);
        for (const violation of violations(parameter.schema, typed)) {
          // A path or query value is text: a number sent for a string is a string like any other.
          if (violation.rule.includes("type string") || typeof violation.value === "object") continue;
          if (!problemsOf(parameter.schema, violation.value).length) continue;
          rules.add(violation.rule.replace(/^.*: /, "").replace(/ \d+$/, ""));
          const broken = { ...base, params: { ...base.params }, query: { ...base.query }, headers: { ...base.headers }, body };
          (parameter.in === "path" ? broken.params : parameter.in === "header" ? broken.headers : broken.query)[parameter.name] =
            String(violation.value);
          await expectRefused(`${label} ${parameter.in} ${parameter.name} ${violation.rule}`, operation, broken);
        }
        if (parameter.in === "query" && parameter.required) {
          const { [parameter.name]: _left, ...query } = base.query;
          rules.add("required");
          await expectRefused(`${label} query ${parameter.name}: required`, operation, { ...base, query, body });
        }
      }
      if (parametersOf(operation).some((parameter) => parameter.in === "query")) {
        // Not a rule a parameter list can state: every request object is closed (docs/api.md), queries too.
        await expectRefused(`${label} query: an undocumented parameter`, operation, {
          ...base,
          query: { ...base.query, contractUnknown: "1" },
          body,
        });
      }
      if (schema) {
        for (const violation of bases.flatMap((one) => violations(schema, one))) {
          // A rule the generator broke together with another, or not at all, proves nothing.
          if (!problemsOf(schema, violation.value).length) continue;
          rules.add(violation.rule.replace(/^.*: /, "").replace(/ \d+$/, ""));
          await expectRefused(`${label} body ${violation.rule}`, operation, { ...base, body: violation.value });
        }
        if (operation.requestBody?.required) {
          rules.add("a required body");
          await expectRefused(`${label}: the body left out`, operation, { ...base, body: undefined });
        }
      }
    }
    console.log(
      `contract (negative): ${checked} requests breaking one documented rule each; rules: ${[...rules].sort().join(", ")}`,
    );
    expect(problems).toEqual([]);
    for (const rule of [
      "required",
      "additionalProperties false",
      "minLength",
      "maxLength",
      "minItems",
      "maxItems",
      "minimum",
      "maximum",
      "enum",
      "pattern",
      "format",
      "minProperties",
      "one of the required sets",
      "exactly one of the required sets",
    ])
      expect(
        [...rules].some((seen) => seen.startsWith(rule)),
        rule,
      ).toBe(true);
  }, 300_000);
});
