import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// What a client component imports statically ships with its page. zod is 31 KB gzipped and the
// server already checks every input with it, so the browser loads it only where it is asked for
// on purpose: the plan editor (itself loaded on its first open) checks a plan with the API's schema.
const root = process.cwd();
const loadsZodOnPurpose = new Set(["app/(dashboard)/projects/[projectId]/growth/plan-editor.tsx"]);
const staticImport = /^\s*import\s+(?!type\b)[^;]*?from\s+"([^"]+)"|^\s*export\s+(?!type\b)[^;]*?from\s+"([^"]+)"/gm;

const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");
const directive = (file: string, name: string) => new RegExp(`^\\s*["']${name}["']`).test(read(file));

function resolve(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith("@/")
    ? specifier.slice(2)
    : specifier.startsWith(".")
      ? path.join(path.dirname(from), specifier)
      : undefined;
  if (base === undefined) return undefined;
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((candidate) =>
    fs.statSync(path.join(root, candidate), { throwIfNoEntry: false })?.isFile(),
  );
}

/** The chain of static imports from `file` to a module that imports zod, or null. */
function pathToZod(file: string): string[] | null {
  const seen = new Set([file]);
  const queue: string[][] = [[file]];
  while (queue.length > 0) {
    const chain = queue.shift()!;
    const current = chain.at(-1)!;
    for (const match of read(current).matchAll(staticImport)) {
      const specifier = match[1] ?? match[2]!;
      if (specifier === "zod" || specifier.startsWith("zod/")) return chain;
      const next = resolve(current, specifier);
      // A server action is a reference in the browser, never its code.
      if (!next || seen.has(next) || directive(next, "use server")) continue;
      seen.add(next);
      queue.push([...chain, next]);
    }
  }
  return null;
}

const clientComponents = ["app", "components"]
  .flatMap((folder) =>
    fs.readdirSync(path.join(root, folder), { recursive: true }).map((file) => path.join(folder, String(file))),
  )
  .filter((file) => /\.tsx?$/.test(file) && directive(file, "use client"));

describe("the browser's code", () => {
  it("finds the client components", () => {
    expect(clientComponents.length).toBeGreaterThan(50);
  });

  it("never loads zod with a page, except where a component asks for it on purpose", () => {
    const chains = clientComponents
      .filter((file) => !loadsZodOnPurpose.has(file))
      .map(pathToZod)
      .filter((chain) => chain !== null)
      .map((chain) => chain.join(" → "));
    expect(chains).toEqual([]);
  });
});
