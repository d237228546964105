import { z } from "zod";

/**
 * What `tools/list` advertises. Turned into JSON Schema whole, the output schemas (whole
 * nested resources, regex patterns for every uuid and timestamp, input limits) made up most
 * of a 115 KB answer. Each tool advertises a compact JSON Schema instead; its arguments and
 * answers are still checked by the operation's own zod schemas in the executor.
 */
type Json = Record<string, unknown>;

/** Object nesting kept in an advertised output schema; deeper objects are declared as open objects. */
const keptObjectDepth = 1;
/** Input-side limits, and noise, that say nothing useful about an answer. */
const droppedFromOutput = new Set([
  "$schema",
  "minLength",
  "maxLength",
  "minItems",
  "maxItems",
  "additionalProperties",
  "propertyNames",
]);
const safeIntegerBound = (key: string, value: unknown) =>
  (key === "minimum" || key === "maximum") && Math.abs(value as number) === Number.MAX_SAFE_INTEGER;

const scalarTypes = ["string", "integer", "number", "boolean"];

/** `anyOf: [{type: T, ...}, {type: "null"}]` for a scalar T (or one of `types`), as `{type: [T, "null"], ...}`. */
function mergeNullable(json: Json, types = scalarTypes): Json {
  const options = json.anyOf;
  if (!Array.isArray(options) || options.length !== 2) return json;
  const [value, nothing] = options as Json[];
  if (nothing?.type !== "null" || Object.keys(nothing).length !== 1) return json;
  if (typeof value?.type !== "string" || !types.includes(value.type) || value.anyOf || value.enum || value.const !== undefined)
    return json;
  const { anyOf: _, ...rest } = json;
  return { ...value, ...rest, type: [value.type, "null"] };
}

const withoutDescription = ({ description: _, ...rest }: Json) => rest;
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A union of objects with the same fields (e.g. one agent run per `agentType`) as one object:
 * a field that differs only by its description is kept once without it, consts become one
 * enum, anything else an `anyOf` of its variants. Every member of the union still matches.
 */
function mergeObjectUnion(json: Json): Json {
  const key = json.oneOf ? "oneOf" : "anyOf";
  const options = json[key] as Json[] | undefined;
  if (!Array.isArray(options) || options.length < 2) return json;
  const objects = options.filter((option) => option.type === "object" && option.properties);
  if (objects.length !== options.length) return json;
  const names = Object.keys(objects[0]!.properties as Json);
  const sameFields = objects.every(
    (option) => sameJson(Object.keys(option.properties as Json), names) && sameJson(option.required, objects[0]!.required),
  );
  if (!sameFields) return json;
  const properties: Json = {};
  for (const name of names) {
    const variants = objects.map((option) => (option.properties as Record<string, Json>)[name]!);
    const first = variants[0]!;
    if (variants.every((variant) => sameJson(variant, first))) properties[name] = first;
    else if (variants.every((variant) => sameJson(withoutDescription(variant), withoutDescription(first))))
      properties[name] = withoutDescription(first);
    else if (variants.every((variant) => variant.const !== undefined && variant.type === first.type))
      properties[name] = { type: first.type, enum: variants.map((variant) => variant.const) };
    else properties[name] = { anyOf: variants };
  }
  const { [key]: _, ...rest } = json;
  return { ...rest, type: "object", properties, ...(objects[0]!.required !== undefined && { required: objects[0]!.required }) };
}

/**
 * A response's advertised output schema: its top level (members, types, enums, nullability,
 * descriptions, required members) and the fields of the unnamed objects in it; a named
 * resource (e.g. `Project`, `GrowthItem`) is an object named by its `title`, whose fields are
 * those of the OpenAPI document's schema of that name (the same zod schema's id), and deeper
 * unnamed objects are open objects. Spelled out in every tool (or once, the first time a tool
 * answered it), the resources were half of `tools/list`; an assistant sees their fields in
 * the first answer. Every answer that matches the full schema matches this one, so clients
 * validating `structuredContent` against it accept what the tool returns; the server still
 * validates against the full schema (the executor's response parse and the SDK's check).
 */
export function compactOutputSchema(schema: z.ZodType): Json {
  const full = z.toJSONSchema(schema, { target: "draft-7", io: "output", unrepresentable: "any" }) as Json;
  const definitions = (full.definitions ?? {}) as Record<string, Json>;

  function compact(node: unknown, depth: number): unknown {
    if (Array.isArray(node)) return node.map((entry) => compact(entry, depth));
    if (!node || typeof node !== "object") return node;
    let json = node as Json;
    const ref = typeof json.$ref === "string" ? /^#\/definitions\/(.+)$/.exec(json.$ref)?.[1] : undefined;
    if (ref && definitions[ref])
      json = { ...definitions[ref], ...Object.fromEntries(Object.entries(json).filter(([key]) => key !== "$ref")) };
    const isObject = json.type === "object" || json.properties !== undefined;
    const options = (json.anyOf ?? json.oneOf) as Json[] | undefined;
    const objectsOnly =
      isObject || (options?.every((option) => option.type === "object" || option.properties !== undefined) ?? false);
    if ((isObject && depth >= keptObjectDepth) || (ref && objectsOnly)) {
      // A named resource keeps its name (e.g. `GrowthItem`), so the reader knows what the object is.
      return {
        ...(objectsOnly && { type: "object" }),
        ...(ref && { title: ref }),
        ...(typeof json.description === "string" && { description: json.description }),
      };
    }
    const out: Json = ref ? { title: ref } : {};
    for (const [key, value] of Object.entries(json)) {
      if (droppedFromOutput.has(key) || key === "definitions" || safeIntegerBound(key, value)) continue;
      // A format (uuid, date-time) says what its pattern and stock description spell out.
      if ((key === "pattern" || key === "description") && json.format) continue;
      if (key === "properties") {
        out.properties = Object.fromEntries(
          Object.entries(value as Json).map(([name, child]) => [name, compact(child, depth + 1)]),
        );
      } else {
        out[key] = compact(value, depth);
      }
    }
    return mergeObjectUnion(mergeNullable(out));
  }

  return compact(full, -1) as Json;
}

/** Longer than this, an input's regex is left out of `tools/list` (see `compactInputSchema`). */
const longestAdvertisedPattern = 100;

/** Members of a schema whose values are data, not schemas. */
const literalKeys = new Set(["enum", "const", "default", "examples", "required"]);

/** Whether every example of a schema is already in its description ("e.g. en, de, pt-BR"). */
const examplesInDescription = (json: Json) =>
  Array.isArray(json.examples) &&
  typeof json.description === "string" &&
  json.examples.every((example) => typeof example === "string" && (json.description as string).includes(example));

/** What an input schema's node advertises without: the rest says it (see `compactInputSchema`). */
function saysNothingNew(json: Json, key: string, value: unknown) {
  if (key === "pattern") return Boolean(json.format) || (typeof value === "string" && value.length > longestAdvertisedPattern);
  if (key === "minLength" || key === "minItems") return typeof value === "number" && value <= 1;
  return key === "examples" && examplesInDescription(json);
}

/**
 * Each definition used once (the onboarding answers, a week's plan) written where it is
 * used: the same schema without `$ref`s, which some clients do not follow. A definition used
 * twice, or by itself, stays a definition.
 */
function inlineDefinitions(json: Json): Json {
  const definitions = json.definitions as Record<string, Json> | undefined;
  if (!definitions) return json;
  const refName = (node: Json) => (typeof node.$ref === "string" ? /^#\/definitions\/(.+)$/.exec(node.$ref)?.[1] : undefined);
  const text = JSON.stringify(json);
  const uses = (name: string, within = text) => within.split(`"$ref":"#/definitions/${name}"`).length - 1;
  const once = new Set(
    Object.keys(definitions).filter((name) => uses(name) === 1 && uses(name, JSON.stringify(definitions[name])) === 0),
  );
  const inline = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(inline);
    if (!node || typeof node !== "object") return node;
    let schema = node as Json;
    // zod writes a described reference as `{description, allOf: [{$ref}]}`.
    const wrapped = Array.isArray(schema.allOf) && schema.allOf.length === 1 ? (schema.allOf[0] as Json) : undefined;
    if (wrapped && once.has(refName(wrapped) ?? "")) {
      const { allOf: _, ...rest } = schema;
      schema = { ...wrapped, ...rest };
    }
    const name = refName(schema);
    if (name && once.has(name)) {
      const { $ref: _, ...rest } = schema;
      schema = { ...definitions[name], ...rest };
    }
    return Object.fromEntries(
      Object.entries(schema).map(([key, value]) => [
        key,
        key === "properties"
          ? Object.fromEntries(Object.entries(value as Json).map(([field, child]) => [field, inline(child)]))
          : inline(value),
      ]),
    );
  };
  const { definitions: _, ...rest } = json;
  const kept = Object.fromEntries(Object.entries(definitions).filter(([name]) => !once.has(name)));
  const inlined = inline(rest) as Json;
  if (Object.keys(kept).length === 0) return inlined;
  return {
    ...inlined,
    definitions: Object.fromEntries(Object.entries(kept).map(([name, definition]) => [name, inline(definition)])),
  };
}

/**
 * An input's advertised schema: the SDK's, less what the rest of it already says: the regex of
 * strings that carry a format (uuid, date-time), regexes as long as a paragraph (the BCP 47
 * tag's 200 characters: its description says it to a model better), a lower bound of 0 or 1
 * (required, or not empty), examples its description already gives; with nullable scalars and
 * lists as one `type: [T, "null"]` (the same values, a third of the bytes: the onboarding
 * answers are mostly nullable) and each definition used once written in place. The executor
 * still checks every argument with the operation's own schemas.
 */
export function compactInputSchema(schema: z.ZodType): Json {
  const full = z.toJSONSchema(schema, { target: "draft-7", io: "input", unrepresentable: "any" }) as Json;
  const strip = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(strip);
    if (!node || typeof node !== "object") return node;
    const json = node as Json;
    const named = (map: unknown) => Object.fromEntries(Object.entries(map as Json).map(([name, child]) => [name, strip(child)]));
    return mergeNullable(
      Object.fromEntries(
        Object.entries(json)
          .filter(([key, value]) => !saysNothingNew(json, key, value))
          .map(([key, value]) => [
            key,
            literalKeys.has(key) ? value : key === "properties" || key === "definitions" ? named(value) : strip(value),
          ]),
      ),
      [...scalarTypes, "array"],
    );
  };
  // `$schema` only where draft-07 `definitions` need it, as for outputs: without, every draft reads the schema alike.
  const { $schema, ...rest } = inlineDefinitions(strip(full) as Json);
  return "definitions" in rest ? { $schema, ...rest } : rest;
}

/** A tool's advertised schemas, as `tools/list` sends them. */
export interface AdvertisedSchemas {
  input: Json;
  output: Json;
}

// MCP servers are made per request: the tools' schemas are prepared once per operation list.
const prepared = new WeakMap<readonly object[], Map<object, AdvertisedSchemas>>();

/**
 * Each tool's `inputSchema` and `outputSchema`. `schemasOf` gives an operation's input and
 * response schemas, or nothing when it is not a tool.
 */
export function toolSchemas<T extends object>(
  operations: readonly T[],
  schemasOf: (operation: T) => { input: z.ZodType; response: z.ZodType } | undefined,
) {
  let schemas = prepared.get(operations);
  if (!schemas) {
    schemas = new Map();
    for (const operation of operations) {
      const declared = schemasOf(operation);
      if (!declared) continue;
      const shape = declared.response instanceof z.ZodObject ? (declared.response.shape as z.ZodRawShape) : {};
      // A fresh top-level object: the registered schema's id would turn it into a bare $ref.
      const output = z.object(shape);
      schemas.set(operation, { input: compactInputSchema(declared.input), output: compactOutputSchema(output) });
    }
    prepared.set(operations, schemas);
  }
  return schemas as Map<T, AdvertisedSchemas>;
}
