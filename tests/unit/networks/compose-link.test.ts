import { describe, expect, it } from "vitest";
import { composeLink } from "@/lib/networks/compose-link";

describe("composeLink", () => {
  it("puts the post in the compose page's query, with what it keeps", () => {
    expect(composeLink({ page: "https://x.com/intent/post", textParam: "text" }, "Hello & welcome")).toEqual({
      href: "https://x.com/intent/post?text=Hello+%26+welcome",
      prefilled: true,
    });
    expect(
      composeLink({ page: "https://www.linkedin.com/feed/", textParam: "text", keep: { shareActive: "true" } }, "Hi").href,
    ).toBe("https://www.linkedin.com/feed/?shareActive=true&text=Hi");
  });

  it("opens the page with only what it keeps when the post is too long for a link", () => {
    const long = "word ".repeat(1000);
    expect(composeLink({ page: "https://x.com/intent/post", textParam: "text" }, long)).toEqual({
      href: "https://x.com/intent/post",
      prefilled: false,
    });
    expect(
      composeLink({ page: "https://www.linkedin.com/feed/", textParam: "text", keep: { shareActive: "true" } }, long).href,
    ).toBe("https://www.linkedin.com/feed/?shareActive=true");
  });
});
