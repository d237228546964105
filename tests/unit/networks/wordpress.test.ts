import { afterEach, describe, expect, it } from "vitest";
import { postHtml, slugOf } from "@/lib/networks/post-html";
import { siteBase, wordpress } from "@/lib/networks/wordpress";

afterEach(async () => {
  delete process.env.OUTBOUND_ALLOW_HTTP;
  await (await import("@/lib/config")).reloadConfig();
});

describe("a WordPress site's address", () => {
  it("is where WordPress lives, whichever of its pages was pasted", () => {
    expect(siteBase("https://blog.example.com")).toBe("https://blog.example.com");
    expect(siteBase("https://blog.example.com/")).toBe("https://blog.example.com");
    expect(siteBase("https://example.com/blog/wp-admin/profile.php")).toBe("https://example.com/blog");
    expect(siteBase("https://example.com/wp-json/wp/v2/posts")).toBe("https://example.com");
    expect(siteBase("https://example.com/blog/?p=1#top")).toBe("https://example.com/blog");
  });

  it("passes the outbound guard: https only, no private address, no credentials (a 400 at the field)", () => {
    for (const url of [
      "http://blog.example.com",
      "https://127.0.0.1/",
      "https://localhost",
      "https://a:b@example.com",
      "not a url",
    ])
      expect(() => siteBase(url), url).toThrow(expect.objectContaining({ kind: "permanent", code: "bad_input" }));
  });
});

describe("a post's slug and HTML", () => {
  it("a slug is the title's words in lower-case ASCII", () => {
    expect(slugOf("Why we built Tidybooks: 5 lessons (so far)")).toBe("why-we-built-tidybooks-5-lessons-so-far");
    expect(slugOf("Ça coûte combien ?")).toBe("ca-coute-combien");
    expect(slugOf("!!!")).toBe("post");
    expect(slugOf("a".repeat(100)).length).toBe(60);
  });

  it("a publication key is eight letters and digits, new each time", () => {
    const keys = new Set(Array.from({ length: 50 }, () => wordpress.newPublicationKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^[0-9a-z]{8}$/);
  });

  it("renders Markdown; raw HTML stays text and links go only to the web or mail", () => {
    const html = postHtml(
      "## Why\n\nBooks **reconciled**.\n\n<script>alert(1)</script>\n\n[ok](https://a.example) [bad](javascript:alert(1))",
    );
    expect(html).toContain("<h2>Why</h2>");
    expect(html).toContain("<strong>reconciled</strong>");
    expect(html).toContain("&lt;script&gt;");
    expect(html).not.toContain("<script>");
    expect(html).toContain('<a href="https://a.example">ok</a>');
    expect(html).not.toContain("javascript:");
  });
});

describe("WordPress's item options", () => {
  it("publish by default, or keep a draft; a title of the founder's own", () => {
    const schema = wordpress.itemOptions!.schema;
    expect(schema.parse({})).toEqual({ status: "publish" });
    expect(schema.parse({ title: "  Our launch  ", status: "draft" })).toEqual({ title: "Our launch", status: "draft" });
    expect(schema.safeParse({ status: "future" }).success).toBe(false);
  });
});
