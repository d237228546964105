import { describe, expect, it } from "vitest";
import { firstLinkTo, onSite, sameAddress, withoutTrackedLink, withTrackedLink } from "@/lib/links/post-text";

const short = "https://launchloop.test/r/Ab3dE5gH";
const fitsAll = () => true;
const site = onSite("https://tidybooks.example");

describe("a link to the founder's site", () => {
  it("is any page of it, with or without www., over http or https", () => {
    for (const address of [
      "https://tidybooks.example",
      "https://tidybooks.example/",
      "https://tidybooks.example/pricing",
      "https://tidybooks.example/pricing?plan=pro#faq",
      "https://www.tidybooks.example/pricing",
      "http://tidybooks.example/pricing",
      "http://www.TidyBooks.example/",
    ])
      expect(site(address), address).toBe(true);
  });

  it("is not another host, a host that only ends like it, another port, another scheme or an address with credentials", () => {
    for (const address of [
      "https://nottidybooks.example/",
      "https://tidybooks.example.evil.test/",
      "https://blog.tidybooks.example/",
      "https://tidybooks.example:8443/",
      "ftp://tidybooks.example/",
      "https://user:pw@tidybooks.example/",
    ])
      expect(site(address), address).toBe(false);
  });

  it("stays under the site's own path when the site is a page of a larger host", () => {
    const project = onSite("https://github.com/tidybooks/cli/");
    expect(project("https://github.com/tidybooks/cli")).toBe(true);
    expect(project("https://github.com/tidybooks/cli/releases")).toBe(true);
    expect(project("https://github.com/tidybooks/cli-other")).toBe(false);
    expect(project("https://github.com/someone/else")).toBe(false);
  });

  it("is found whole, without the sentence's punctuation around it", () => {
    expect(firstLinkTo(["Try it: https://tidybooks.example/pricing?plan=pro."], site)).toBe(
      "https://tidybooks.example/pricing?plan=pro",
    );
    expect(firstLinkTo(["See (https://www.tidybooks.example/docs/start)!"], site)).toBe(
      "https://www.tidybooks.example/docs/start",
    );
    expect(firstLinkTo(["[docs](http://tidybooks.example/docs), or https://other.example"], site)).toBe(
      "http://tidybooks.example/docs",
    );
    expect(firstLinkTo(["Our repo https://github.com/x/y", "and the site https://tidybooks.example"], site)).toBe(
      "https://tidybooks.example",
    );
    expect(firstLinkTo(["Nothing here, not even tidybooks.example/pricing"], site)).toBeNull();
  });
});

describe("a post's tracked link", () => {
  it("takes the place of the whole address of a page on the site, once per thread", () => {
    const { parts, replaced } = withTrackedLink(
      ["Plans start at $9: https://www.tidybooks.example/pricing?ref=x.", "Again: https://tidybooks.example/pricing"],
      site,
      short,
      fitsAll,
    );
    expect(replaced).toBe(true);
    expect(parts).toEqual([`Plans start at $9: ${short}.`, "Again: https://tidybooks.example/pricing"]);
    // Done once: a second pass changes nothing.
    expect(withTrackedLink(parts, site, short, fitsAll).parts).toBe(parts);
  });

  it("leaves other sites and a part that would no longer fit alone", () => {
    const other = ["Read https://news.example/tidybooks-review"];
    expect(withTrackedLink(other, site, short, fitsAll)).toEqual({ parts: other, replaced: false });
    const tight = ["https://tidybooks.example"];
    expect(withTrackedLink(tight, site, short, (part) => part.length <= 25)).toEqual({ parts: tight, replaced: false });
  });

  it("gives way to its destination when turned off, and comes back in its place, not at another page of the site", () => {
    const destination = "https://tidybooks.example/pricing?ref=ph";
    const off = withoutTrackedLink([`Docs: https://tidybooks.example/docs — plans: ${short}`], short, destination);
    expect(off).toEqual([`Docs: https://tidybooks.example/docs — plans: ${destination}`]);
    const on = withTrackedLink(off, sameAddress(destination), short, fitsAll);
    expect(on.parts).toEqual([`Docs: https://tidybooks.example/docs — plans: ${short}`]);
  });
});
