import { supabaseAdmin, supabaseSettings } from "@/lib/auth/supabase-clients";
import { assertSafeKey, type Storage } from "./storage";

const bucket = async () => (await supabaseAdmin()).storage.from(supabaseSettings().bucket);

function check<T>(result: { data: T; error: unknown }): T {
  if (result.error) throw new Error(`Supabase Storage: ${(result.error as Error).message ?? result.error}`);
  return result.data;
}

/** A private Supabase Storage bucket, reached with the service role; reads by signed URL. */
export const supabaseStorage: Storage = {
  name: "supabase",
  async put(key, body, contentType) {
    assertSafeKey(key);
    check(await (await bucket()).upload(key, body, { contentType, upsert: true }));
  },
  async get(key) {
    assertSafeKey(key);
    const { data, error } = await (await bucket()).download(key);
    if (error || !data) return null;
    return { body: new Uint8Array(await data.arrayBuffer()), contentType: data.type || "application/octet-stream" };
  },
  async remove(keys) {
    if (keys.length === 0) return;
    keys.forEach(assertSafeKey);
    check(await (await bucket()).remove(keys));
  },
  async signedUrl(key, expiresInSeconds) {
    assertSafeKey(key);
    return check(await (await bucket()).createSignedUrl(key, expiresInSeconds))!.signedUrl;
  },
};
