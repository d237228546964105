import { metadataJson, preflight } from "@/lib/http/oauth/endpoint";
import { protectedResourceMetadata } from "@/lib/oauth/metadata";

export const dynamic = "force-dynamic";

/** RFC 9728 at the root well-known path: the same document as for /api/mcp, the only protected resource. */
export const GET = () => metadataJson(protectedResourceMetadata());
export const OPTIONS = preflight;
