import { AppError } from "@/lib/errors";
import { NetworkError } from "@/lib/networks/errors";
import { badInput } from "@/lib/networks/service-url";

/** The network's refusal as the founder's answer: bad input or refused credentials → 400, anything else → retry later. */
export function refusedConnect(error: unknown, label: string): never {
  if (error instanceof NetworkError) {
    if (error.code === badInput) throw new AppError("invalid_request", error.message);
    if (error.kind === "auth" || error.kind === "permanent")
      throw new AppError("connection_refused", `${label} refused: ${error.message.replace(/^[^:]*: /, "")}`);
    throw new AppError("provider_unavailable", `${label} did not answer (${error.message}). Try again in a moment.`);
  }
  throw error;
}
