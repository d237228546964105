import { z } from "zod";

/**
 * One event of a stream a service yields as data (the faces write it as Server-Sent Events):
 * a named event with its JSON data, a comment that keeps the connection open, or the
 * client's reconnection delay.
 */
export type ServerEvent = { event: string; data: unknown } | { comment: string } | { retryMs: number };

/**
 * A file answer: the bytes, their media type and the name the client should save them
 * under. A stream body is sent as it comes, not as an attachment; events (an
 * `AsyncIterable<ServerEvent>`) are written by the face as `text/event-stream`.
 */
export interface FileResult {
  body: string | Uint8Array | ReadableStream<Uint8Array> | AsyncIterable<ServerEvent>;
  contentType: string;
  filename: string;
}

export const fileResultSchema = z.custom<FileResult>((value) => typeof value === "object" && value !== null && "body" in value);
