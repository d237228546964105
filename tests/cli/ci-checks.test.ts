import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// What .ci/run checks, with the project's own Biome and dependency-cruiser configurations,
// over small probe files in a scratch copy of the layout (never in the tree, where a build
// or another suite could see them): each check passes on the probe written as the
// conventions say and fails on the probe that breaks one.

const run = promisify(execFile);
const root = process.cwd();
const ciScript = fs.readFileSync(".ci/run", "utf8");
const importCheck = JSON.parse(fs.readFileSync("package.json", "utf8")).scripts["check:imports"] as string;
let scratch: string;

beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), "launchloop-ci-probe-"));
  fs.symlinkSync(path.join(root, "node_modules"), path.join(scratch, "node_modules"));
  fs.copyFileSync("biome.json", path.join(scratch, "biome.json"));
  fs.copyFileSync(".dependency-cruiser.cjs", path.join(scratch, ".dependency-cruiser.cjs"));
  const tsconfig = { compilerOptions: { baseUrl: ".", paths: { "@/*": ["./*"] }, jsx: "preserve", allowJs: true } };
  fs.writeFileSync(path.join(scratch, "tsconfig.json"), JSON.stringify(tsconfig));
  // The modules the probes import, as empty stand-ins at their real paths.
  for (const file of [
    "app/(auth)/actions.ts",
    "lib/actions/run-operation.ts",
    "lib/operations/projects.ts",
    "lib/services/playbook.ts",
    "lib/db/index.ts",
    "components/ui/index.ts",
  ]) {
    probe(file, "export {};\n");
  }
});
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

function probe(file: string, text: string) {
  fs.mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
  fs.writeFileSync(path.join(scratch, file), text);
  return file;
}

async function exitOf(command: string, args: string[]) {
  try {
    const { stdout, stderr } = await run(path.join(root, "node_modules", ".bin", command), args, {
      cwd: scratch,
      maxBuffer: 16 * 1024 * 1024,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

// The scratch copy is no git work tree: Biome reads its ignore files only in one.
const biomeCi = (file: string) => exitOf("biome", ["ci", "--colors=off", "--vcs-enabled=false", file]);
// The import check as package.json declares it, over the probe alone.
const importRules = (file: string) =>
  exitOf("depcruise", [file, ...importCheck.split(" ").slice(importCheck.split(" ").indexOf("--config"))]);

const name = `ci-probe-${process.pid}`;

describe(".ci/run", () => {
  it("runs Biome's ci (format, lint, import order) and the import rules over every source folder", () => {
    expect(ciScript).toMatch(/^npx biome ci \. \|\| status=\$\?$/m);
    expect(ciScript).toMatch(/^npm run check:imports \|\| status=\$\?$/m);
    expect(importCheck).toMatch(/^depcruise app components lib tests\/support /);
  });

  it("fails on a formatting change and on imports out of order", async () => {
    const tidy = 'import { a } from "./a";\nimport { b } from "./b";\n\nexport const probe = { a, b };\n';
    expect((await biomeCi(probe(`lib/${name}.ts`, tidy))).code).toBe(0);

    const misformatted = await biomeCi(probe(`lib/${name}.ts`, tidy.replace("{ a, b }", "{a,b}")));
    expect(misformatted.code).not.toBe(0);
    expect(misformatted.output).toMatch(/format/i);

    const unordered = await biomeCi(
      probe(`lib/${name}.ts`, 'import { b } from "./b";\nimport { a } from "./a";\n\nexport const probe = { a, b };\n'),
    );
    expect(unordered.code).not.toBe(0);
    expect(unordered.output).toMatch(/organizeImports|imports/i);
  }, 60_000);

  it("fails on a component importing from app/", async () => {
    const props = probe(
      `components/${name}.tsx`,
      "export function Probe({ signOut }: { signOut: () => Promise<void> }) {\n  return <form action={signOut} />;\n}\n",
    );
    expect((await importRules(props)).code).toBe(0);

    const upward = probe(
      `components/${name}-upward.tsx`,
      'import { signOutAction } from "@/app/(auth)/actions";\n\nexport function Probe() {\n  return <form action={signOutAction} />;\n}\n',
    );
    const result = await importRules(upward);
    expect(result.code).not.toBe(0);
    expect(result.output).toContain("components-import-app");
  }, 60_000);

  it("fails on lib importing a component or a route", async () => {
    const result = await importRules(probe(`lib/${name}.ts`, 'export { Badge } from "@/components/ui";\n'));
    expect(result.code).not.toBe(0);
    expect(result.output).toContain("lib-imports-app-or-components");
  }, 60_000);

  it("fails on an import cycle, type-only imports included", async () => {
    const one = `lib/core/${name}-one.ts`;
    const other = `lib/core/${name}-other.ts`;
    probe(other, "export interface Other {\n  label: string;\n}\n");
    probe(one, `import type { Other } from "./${name}-other";\n\nexport interface One {\n  other: Other;\n}\n`);
    expect((await importRules(one)).code).toBe(0);

    probe(other, `import type { One } from "./${name}-one";\n\nexport interface Other {\n  one?: One;\n}\n`);
    const result = await importRules(one);
    expect(result.code).not.toBe(0);
    expect(result.output).toContain("no-circular");
  }, 60_000);

  it("fails on a server action that skips the executor's gates (a service or the database reached directly)", async () => {
    const through = probe(
      `app/${name}/actions.ts`,
      '"use server";\n\nimport { runOperation } from "@/lib/actions/run-operation";\nimport { updateDecisions } from "@/lib/operations/projects";\n\nexport async function save(id: string, decisions: Record<string, unknown>) {\n  return runOperation(updateDecisions, { params: { id }, body: decisions });\n}\n',
    );
    expect((await importRules(through)).code).toBe(0);

    const around = probe(
      `app/${name}/skip/actions.ts`,
      '"use server";\n\nimport { getDatabase } from "@/lib/db";\nimport { buildPlaybook } from "@/lib/services/playbook";\n\nexport async function save(id: string) {\n  return [getDatabase, buildPlaybook, id];\n}\n',
    );
    const result = await importRules(around);
    expect(result.code).not.toBe(0);
    expect(result.output).toContain("server-actions-go-through-the-executor");
  }, 60_000);
});
