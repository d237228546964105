import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Unit tests mirror the code they test: tests/unit/<folder under lib>/<module>.test.ts,
// tests/unit/components/… and tests/unit/app/… for those trees, tests/unit/support/… for test helpers.
const unit = path.join("tests", "unit");
const mirrored = (folder: string) => {
  const [top, ...rest] = folder.split(path.sep);
  if (top === "components" || top === "app") return path.join(top, ...rest);
  if (top === "support") return path.join("tests", "support", ...rest);
  return path.join("lib", folder);
};

function foldersUnder(folder: string): string[] {
  return fs
    .readdirSync(path.join(unit, folder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const child = path.join(folder, entry.name);
      return [child, ...foldersUnder(child)];
    });
}

describe("the unit tests' layout", () => {
  it("keeps no test directly in tests/unit but this one (the layout of lib/ and of the tests)", () => {
    const loose = fs.readdirSync(unit, { withFileTypes: true }).filter((entry) => entry.isFile());
    expect(loose.map((entry) => entry.name)).toEqual(["layout.test.ts"]);
  });

  it("has a folder of lib/, components/, app/ or tests/support/ for each of its folders", () => {
    const strays = foldersUnder("").filter((folder) => !fs.statSync(mirrored(folder), { throwIfNoEntry: false })?.isDirectory());
    expect(strays, "move these tests under the folder of the code they test").toEqual([]);
  });
});

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
