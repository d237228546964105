import { describe, expect, it } from "vitest";
import { renderMarkdown } from "@/components/markdown";

describe("blanks in rendered Markdown", () => {
  const source = "# Post\n\nTry it: [add: the one action you want].\n\n- [add: a <b>quote</b>]\n\n[a link](https://example.com)";

  it("highlights each blank, escaped, and leaves links alone", () => {
    const html = renderMarkdown(source);
    expect(html.match(/<mark class="blank-chip">/g)).toHaveLength(2);
    expect(html).toContain("[add: a &lt;b&gt;quote&lt;/b&gt;]");
    expect(html).toContain('<a href="https://example.com"');
  });

  it("numbers fillable blanks in the order of the text", () => {
    const html = renderMarkdown(source, { fillable: true });
    expect([...html.matchAll(/data-blank="(\d+)"[^>]*>([^<]*)</g)].map((match) => [match[1], match[2]])).toEqual([
      ["0", "[add: the one action you want]"],
      ["1", "[add: a &lt;b&gt;quote&lt;/b&gt;]"],
    ]);
  });
});

describe("headings in a draft", () => {
  it("sit below the item's own title: # becomes h4, never an h1", () => {
    const html = renderMarkdown("# One\n\n## Two\n\n###### Six");
    expect(html).toContain("<h4>One</h4>");
    expect(html).toContain("<h5>Two</h5>");
    expect(html).toContain("<h6>Six</h6>");
    expect(html).not.toMatch(/<h[1-3][ >]/);
  });
});
