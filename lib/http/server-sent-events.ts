import type { FileResult, ServerEvent } from "@/lib/core/file-result";

const encoder = new TextEncoder();

/** One event as its `text/event-stream` frame. */
export function eventFrame(event: ServerEvent): Uint8Array {
  if ("event" in event) return encoder.encode(`event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`);
  if ("comment" in event) return encoder.encode(`: ${event.comment}\n\n`);
  return encoder.encode(`retry: ${event.retryMs}\n\n`);
}

const isEvents = (body: FileResult["body"]): body is AsyncIterable<ServerEvent> =>
  typeof body === "object" && body !== null && Symbol.asyncIterator in body;

/**
 * A file answer's body as the bytes a response sends: events a service yields are written
 * as Server-Sent Events frames, pulled as the client reads; a client that goes away ends
 * the service's iteration (its `finally` runs).
 */
export function responseBody(body: FileResult["body"]): BodyInit {
  if (!isEvents(body)) return body as BodyInit;
  const events = body[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await events.next();
      if (next.done) controller.close();
      else controller.enqueue(eventFrame(next.value));
    },
    async cancel() {
      await events.return?.();
    },
  });
}

/** Whether a file answer is sent as it comes (a stream or events) rather than as an attachment. */
export const isStreamed = (body: FileResult["body"]) => body instanceof ReadableStream || isEvents(body);
