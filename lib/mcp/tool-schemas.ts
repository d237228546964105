import { z } from "zod";

/**
 * What `tools/list` advertises. The SDK turns each tool's zod schemas into JSON Schema;
 * left alone, the output schemas (whole nested resources, regex patterns for every uuid
 * and timestamp, input limits) made up most of a 115 KB answer. Here each tool keeps its
 * zod schemas for validation and advertises a compact JSON Schema through zod's
 * `toJSONSchema` hook on that one schema object.
 */
type Json = Record<string, unknown>;

/** Object nesting kept in an advertised output schema; deeper objects are declared as open objects. */
const keptObjectDepth = 1;
/** Input-side limits, and noise, that say nothing useful about an answer. */
const droppedFromOutput = new Set(["$schema", "minLength", "maxLength", "minItems", "maxItems", "additionalProperties", "propertyNames"]);
const safeIntegerBound = (key: string, value: unknown) => (key === "minimum" || key === "maximum") && Math.abs(value as number) === Number.MAX_SAFE_INTEGER;

/** `anyOf: [{type: T, ...}, {type: "null"}]` for a scalar T, as `{type: [T, "null"], ...}`. */
function mergeNullable(json: Json): Json {
  const options = json.anyOf;
  if (!Array.isArray(options) || options.length !== 2) return json;
  const [value, nothing] = options as Json[];
  if (nothing?.type !== "null" || Object.keys(nothing).length !== 1) return json;
  if (typeof value?.type !== "string" || !["string", "integer", "number", "boolean"].includes(value.type) || value.anyOf || value.enum || value.const !== undefined) return json;
  const { anyOf: _, ...rest } = json;
  return { ...value, ...rest, type: [value.type, "null"] };
}

/**
 * A response's advertised output schema: field names, types, enums, nullability, formats,
 * descriptions and required members of the top-level object and of the resources
 * directly in it; objects deeper down are open objects named by their schema
 * id. A named resource (e.g. `Project`) is described once: where `described` already has
 * it (an earlier tool in the list described it), it is only named. Every answer that
 * matches the full schema matches this one, so clients validating `structuredContent`
 * against it accept what the tool returns; the server still validates against the full
 * schema (the executor's response parse and the SDK's check).
 */
export function compactOutputSchema(schema: z.ZodType, described = new Set<string>()): Json {
  const full = z.toJSONSchema(schema, { target: "draft-7", io: "output", unrepresentable: "any" }) as Json;
  const definitions = (full.definitions ?? {}) as Record<string, Json>;

  function compact(node: unknown, depth: number): unknown {
    if (Array.isArray(node)) return node.map((entry) => compact(entry, depth));
    if (!node || typeof node !== "object") return node;
    let json = node as Json;
    const ref = typeof json.$ref === "string" ? /^#\/definitions\/(.+)$/.exec(json.$ref)?.[1] : undefined;
    if (ref && definitions[ref]) json = { ...definitions[ref], ...Object.fromEntries(Object.entries(json).filter(([key]) => key !== "$ref")) };
    const isObject = json.type === "object" || json.properties !== undefined;
    const options = (json.anyOf ?? json.oneOf) as Json[] | undefined;
    const objectsOnly = isObject || (options?.every((option) => option.type === "object" || option.properties !== undefined) ?? false);
    if ((isObject && depth >= keptObjectDepth) || (ref && described.has(ref))) {
      // Named resources keep their name (e.g. `GrowthItem`), so the reader knows what the object is.
      return { ...(objectsOnly && { type: "object" }), ...(ref && { title: ref }), ...(typeof json.description === "string" && { description: json.description }) };
    }
    if (ref) described.add(ref);
    const out: Json = ref ? { title: ref } : {};
    for (const [key, value] of Object.entries(json)) {
      if (droppedFromOutput.has(key) || key === "definitions" || safeIntegerBound(key, value)) continue;
      // A format (uuid, date-time) says what its pattern and stock description spell out.
      if ((key === "pattern" || key === "description") && json.format) continue;
      if (key === "properties") {
        out.properties = Object.fromEntries(Object.entries(value as Json).map(([name, child]) => [name, compact(child, depth + 1)]));
      } else {
        out[key] = compact(value, depth);
      }
    }
    return mergeNullable(out);
  }

  return compact(full, -1) as Json;
}

/** An input's advertised schema: exactly the SDK's, less the regex of strings that carry a format (uuid, date-time). */
export function compactInputSchema(schema: z.ZodType): Json {
  const full = z.toJSONSchema(schema, { target: "draft-7", io: "input", unrepresentable: "any" }) as Json;
  const strip = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(strip);
    if (!node || typeof node !== "object") return node;
    const json = node as Json;
    return Object.fromEntries(Object.entries(json).filter(([key]) => !(key === "pattern" && json.format)).map(([key, value]) => [key, strip(value)]));
  };
  return strip(full) as Json;
}

/**
 * The JSON Schema a tool's schema advertises (prepared by `toolSchemas`), for tools/list. Its
 * `$schema` only where it has draft-07 `definitions` to resolve; without, any draft reads it the same.
 */
export function advertisedJson(schema: z.ZodType) {
  const json = (schema._zod as { toJSONSchema?: () => Json }).toJSONSchema!();
  if (json.definitions) return json as { type: "object"; [key: string]: unknown };
  const { $schema: _, ...rest } = json;
  return rest as { type: "object"; [key: string]: unknown };
}

function advertising<T extends z.ZodType>(schema: T, json: Json): T {
  (schema._zod as { toJSONSchema?: () => Json }).toJSONSchema = () => structuredClone(json);
  return schema;
}

// MCP servers are made per request: the tools' schemas are prepared once per operation list.
const prepared = new WeakMap<readonly object[], Map<object, { input: z.ZodType; output: z.ZodObject }>>();

/**
 * Each tool's `inputSchema` and `outputSchema`, in list order (a resource is described by
 * the first tool whose output has it). `schemasOf` gives an operation's input and response
 * schemas, or nothing when it is not a tool.
 */
export function toolSchemas<T extends object, I extends z.ZodType>(operations: readonly T[], schemasOf: (operation: T) => { input: I; response: z.ZodType } | undefined) {
  let schemas = prepared.get(operations);
  if (!schemas) {
    schemas = new Map();
    const described = new Set<string>();
    for (const operation of operations) {
      const declared = schemasOf(operation);
      if (!declared) continue;
      const shape = declared.response instanceof z.ZodObject ? (declared.response.shape as z.ZodRawShape) : {};
      // A fresh top-level object: the registered schema's id would turn it into a bare $ref.
      const output = z.object(shape);
      schemas.set(operation, {
        input: advertising(declared.input, compactInputSchema(declared.input)),
        output: advertising(output, compactOutputSchema(output, described)),
      });
    }
    prepared.set(operations, schemas);
  }
  return schemas as Map<T, { input: I; output: z.ZodObject }>;
}
