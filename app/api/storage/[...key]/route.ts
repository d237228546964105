import { localStorage, verifySignedKey } from "@/lib/storage/local-storage";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ key: string[] }> };

/** Serves an embedded storage object to whoever holds an unexpired signed URL for it. */
export async function GET(request: Request, context: Context) {
  const key = (await context.params).key.join("/");
  const url = new URL(request.url);
  const denied = () =>
    Response.json({ error: "This link is invalid or has expired.", code: "not_found", retryable: false }, { status: 404 });
  let valid = false;
  try {
    valid = verifySignedKey(key, Number(url.searchParams.get("expires")), url.searchParams.get("signature") ?? "");
  } catch {
    valid = false;
  }
  if (!valid) return denied();
  const object = await localStorage.get(key).catch(() => null);
  if (!object) return denied();
  return new Response(object.body as BodyInit, {
    headers: {
      "Content-Type": object.contentType,
      "Cache-Control": "private, max-age=300",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}
