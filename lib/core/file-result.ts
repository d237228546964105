import { z } from "zod";

/**
 * A file answer: the bytes, their media type and the name the client should save them
 * under. A stream body is sent as it comes (the event stream), not as an attachment.
 */
export interface FileResult {
  body: string | Uint8Array | ReadableStream<Uint8Array>;
  contentType: string;
  filename: string;
}

export const fileResultSchema = z.custom<FileResult>((value) => typeof value === "object" && value !== null && "body" in value);
