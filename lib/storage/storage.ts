/** Where uploaded files live: files under DATA_DIR/storage, or a private Supabase Storage bucket. */
export interface Storage {
  readonly name: "embedded" | "supabase";
  /** Stores (or replaces) an object under `key` (e.g. `accounts/<id>/projects/<id>/logo.png`). */
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** The object's bytes and type, or null. */
  get(key: string): Promise<{ body: Uint8Array; contentType: string } | null>;
  remove(keys: string[]): Promise<void>;
  /** A URL that reads the object without credentials until it expires. */
  signedUrl(key: string, expiresInSeconds: number): Promise<string>;
}

/** Keys are ours, but a key must never climb out of its folder. */
export function assertSafeKey(key: string): void {
  if (!/^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(key) || key.split("/").some((part) => part === "" || part === "." || part === "..")) {
    throw new Error(`unsafe storage key: ${key}`);
  }
}
