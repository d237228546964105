import "server-only";
import { AppError } from "@/lib/errors";
import { parseFields } from "@/lib/networks/fields";
import type { NetworkProvider } from "@/lib/networks/provider";

/**
 * An item's options as its network's provider takes them: parsed by the provider's schema
 * (a refusal names the field, `publishOptions.subreddit`); a network that takes none takes
 * only none.
 */
export function parseItemOptions(provider: NetworkProvider, options: Record<string, unknown> | null | undefined) {
  if (provider.itemOptions) return parseFields(provider.itemOptions, options ?? {}, "publishOptions");
  if (options && Object.keys(options).length > 0)
    throw new AppError("invalid_request", `publishOptions: ${provider.label} takes no options.`);
  return {};
}
