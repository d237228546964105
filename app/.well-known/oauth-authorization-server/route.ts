import { metadataJson, preflight } from "@/lib/http/oauth/endpoint";
import { authorizationServerMetadata } from "@/lib/oauth/metadata";

export const dynamic = "force-dynamic";

/** RFC 8414: the embedded authorization server (issuer APP_URL). */
export const GET = () => metadataJson(authorizationServerMetadata());
export const OPTIONS = preflight;
