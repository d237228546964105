import type { TestApp, TestResponse } from "./test-app";

/** Who calls: the app and the caller's key, or a function answering them when a test file sets them in `beforeAll`. */
type Caller = { app: TestApp; key: string } | (() => { app: TestApp; key: string });
const current = (caller: Caller) => (typeof caller === "function" ? caller() : caller);

/**
 * The REST API called with a key: `call(method, path, body?, otherKey?)`, e.g.
 * `authenticatedCall(() => ({ app, key }))`; `seen` receives every response.
 */
export function authenticatedCall(caller: Caller, seen?: (response: TestResponse) => void) {
  return async (method: string, path: string, body?: unknown, as?: string) => {
    const { app, key } = current(caller);
    const response = await app.request(method, path, { key: as ?? key, body });
    seen?.(response);
    return response;
  };
}

/** The same call answering the response's JSON body, for setting up data. */
export function authenticatedJson(caller: Caller) {
  const call = authenticatedCall(caller);
  return async (method: string, path: string, body?: unknown) => (await call(method, path, body)).json;
}
