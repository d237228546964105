import fs from "node:fs";
import { describe, expect, it } from "vitest";

// The server suite's global setup made the production build (`npm start`'s, without LAUNCHLOOP_BENCH).
const routes = () =>
  Object.values(JSON.parse(fs.readFileSync(".next/app-path-routes-manifest.json", "utf8")) as Record<string, string>);

describe("the production build", () => {
  it("has the product's routes and none of the benchmark-only ones", () => {
    expect(routes()).toContain("/api/v1/[[...path]]");
    expect(routes()).toContain("/api/mcp");
    expect(routes().filter((route) => route.startsWith("/api/bench"))).toEqual([]);
  });
});
