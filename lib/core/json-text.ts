/**
 * An answer already serialized as JSON text (the database built it), for a large read
 * whose parse and re-serialization would cost more than the rest of the request. REST
 * sends the text as it is; faces that need the value (MCP, pages) parse it once.
 *
 * The text is kept in the parts it was made of: joined, a large part that is not all
 * ASCII would be copied whole into one more string before being encoded.
 */
export class JsonText<T = unknown> {
  declare readonly value?: T;
  readonly parts: readonly string[];
  #bytes?: Buffer<ArrayBuffer>;
  constructor(...parts: string[]) {
    this.parts = parts;
  }

  get text(): string {
    return this.parts.join("");
  }

  /** The text as UTF-8, each part encoded where it lies, once (a kept answer is sent many times; callers must not write to it). */
  bytes(): Buffer<ArrayBuffer> {
    if (this.#bytes) return this.#bytes;
    const bytes = Buffer.allocUnsafe(this.parts.reduce((total, part) => total + Buffer.byteLength(part), 0));
    let offset = 0;
    for (const part of this.parts) offset += bytes.write(part, offset);
    this.#bytes = bytes;
    return bytes;
  }
}

/** The value a handler answered, whether as a value or as JSON text. */
export const answerValue = <T>(answer: T | JsonText<T>): T =>
  answer instanceof JsonText ? (JSON.parse(answer.text) as T) : answer;
