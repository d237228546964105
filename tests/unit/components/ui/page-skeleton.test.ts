import fs from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PageSkeleton } from "@/components/ui/page-skeleton";

const dashboard = path.join(process.cwd(), "app", "(dashboard)");

function* pageDirectories(directory: string): Generator<string> {
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    const child = path.join(directory, entry.name);
    if (entry.isDirectory()) yield* pageDirectories(child);
    else if (entry.name === "page.tsx") {
      // A page that only redirects never renders, and one that draws another page under a
      // shorter address (AddressOfPage) is an address from outside: every link in the app
      // goes to that page's own address, whose skeleton this test finds there.
      const source = fs.readFileSync(child, "utf8");
      if (!/\bredirect\(|<AddressOfPage\b/.test(source)) yield directory;
    }
  }
}

describe("loading states of the dashboard", () => {
  it("every dashboard page has its own loading.tsx", () => {
    const pages = [...pageDirectories(dashboard)];
    expect(pages.length).toBeGreaterThan(10);
    const missing = pages
      .filter((directory) => !fs.existsSync(path.join(directory, "loading.tsx")))
      .map((directory) => path.relative(dashboard, directory));
    expect(missing).toEqual([]);
  });

  it("the skeleton is announced as busy, with a status for screen readers", () => {
    const html = renderToStaticMarkup(createElement(PageSkeleton));
    expect(html).toContain('aria-busy="true"');
    expect(html).toMatch(/role="status"[^>]*>Loading…/);
  });
});
