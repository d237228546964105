import "server-only";
import { channelRules } from "@/lib/channels/rules";
import type { PublishedPart } from "@/lib/schemas/publishing";
import { NetworkError, postOnce } from "./errors";
import { callNetwork, classifyAnswer, type JsonAnswer } from "./http";
import { oauth2Provider, oauthClient, withAccessToken } from "./oauth2";
import type { NetworkProvider, PublishRequest } from "./provider";

/**
 * LinkedIn's Posts API (`POST /rest/posts`) on the member's own profile, with the member id
 * from OpenID userinfo (`sub`). LinkedIn takes no idempotency key, but refuses a post whose
 * text repeats a recent one (422 `DUPLICATE_POST`, naming the earlier post's URN): a retry
 * after a lost answer posts again and takes that URN. LinkedIn gives apps no numbers for
 * members' posts without partner-only scopes, so none are pulled.
 */

const base = (serviceUrl: string) => serviceUrl.replace(/\/+$/, "");
const tokenRefused = (answer: JsonAnswer) => answer.status === 401;
const defaultVersion = "202610";

function check(answer: JsonAnswer, what: string): Record<string, unknown> {
  if (answer.status >= 200 && answer.status < 300) return answer.json ?? {};
  throw classifyAnswer(answer, `LinkedIn ${what}`, tokenRefused);
}

export async function linkedinMember(apiUrl: string, accessToken: string) {
  const answer = await callNetwork(`${base(apiUrl)}/v2/userinfo`, {
    method: "GET",
    headers: { authorization: `Bearer ${accessToken}` },
  });
  const body = check(answer, "profile");
  if (typeof body.sub !== "string" || !body.sub) throw new NetworkError("permanent", "LinkedIn profile: no member id (sub)");
  return { id: body.sub, name: typeof body.name === "string" && body.name ? body.name : "LinkedIn member" };
}

/**
 * The commentary in LinkedIn's "little text" format: its reserved characters escaped, and
 * hashtags written as the hashtag template (a bare `#` would show as text).
 */
export function littleText(text: string) {
  const escaped = (value: string) => value.replace(/[\\|{}@[\]()<>#*_~]/g, (character) => `\\${character}`);
  let out = "";
  let last = 0;
  for (const match of text.matchAll(/(^|\s)#([\p{L}\p{N}_]{1,64})/gu)) {
    const start = match.index + match[1]!.length;
    out += `${escaped(text.slice(last, start))}{hashtag|\\#|${escaped(match[2]!)}}`;
    last = start + 1 + match[2]!.length;
  }
  return out + escaped(text.slice(last));
}

export const linkedinPostUrl = (urn: string) => `https://www.linkedin.com/feed/update/${urn}/`;
const urnIn = (text: string) => /urn:li:(?:share|ugcPost):\d+/.exec(text)?.[0] ?? null;

const label = "LinkedIn";

export const linkedin: NetworkProvider = {
  network: "linkedin",
  label,
  limits: { maxCharacters: channelRules.linkedin.bodyLimit, unit: channelRules.linkedin.unit, maxParts: 1, titles: false },
  opensIn: { page: "https://www.linkedin.com/feed/", textParam: "text", keep: { shareActive: "true" } },
  ...oauth2Provider("linkedin", label, async (apiUrl, token) => {
    const member = await linkedinMember(apiUrl, token);
    return { externalAccountId: member.id, handle: member.name };
  }),
  idempotency: "none",
  newPublicationKey: () => crypto.randomUUID(),

  async publish(account, request: PublishRequest) {
    if (request.posted.length > 0) return { parts: [...request.posted] };
    const text = request.parts.join("\n\n");
    const urn = await withAccessToken(account, { now: request.now, label: "LinkedIn" }, async (token) => {
      request.signal?.throwIfAborted();
      // LinkedIn takes no idempotency key: an answer lost after sending is left to the founder to confirm.
      const answer = await postOnce("LinkedIn post", () =>
        callNetwork(`${base(account.serviceUrl)}/rest/posts`, {
          method: "POST",
          headers: {
            authorization: `Bearer ${token}`,
            "linkedin-version": oauthClient("linkedin")?.apiVersion ?? defaultVersion,
            "x-restli-protocol-version": "2.0.0",
          },
          json: {
            author: `urn:li:person:${account.externalAccountId}`,
            commentary: littleText(text),
            visibility: "PUBLIC",
            distribution: { feedDistribution: "MAIN_FEED", targetEntities: [], thirdPartyDistributionChannels: [] },
            lifecycleState: "PUBLISHED",
            isReshareDisabledByAuthor: false,
          },
        }),
      );
      // The same text went out already (an earlier attempt whose answer was lost): that post is this one.
      const duplicateOf = answer.status === 422 ? urnIn(JSON.stringify(answer.json ?? {})) : null;
      if (duplicateOf) return duplicateOf;
      check(answer, "post");
      const created = answer.headers["x-restli-id"] ?? (typeof answer.json?.id === "string" ? answer.json.id : "");
      if (!created) throw new NetworkError("permanent", "LinkedIn post: the answer named no post (x-restli-id)");
      return created;
    });
    const parts: PublishedPart[] = [{ id: urn, url: linkedinPostUrl(urn) }];
    await request.onPart(parts);
    return { parts };
  },
};
