import "server-only";
import { checkOutboundUrl, OutboundUrlError } from "@/lib/security/outbound-url";
import { NetworkError } from "./errors";

/** The origin of a server the founder named (a PDS, an instance): one the outbound guard refuses is bad input. */
export function serviceOrigin(value: string): string {
  try {
    return checkOutboundUrl(value).origin;
  } catch (error) {
    throw new NetworkError(
      "permanent",
      `That address cannot be used: ${error instanceof OutboundUrlError ? error.message : "not a URL"}.`,
      undefined,
      badInput,
    );
  }
}

/** The `code` of a refusal that is the founder's input, not the network's answer (a 400, not a 502). */
export const badInput = "bad_input";
