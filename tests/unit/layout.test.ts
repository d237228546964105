import fs from "node:fs";
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
  it("keeps no test directly in tests/unit but this one", () => {
    const loose = fs.readdirSync(unit, { withFileTypes: true }).filter((entry) => entry.isFile());
    expect(loose.map((entry) => entry.name)).toEqual(["layout.test.ts"]);
  });

  it("has a folder of lib/, components/, app/ or tests/support/ for each of its folders", () => {
    const strays = foldersUnder("").filter((folder) => !fs.statSync(mirrored(folder), { throwIfNoEntry: false })?.isDirectory());
    expect(strays, "move these tests under the folder of the code they test").toEqual([]);
  });
});
