import http from "node:http";
import type { AddressInfo } from "node:net";
import { encode } from "gpt-tokenizer/encoding/o200k_base";

export type FakeAnswer =
  | { kind: "json"; value: unknown; delayMs?: number }
  | { kind: "text"; text: string }
  | { kind: "error"; status: number };

/** What a route reads of a chat request: the structured output's name says which task asks (e.g. `weekly_plan`). */
export interface ChatRequest {
  messages?: { role: string; content: unknown }[];
  response_format?: { json_schema?: { name?: string } };
}

/** A chat request's messages as the model reads them, one after another (what a provider's prompt cache keys on). */
export const promptText = (body: { messages?: { role: string; content: unknown }[] }) =>
  (body.messages ?? [])
    .map(
      (message) =>
        `<|${message.role}|>${typeof message.content === "string" ? message.content : JSON.stringify(message.content)}`,
    )
    .join("\n");

/** The images a chat request carries as image parts (`image_url` data URLs), decoded: what the model was shown. */
export const imagePartsOf = (body: { messages?: { role: string; content: unknown }[] }) =>
  (body.messages ?? []).flatMap((message) =>
    (Array.isArray(message.content) ? (message.content as { type: string; image_url?: { url: string } }[]) : [])
      .filter((part) => part.type === "image_url" && part.image_url)
      .map((part) => {
        const [, mediaType, data] = /^data:([^;]+);base64,(.*)$/s.exec(part.image_url!.url) ?? [];
        return { mediaType, bytes: data === undefined ? null : Buffer.from(data, "base64"), url: part.image_url!.url };
      }),
  );

/** Tokens of a text with the o200k_base encoding (GPT-4o, GPT-4.1 and later). */
export const tokensOf = (text: string) => encode(text);

/**
 * An OpenAI-compatible chat completions server at the network edge: answers scripted
 * replies in order (the last one repeats) and records every request it received. With
 * `countTokens`, it reports usage counted with a real tokenizer (o200k_base) instead of
 * fixed numbers.
 */
export async function startFakeOpenAI(options: { countTokens?: boolean } = {}) {
  const answers: FakeAnswer[] = [];
  const requests: { body: any }[] = [];
  let route: ((body: ChatRequest) => FakeAnswer | undefined) | undefined;
  let gate: { opened: Promise<void>; open: () => void } | undefined;
  const server = http.createServer((request, response) => {
    let raw = "";
    request.on("data", (chunk) => (raw += chunk));
    request.on("end", async () => {
      const body = JSON.parse(raw || "{}");
      requests.push({ body });
      if (gate) await gate.opened;
      const answer = route?.(body) ?? (answers.length > 1 ? answers.shift()! : answers[0]);
      response.setHeader("Content-Type", "application/json");
      if (request.url !== "/v1/chat/completions" || !answer) {
        response.statusCode = 404;
        response.end(JSON.stringify({ error: { message: "not found" } }));
        return;
      }
      if (answer.kind === "error") {
        response.statusCode = answer.status;
        response.end(JSON.stringify({ error: { message: "upstream exploded: internal detail", type: "server_error" } }));
        return;
      }
      const content = answer.kind === "json" ? JSON.stringify(answer.value) : answer.text;
      const reply = () =>
        response.end(
          JSON.stringify({
            id: `chatcmpl-${requests.length}`,
            object: "chat.completion",
            created: Math.floor(Date.now() / 1000),
            model: body.model,
            choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
            usage: options.countTokens
              ? counted(body, content)
              : { prompt_tokens: 1200, completion_tokens: 800, total_tokens: 2000 },
          }),
        );
      if (answer.kind === "json" && answer.delayMs) setTimeout(reply, answer.delayMs);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    /** Answers each request with what `pick` returns for its body (e.g. by the schema's name), the scripted answers otherwise. */
    route(pick: (body: ChatRequest) => FakeAnswer | undefined) {
      route = pick;
    },
    /** Holds every answer (requests are still recorded) until `open` is called: work that is under way, without timing. */
    hold() {
      let open = () => {};
      const opened = new Promise<void>((resolve) => (open = resolve));
      const held = { opened, open: () => {} };
      held.open = () => {
        if (gate === held) gate = undefined;
        open();
      };
      gate = held;
      return held.open;
    },
    /** Replaces the scripted answers. */
    answer(...next: FakeAnswer[]) {
      answers.splice(0, answers.length, ...next);
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function counted(body: { messages?: { role: string; content: unknown }[] }, answer: string) {
  const prompt = tokensOf(promptText(body)).length;
  const completion = tokensOf(answer).length;
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}
