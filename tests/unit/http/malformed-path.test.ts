import { describe, expect, it } from "vitest";
import { hasMalformedEscape } from "@/lib/http/malformed-path";

describe("malformed percent-escapes", () => {
  it("are told apart from valid ones", () => {
    for (const path of ["/api/v1/%zz", "/api/v1/projects/%E0%A4%A", "/api/v1/%"]) expect(hasMalformedEscape(path)).toBe(true);
    for (const path of ["/api/v1/projects/%20x", "/api/v1/me", "/api/v1/%F0%9F%9A%80"])
      expect(hasMalformedEscape(path)).toBe(false);
  });
});
