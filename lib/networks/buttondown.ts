import "server-only";
import { z } from "zod";
import { channelRules } from "@/lib/channels/rules";
import { config } from "@/lib/config";
import type { PostMetrics, PublishedPart } from "@/lib/schemas/publishing";
import { NetworkError } from "./errors";
import { callNetwork, classifyAnswer, type JsonAnswer } from "./http";
import type { AccountIdentity, ConnectedAccount, NetworkProvider, PublishRequest } from "./provider";

/**
 * A Buttondown newsletter through an API key (Buttondown → Settings → API), sent as
 * `Authorization: Token …` to its v1 API (API version pinned). An item becomes an e-mail:
 * sent to the list at the item's time, or left as a draft in Buttondown. Buttondown takes no
 * idempotency key, so each e-mail carries the part's key in its `metadata`, and a retry first
 * lists the e-mails with that subject from the last week and takes the one with the key; a
 * retry that cannot look is left to the founder ("may have sent, check it"). Opens and clicks
 * come from the e-mail's analytics.
 */

const apiVersion = "2026-04-01";
const api = () => `${config().buttondownApiUrl}/v1`;

const connectInput = z.object({ apiKey: z.string().trim().min(8).max(200) });

const itemOptions = z.object({
  subject: z.string().trim().max(300).optional().describe("The e-mail's subject; the item's title when absent"),
  status: z.enum(["send", "draft"]).default("send").describe("send: to the list at the item's time; draft: left in Buttondown"),
});

const headers = (account: { apiKey?: string }) => {
  if (!account.apiKey) throw new NetworkError("auth", "Buttondown: no API key is stored; connect the newsletter again");
  return { authorization: `Token ${account.apiKey}`, "x-api-version": apiVersion };
};

/** A deleted or regenerated key is a 401; a key without e-mail or sending access is a 403 (the founder changes its permissions). */
const keyRefused = (answer: JsonAnswer) => answer.status === 401;

function check(answer: JsonAnswer, what: string): Record<string, unknown> {
  if (answer.status >= 200 && answer.status < 300 && answer.json) return answer.json;
  const error = classifyAnswer(answer, `Buttondown ${what}`, keyRefused);
  if (answer.status === 403)
    throw new NetworkError(
      "permanent",
      `${error.message} (give the API key e-mail and sending access in Buttondown → Settings → API)`,
    );
  throw error;
}

async function whoAmI(apiKey: string | undefined): Promise<AccountIdentity> {
  const body = check(await callNetwork(`${api()}/accounts/me`, { method: "GET", headers: headers({ apiKey }) }), "account");
  const username = typeof body.username === "string" && body.username ? body.username : null;
  if (!username) throw new NetworkError("permanent", "Buttondown account: the answer named no newsletter");
  return { serviceUrl: `https://buttondown.com/${encodeURIComponent(username)}`, handle: username, externalAccountId: username };
}

interface ButtondownEmail {
  id?: unknown;
  status?: unknown;
  absolute_url?: unknown;
  metadata?: Record<string, unknown> | null;
}

/** Where the founder sees the e-mail: its archive page once sent, Buttondown's editor for a draft. */
function asPart(email: ButtondownEmail): PublishedPart {
  const id = String(email.id);
  const url =
    email.status !== "draft" && typeof email.absolute_url === "string" && email.absolute_url
      ? email.absolute_url
      : `https://buttondown.com/emails/${encodeURIComponent(id)}`;
  return { id, url };
}

/** The e-mail an earlier attempt created with this key (its metadata), looked for among the last week's with the subject. */
async function findByKey(account: ConnectedAccount, subject: string, key: string, now: Date): Promise<ButtondownEmail | null> {
  const query = new URLSearchParams({
    subject,
    creation_date__start: new Date(now.getTime() - 7 * 86_400_000).toISOString(),
  });
  let body: Record<string, unknown>;
  try {
    body = check(await callNetwork(`${api()}/emails?${query}`, { method: "GET", headers: headers(account.secrets) }), "look-up");
  } catch (error) {
    // Without a look-up, sending again might send twice: the founder checks.
    if (error instanceof NetworkError && error.kind === "permanent")
      throw new NetworkError(
        "unconfirmed",
        `Buttondown: an earlier attempt may have sent this e-mail and Launchloop could not look (${error.message})`,
      );
    throw error;
  }
  const results = Array.isArray(body.results) ? (body.results as ButtondownEmail[]) : [];
  return results.find((email) => email.metadata?.launchloop_key === key) ?? null;
}

export const buttondown: NetworkProvider = {
  network: "buttondown",
  label: "Buttondown",
  limits: { maxCharacters: channelRules.newsletter.bodyLimit, unit: channelRules.newsletter.unit, maxParts: 1, titles: true },
  channels: ["newsletter"],
  connect: {
    kind: "form",
    schema: connectInput as z.ZodType<Record<string, unknown>>,
    fields: [
      {
        name: "apiKey",
        label: "API key",
        kind: "password",
        help: "In Buttondown: Settings → API → your key (with e-mail and sending access).",
      },
    ],
    async connect(raw) {
      const { apiKey } = connectInput.parse(raw);
      return { ...(await whoAmI(apiKey)), secrets: { apiKey } };
    },
  },

  async verify(account) {
    return whoAmI(account.secrets.apiKey);
  },

  idempotency: "record-key",
  newPublicationKey: () => crypto.randomUUID(),

  itemOptions: {
    schema: itemOptions as z.ZodType<Record<string, unknown>>,
    fields: [
      { name: "subject", label: "Subject", kind: "text", optional: true, help: "The item's title when left empty." },
      {
        name: "status",
        label: "In Buttondown",
        kind: "select",
        optional: true,
        choices: [
          { value: "send", label: "Send to the list at the item's time" },
          { value: "draft", label: "Save as a draft" },
        ],
      },
    ],
  },

  async publish(account, request: PublishRequest) {
    if (request.posted.length > 0) return { parts: [...request.posted] };
    const options = itemOptions.parse(request.options ?? {});
    const body = request.parts.join("\n\n");
    const subject =
      options.subject ||
      request.title?.trim() ||
      body
        .split("\n")[0]!
        .replace(/^#+\s*/, "")
        .slice(0, 120);
    const key = request.keys[0]!;
    request.signal?.throwIfAborted();
    let email = request.reconcile ? await findByKey(account, subject, key, request.now) : null;
    if (!email) {
      request.signal?.throwIfAborted();
      const sending = options.status === "send";
      const answer = await callNetwork(`${api()}/emails`, {
        method: "POST",
        headers: {
          ...headers(account.secrets),
          // The founder approved this e-mail for the list: the API's "are you sure" for sending.
          ...(sending && { "x-buttondown-live-dangerously": "true" }),
        },
        json: {
          subject,
          // Markdown, said so: Buttondown would otherwise guess from the text.
          body: `<!-- buttondown-editor-mode: plaintext -->${body}`,
          status: sending ? "about_to_send" : "draft",
          metadata: { launchloop_key: key },
        },
      });
      email = check(answer, sending ? "send" : "draft");
      if (typeof email.id !== "string" && typeof email.id !== "number")
        throw new NetworkError("transient", "Buttondown: the answer named no e-mail");
    }
    const parts = [asPart(email)];
    await request.onPart(parts);
    return { parts };
  },

  async metrics(account, post, ctx): Promise<PostMetrics> {
    const answer = await callNetwork(`${api()}/emails/${encodeURIComponent(post.id)}/analytics`, {
      method: "GET",
      headers: headers(account.secrets),
    });
    if (answer.status === 404) throw new NetworkError("permanent", "Buttondown: the e-mail is gone (deleted in Buttondown)");
    const body = check(answer, "analytics");
    const count = (field: string) => (typeof body[field] === "number" ? (body[field] as number) : 0);
    return {
      likes: 0,
      reposts: 0,
      replies: count("replies") + count("comments"),
      quotes: null,
      opens: count("opens"),
      clicks: count("clicks"),
      collectedAt: ctx.now.toISOString(),
    };
  },
};
