/**
 * An answer already serialized as JSON text (the database built it), for a large read
 * whose parse and re-serialization would cost more than the rest of the request. REST
 * sends the text as it is; faces that need the value (MCP, pages) parse it once.
 */
export class JsonText<T = unknown> {
  declare readonly value?: T;
  constructor(readonly text: string) {}
}

/** The value a handler answered, whether as a value or as JSON text. */
export const answerValue = <T>(answer: T | JsonText<T>): T =>
  answer instanceof JsonText ? (JSON.parse(answer.text) as T) : answer;
