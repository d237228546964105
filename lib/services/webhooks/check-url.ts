import "server-only";
import dns from "node:dns/promises";
import net from "node:net";
import { AppError } from "@/lib/errors";
import { allowedPrivate, checkOutboundUrl, isPublicAddress, OutboundUrlError } from "@/lib/security/outbound-url";

const refused = (message: string) =>
  new AppError("invalid_request", `url: ${message}`, { details: { issues: [{ path: "url", message }] } });

/**
 * An endpoint address Launchloop may POST to: https, no credentials, and a name that resolves
 * to public addresses only (checked again at every delivery: a name can move). A name that
 * does not resolve now is taken: its deliveries fail and are retried until it does.
 */
export async function checkWebhookUrl(value: string): Promise<string> {
  let url: URL;
  try {
    url = checkOutboundUrl(value);
  } catch (error) {
    if (!(error instanceof OutboundUrlError)) throw error;
    throw refused(
      /private/.test(error.message)
        ? "This address is on a private network. Use a public https address your server answers on."
        : "Use a public https address without a user name or password, e.g. https://example.com/hooks.",
    );
  }
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (net.isIP(host) === 0) {
    const addresses = await dns.lookup(host, { all: true }).catch(() => []);
    if (addresses.some((entry) => !isPublicAddress(entry.address) && !allowedPrivate(entry.address)))
      throw refused("This name points to a private network address. Use a public https address your server answers on.");
  }
  return url.toString();
}
