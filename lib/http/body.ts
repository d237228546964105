import { AppError } from "@/lib/errors";

/** The largest request body any route reads: 1 MiB. */
export const maxBodyBytes = 1024 * 1024;

const tooLarge = (limit: number) =>
  new AppError("payload_too_large", `The request body is larger than ${limit} bytes.`, { details: { limitBytes: limit } });

/**
 * A request body as UTF-8 text, read as a stream and abandoned past `limit` bytes, so a
 * chunked or mis-declared body never sits whole in memory. Throws 413 `payload_too_large`.
 */
export async function readBodyText(request: Request, limit = maxBodyBytes): Promise<string> {
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > limit) throw tooLarge(limit);
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}
