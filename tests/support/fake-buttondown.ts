import { randomBytes } from "node:crypto";
import { startFakeNetwork } from "./fake-network";

interface FakeEmail {
  id: string;
  subject: string;
  body: string;
  status: string;
  publish_date: string | null;
  creation_date: string;
  metadata: Record<string, unknown>;
  absolute_url: string;
}

const analyticsFields = {
  recipients: 0,
  deliveries: 0,
  opens: 0,
  clicks: 0,
  temporary_failures: 0,
  permanent_failures: 0,
  unsubscriptions: 0,
  complaints: 0,
  replies: 0,
  comments: 0,
};

/**
 * Buttondown's API (`/v1`) at the network edge, for the calls Launchloop makes with an API key
 * (`Authorization: Token …`): the account (`/accounts/me`), e-mails created as a draft, sent
 * (`about_to_send`, which the first time asks for `X-Buttondown-Live-Dangerously`, as API
 * version 2026-04-01 does) or scheduled (`publish_date`), listed by subject and creation date,
 * and per-email analytics a test sets.
 */
export async function startFakeButtondown() {
  const keys = new Set<string>();
  const emails: FakeEmail[] = [];
  const analytics = new Map<string, typeof analyticsFields>();
  const clock = { now: () => new Date() };

  const unauthorized = { status: 401, json: { code: "authentication_invalid", detail: "Invalid token." } };
  const keyOf = (headers: Record<string, unknown>) => /^Token (.+)$/.exec(String(headers.authorization ?? ""))?.[1] ?? "";

  const network = await startFakeNetwork((request) => {
    if (!keys.has(keyOf(request.headers))) return unauthorized;
    if (request.method === "GET" && request.path === "/v1/accounts/me")
      return { status: 200, json: { username: "tidybooks", email_address: "ada@tidybooks.example" } };
    if (request.method === "POST" && request.path === "/v1/emails") {
      const body = request.json ?? {};
      const subject = typeof body.subject === "string" ? body.subject : "";
      if (!subject.trim()) return { status: 400, json: { code: "subject_invalid", detail: "The subject is missing." } };
      const status = String(body.status ?? "about_to_send");
      if (!["draft", "about_to_send", "scheduled"].includes(status))
        return { status: 400, json: { code: "status_invalid", detail: `${status} is not a status an e-mail is created with.` } };
      if (status === "scheduled" && !body.publish_date)
        return { status: 400, json: { code: "publish_date_missing", detail: "A scheduled e-mail needs a publish date." } };
      if (status === "about_to_send" && request.headers["x-buttondown-live-dangerously"] !== "true")
        return {
          status: 400,
          json: {
            code: "sending_requires_confirmation",
            detail: "Sending an e-mail through the API needs the X-Buttondown-Live-Dangerously header the first time.",
          },
        };
      const id = `em_${randomBytes(10).toString("hex")}`;
      const email: FakeEmail = {
        id,
        subject,
        body: String(body.body ?? ""),
        status: status === "about_to_send" ? "sent" : status,
        publish_date: status === "about_to_send" ? clock.now().toISOString() : ((body.publish_date as string | null) ?? null),
        creation_date: clock.now().toISOString(),
        metadata: (body.metadata as Record<string, unknown>) ?? {},
        absolute_url: `https://buttondown.com/tidybooks/archive/${id}/`,
      };
      emails.push(email);
      analytics.set(id, { ...analyticsFields });
      return { status: 201, json: email };
    }
    if (request.method === "GET" && request.path === "/v1/emails") {
      const subject = request.query.get("subject");
      const since = request.query.get("creation_date__start");
      const results = emails.filter(
        (email) =>
          (!subject || email.subject.includes(subject)) && (!since || Date.parse(email.creation_date) >= Date.parse(since)),
      );
      return { status: 200, json: { results, count: results.length, next: null, previous: null } };
    }
    const stats = /^\/v1\/emails\/([^/]+)\/analytics$/.exec(request.path);
    if (request.method === "GET" && stats) {
      const found = analytics.get(stats[1]!);
      return found
        ? { status: 200, json: found }
        : { status: 404, json: { code: "email_not_found", detail: "No e-mail with that id." } };
    }
    return { status: 404, json: { detail: "Not found." } };
  });

  return {
    ...network,
    /** An API key the founder copies from Buttondown (Settings → API). */
    issueKey: () => {
      const key = `bd-${randomBytes(16).toString("hex")}`;
      keys.add(key);
      return key;
    },
    /** The founder regenerates or deletes the key: it is refused from then on. */
    revokeKey: (key: string) => void keys.delete(key),
    emails: () => [...emails],
    setAnalytics: (id: string, values: Partial<typeof analyticsFields>) =>
      analytics.set(id, { ...(analytics.get(id) ?? analyticsFields), ...values }),
    /** The fake's clock (creation dates), for tests whose job clock is not the wall clock. */
    clock,
  };
}

export type FakeButtondown = Awaited<ReturnType<typeof startFakeButtondown>>;
