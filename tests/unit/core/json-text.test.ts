import { describe, expect, it } from "vitest";
import { JsonText } from "@/lib/core/json-text";
import { jsonResponse } from "@/lib/http/responses";

describe("JSON text", () => {
  const parts = ['{"project":{"name":"Brötchen „frisch“"},"runs":[', '{"output":"日本語 🚀 \\u00e9"},{"a":"\ud800"}', "]}"];

  it("encodes its parts as the joined text would be encoded, a lone surrogate as U+FFFD", () => {
    const text = new JsonText(...parts);
    expect(text.text).toBe(parts.join(""));
    expect(text.bytes().equals(Buffer.from(parts.join("")))).toBe(true);
    expect(text.bytes().includes(Buffer.from("\ufffd"))).toBe(true);
  });

  it("goes out in a response as the same UTF-8 a string body would, whether text or a value", async () => {
    const asText = await jsonResponse(new JsonText(...parts), 200, new Headers()).arrayBuffer();
    const asString = await new Response(parts.join("")).arrayBuffer();
    expect(Buffer.from(asText).equals(Buffer.from(asString))).toBe(true);
    const value = { name: "Ziel: 300 Abonnent:innen 🚀" };
    expect(await jsonResponse(value, 201, new Headers()).json()).toEqual(value);
  });
});
