import { startFakeNetwork } from "./fake-network";

interface FakePost {
  id: number;
  slug: string;
  status: string;
  title: string;
  content: string;
  link: string;
  author: number;
  featuredMedia: number;
}

interface FakeMedia {
  id: number;
  filename: string;
  mimeType: string;
  bytes: Buffer;
  alt: string;
  url: string;
}

/**
 * A self-hosted WordPress site at the network edge, speaking the REST API calls Launchloop
 * makes with an application password (HTTP Basic): `users/me?context=edit`, posts created
 * with a chosen slug (a taken slug is made unique with `-2` on publish, kept on a draft, as
 * WordPress does), posts looked up by slug with `status=any`, and answers a test makes
 * hostile (far too large). Images go to the media library (`POST /media?alt_text=…` with the bytes
 * and a `Content-Disposition` filename; `POST /media/:id` sets `alt_text` too); a post names one as
 * `featured_media`.
 */
export async function startFakeWordPress(options: { username?: string; applicationPassword?: string } = {}) {
  const user = { id: 7, name: "Ada Founder", slug: "ada", username: options.username ?? "ada" };
  const passwords = new Set([options.applicationPassword ?? "abcd EFGH 1234 ijkl MNOP 5678"]);
  const posts: FakePost[] = [];
  const media: FakeMedia[] = [];
  const settings = { hugeAnswers: 0 };

  const notLoggedIn = {
    status: 401,
    json: { code: "rest_not_logged_in", message: "You are not currently logged in.", data: { status: 401 } },
  };
  const incorrectPassword = {
    status: 401,
    json: {
      code: "incorrect_password",
      message: "The provided password is an invalid application password.",
      data: { status: 401 },
    },
  };
  /** Basic auth as WordPress reads it: the spaces in an application password are optional. */
  const signedIn = (headers: Record<string, unknown>) => {
    const basic = /^Basic (.+)$/.exec(String(headers.authorization ?? ""))?.[1];
    if (!basic) return "anonymous" as const;
    const [name, ...rest] = Buffer.from(basic, "base64").toString("utf8").split(":");
    const password = rest.join(":").replace(/\s+/g, "");
    const known = [...passwords].some((candidate) => candidate.replace(/\s+/g, "") === password);
    return name === user.username && known ? ("user" as const) : ("refused" as const);
  };
  const view = (post: FakePost, context: string | null) => ({
    id: post.id,
    slug: post.slug,
    status: post.status,
    link: post.status === "publish" ? post.link : `${network.url}/?p=${post.id}`,
    author: post.author,
    featured_media: post.featuredMedia,
    title: context === "edit" ? { raw: post.title, rendered: post.title } : { rendered: post.title },
    content: context === "edit" ? { raw: post.content, rendered: post.content } : { rendered: post.content },
  });
  const uniqueSlug = (slug: string) => {
    let candidate = slug;
    for (let n = 2; posts.some((post) => post.slug === candidate && post.status === "publish"); n++) candidate = `${slug}-${n}`;
    return candidate;
  };

  const network = await startFakeNetwork((request) => {
    if (settings.hugeAnswers > 0) {
      settings.hugeAnswers--;
      return { status: 200, json: { padding: "x".repeat(2_000_000) } };
    }
    const auth = signedIn(request.headers);
    if (auth === "refused") return incorrectPassword;
    if (request.method === "GET" && request.path === "/wp-json/wp/v2/users/me") {
      if (auth !== "user") return notLoggedIn;
      return {
        status: 200,
        json: {
          id: user.id,
          name: user.name,
          slug: user.slug,
          ...(request.query.get("context") === "edit" && {
            username: user.username,
            capabilities: { edit_posts: true, publish_posts: true },
          }),
        },
      };
    }
    if (request.method === "POST" && request.path === "/wp-json/wp/v2/posts") {
      if (auth !== "user")
        return {
          status: 401,
          json: { code: "rest_cannot_create", message: "Sorry, you are not allowed to create posts.", data: { status: 401 } },
        };
      const status = String(request.json?.status ?? "draft");
      if (!["draft", "publish", "pending", "private", "future"].includes(status))
        return {
          status: 400,
          json: { code: "rest_invalid_param", message: "Invalid parameter(s): status", data: { status: 400 } },
        };
      const wanted = String(request.json?.slug ?? "").toLowerCase();
      const slug = status === "publish" ? uniqueSlug(wanted) : wanted;
      const id = 100 + posts.length;
      const post: FakePost = {
        id,
        slug,
        status,
        title: String(request.json?.title ?? ""),
        content: String(request.json?.content ?? ""),
        link: `${network.url}/${slug}/`,
        author: user.id,
        featuredMedia: Number(request.json?.featured_media ?? 0),
      };
      if (post.featuredMedia && !media.some((item) => item.id === post.featuredMedia))
        return {
          status: 400,
          json: { code: "rest_invalid_featured_media", message: "Invalid featured media ID.", data: { status: 400 } },
        };
      posts.push(post);
      return { status: 201, json: view(post, "edit") };
    }
    if (request.method === "GET" && request.path === "/wp-json/wp/v2/posts") {
      const status = request.query.get("status");
      const context = request.query.get("context");
      if ((status && status !== "publish") || context === "edit") {
        if (auth !== "user")
          return {
            status: 400,
            json: { code: "rest_invalid_param", message: "Invalid parameter(s): status", data: { status: 400 } },
          };
      }
      const slugs = (request.query.get("slug") ?? "").split(",").filter(Boolean);
      const found = posts.filter(
        (post) =>
          (slugs.length === 0 || slugs.includes(post.slug)) && (status === "any" || post.status === (status ?? "publish")),
      );
      return { status: 200, json: found.map((post) => view(post, context)) };
    }
    if (request.method === "POST" && request.path === "/wp-json/wp/v2/media") {
      if (auth !== "user")
        return {
          status: 401,
          json: { code: "rest_cannot_create", message: "Sorry, you are not allowed to upload media.", data: { status: 401 } },
        };
      const filename = /filename="?([^";]+)"?/.exec(String(request.headers["content-disposition"] ?? ""))?.[1];
      if (!filename || request.raw.length === 0)
        return { status: 400, json: { code: "rest_upload_no_data", message: "No data supplied.", data: { status: 400 } } };
      const id = 500 + media.length;
      const item: FakeMedia = {
        id,
        filename,
        mimeType: String(request.headers["content-type"] ?? ""),
        bytes: request.raw,
        // A raw-body upload's other fields come as query parameters, as WordPress reads them.
        alt: request.query.get("alt_text") ?? "",
        url: `${network.url}/wp-content/uploads/${filename}`,
      };
      media.push(item);
      return {
        status: 201,
        json: { id, source_url: item.url, alt_text: item.alt, mime_type: item.mimeType, media_type: "image" },
      };
    }
    const oneMedia = /^\/wp-json\/wp\/v2\/media\/(\d+)$/.exec(request.path);
    if (request.method === "POST" && oneMedia) {
      const item = media.find((candidate) => candidate.id === Number(oneMedia[1]));
      if (auth !== "user" || !item)
        return { status: 404, json: { code: "rest_post_invalid_id", message: "Invalid post ID.", data: { status: 404 } } };
      if (typeof request.json?.alt_text === "string") item.alt = request.json.alt_text;
      return { status: 200, json: { id: item.id, source_url: item.url, alt_text: item.alt } };
    }
    const one = /^\/wp-json\/wp\/v2\/posts\/(\d+)$/.exec(request.path);
    if (request.method === "GET" && one) {
      const post = posts.find((candidate) => candidate.id === Number(one[1]));
      if (!post || (post.status !== "publish" && auth !== "user"))
        return { status: 404, json: { code: "rest_post_invalid_id", message: "Invalid post ID.", data: { status: 404 } } };
      return { status: 200, json: view(post, request.query.get("context")) };
    }
    return {
      status: 404,
      json: { code: "rest_no_route", message: "No route was found matching the URL and request method.", data: { status: 404 } },
    };
  });

  return {
    ...network,
    user,
    posts: () => [...posts],
    /** Every image uploaded to the media library, oldest first (an upload sent twice is two). */
    media: () => [...media],
    /** The founder revokes the application password in their profile: Basic auth is refused from then on. */
    revokePasswords: () => passwords.clear(),
    /** The next `count` answers are 2 MB of JSON (a hostile or broken site). */
    answerHugeNext: (count = 1) => {
      settings.hugeAnswers = count;
    },
  };
}

export type FakeWordPress = Awaited<ReturnType<typeof startFakeWordPress>>;
