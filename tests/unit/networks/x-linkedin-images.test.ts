import { describe, expect, it } from "vitest";
import { imagesContent, isLinkedInUploadUrl } from "@/lib/networks/linkedin";
import type { PostMedia } from "@/lib/networks/provider";
import { textAsWritten } from "@/lib/networks/x";

const media = (id: string, alt: string): PostMedia => ({
  media: { id },
  alt,
  width: 800,
  height: 600,
  mimeType: "image/png",
});

describe("an X post's text as it was written", () => {
  it("drops the link X adds after the text of a post with images, and only then", () => {
    const withImages = { text: "Launch day https://t.co/abc123", attachments: { media_keys: ["3_1"] } };
    expect(textAsWritten(withImages)).toBe("Launch day");
    expect(textAsWritten({ text: "Launch day https://t.co/abc123" })).toBe("Launch day https://t.co/abc123");
    expect(textAsWritten({ text: "Launch day https://t.co/abc123", attachments: {} })).toBe("Launch day https://t.co/abc123");
  });

  it("keeps the post's own link before the images' one", () => {
    const post = { text: "Read it: https://t.co/own https://t.co/pics", attachments: { media_keys: ["3_1", "3_2"] } };
    expect(textAsWritten(post)).toBe("Read it: https://t.co/own");
  });
});

describe("where LinkedIn may have an image PUT", () => {
  const api = "https://api.linkedin.com";

  it("takes LinkedIn's own hosts over https and the API server the connection speaks to", () => {
    expect(isLinkedInUploadUrl("https://www.linkedin.com/dms-uploads/sp/D4E10AQ/uploaded-image/0?ca=vector_ads", api)).toBe(true);
    expect(isLinkedInUploadUrl("https://api.linkedin.com/mediaUpload/C4E10AQ/feedshare-uploadedImage/0", api)).toBe(true);
    expect(isLinkedInUploadUrl("http://127.0.0.1:4312/dms-uploads/ab/uploaded-image/0", "http://127.0.0.1:4312")).toBe(true);
  });

  it("refuses any other host, a look-alike, plain http, credentials and what is not a URL", () => {
    for (const url of [
      "https://evil.example/dms-uploads/x",
      "https://www.linkedin.com.evil.example/dms-uploads/x",
      "https://notlinkedin.com/dms-uploads/x",
      "https://evil.example/?host=www.linkedin.com",
      "http://www.linkedin.com/dms-uploads/x",
      "https://user:pass@www.linkedin.com/dms-uploads/x",
      "http://127.0.0.1:9999/dms-uploads/x",
      "http://169.254.169.254/latest/meta-data",
      "not a url",
      "",
    ])
      expect(isLinkedInUploadUrl(url, "http://127.0.0.1:4312"), url).toBe(false);
  });
});

describe("a LinkedIn post's images as its content", () => {
  it("is nothing without images, `media` for one and `multiImage` for more, each with its alt text", () => {
    expect(imagesContent([])).toBeUndefined();
    expect(imagesContent([media("urn:li:image:A", "A chart")])).toEqual({ media: { id: "urn:li:image:A", altText: "A chart" } });
    expect(imagesContent([media("urn:li:image:A", "A chart"), media("urn:li:image:B", "A price")])).toEqual({
      multiImage: {
        images: [
          { id: "urn:li:image:A", altText: "A chart" },
          { id: "urn:li:image:B", altText: "A price" },
        ],
      },
    });
  });
});
