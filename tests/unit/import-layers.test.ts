import fs from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

// `npm run check:imports` judges only modules with an import: a folder of lib/ whose files
// import nothing would sit in no layer unnoticed. Read lib/ itself against the layers.

interface Rule {
  name: string;
  from: { pathNot?: string[] };
}
const config: { forbidden: Rule[] } = createRequire(import.meta.url)("../../.dependency-cruiser.cjs");
const layerPatterns = config.forbidden
  .find((rule) => rule.name === "lib-outside-the-layers")!
  .from.pathNot!.map((pattern) => new RegExp(pattern));

/** A path of lib/ for each folder (a file inside it) and each top-level file, as the rule sees them. */
const libEntries = (root: string) =>
  fs
    .readdirSync(root, { withFileTypes: true })
    .map((entry) => (entry.isDirectory() ? `lib/${entry.name}/index.ts` : `lib/${entry.name}`));

const outsideTheLayers = (entries: string[]) => entries.filter((entry) => !layerPatterns.some((layer) => layer.test(entry)));

describe("import layers", () => {
  it("put every folder and file of lib/ in a layer", () => {
    expect(outsideTheLayers(libEntries("lib"))).toEqual([]);
  });

  it("would see a new folder in no layer", () => {
    expect(outsideTheLayers(["lib/services/x.ts", "lib/config.ts", "lib/cli/x.ts", "lib/newthing/x.ts", "lib/other.ts"])).toEqual(
      ["lib/newthing/x.ts", "lib/other.ts"],
    );
  });
});
