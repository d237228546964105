import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { postHtml, slugOf } from "@/lib/networks/post-html";
import type { PublishRequest } from "@/lib/networks/provider";
import { imagesHtml, siteBase, wordpress } from "@/lib/networks/wordpress";
import { startFakeWordPress } from "../../support/fake-wordpress";

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

  it("shows the post's images after its text with their alt text escaped; an address that is not the web is left out", () => {
    const image = (url: unknown, alt: string) => ({
      media: { id: "1", data: { url } },
      alt,
      width: 800,
      height: 600,
      mimeType: "image/png",
    });
    const html = imagesHtml([
      image("https://blog.example.com/wp-content/uploads/a.png", 'A "quoted" <b>chart</b>'),
      image("javascript:alert(1)", "Bad"),
      image(undefined, "None"),
    ]);
    expect(html).toBe(
      '<figure class="wp-block-image"><img src="https://blog.example.com/wp-content/uploads/a.png" alt="A &quot;quoted&quot; &lt;b&gt;chart&lt;/b&gt;" width="800" height="600" /></figure>',
    );
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

describe("WordPress's calls, against the fake", () => {
  const password = "abcd EFGH 1234 ijkl MNOP 5678";
  let site: Awaited<ReturnType<typeof startFakeWordPress>>;
  const request = (parts: string[], overrides: Partial<PublishRequest> = {}): PublishRequest => ({
    parts,
    keys: [wordpress.newPublicationKey()],
    posted: [],
    reconcile: false,
    options: {},
    title: "Why we built it",
    now: new Date(),
    onPart: async () => undefined,
    onSecrets: async () => undefined,
    ...overrides,
  });

  beforeAll(async () => {
    site = await startFakeWordPress({ username: "ada", applicationPassword: password });
  });
  beforeEach(async () => {
    process.env.OUTBOUND_ALLOW_HTTP = "1";
    await (await import("@/lib/config")).reloadConfig();
  });
  afterAll(async () => {
    await site.close();
  });

  it("signs in with Basic auth, posts with the slug of the title and key, and a retry takes the post it finds", async () => {
    const connect = wordpress.connect;
    if (connect.kind !== "form") throw new Error("a form");
    const account = await connect.connect(
      { siteUrl: `${site.url}/wp-admin/`, username: "ada", applicationPassword: password },
      { now: new Date() },
    );
    expect(account).toMatchObject({ serviceUrl: site.url, handle: "Ada Founder", externalAccountId: "7" });
    const first = request(["Hello **world**"]);
    const made = await wordpress.publish(account, first);
    expect(site.posts()).toEqual([
      expect.objectContaining({ slug: `why-we-built-it-${first.keys[0]}`, status: "publish", title: "Why we built it" }),
    ]);
    expect(made.parts).toEqual([{ id: String(site.posts()[0]!.id), url: site.posts()[0]!.link }]);
    const again = await wordpress.publish(account, { ...first, reconcile: true });
    expect(again.parts).toEqual(made.parts);
    expect(site.posts()).toHaveLength(1);
  });

  it("a revoked application password is `auth`; a huge answer is `transient`; a drop after the post is retried, not `unconfirmed`", async () => {
    const account = {
      serviceUrl: site.url,
      handle: "Ada",
      externalAccountId: "7",
      secrets: { username: "ada", appPassword: password },
    };
    site.answerHugeNext(1);
    await expect(wordpress.publish(account, request(["big"]))).rejects.toMatchObject({ kind: "transient" });
    site.dropAnswerNext("/wp-json/wp/v2/posts");
    await expect(wordpress.publish(account, request(["dropped"]))).rejects.toMatchObject({ kind: "transient" });
    await expect(
      wordpress.publish({ ...account, secrets: { username: "ada", appPassword: "nope" } }, request(["x"])),
    ).rejects.toMatchObject({
      kind: "auth",
    });
  });
});
