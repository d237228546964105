import { config } from "@/lib/config";
import { siteScript } from "@/lib/links/site-script";

export const dynamic = "force-dynamic";

/** The script founders put on their site: `<script src="APP_URL/launchloop.js" data-key="llp_…" defer></script>`. */
export function GET() {
  return new Response(siteScript(config().appUrl), {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
      "Access-Control-Allow-Origin": "*",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
