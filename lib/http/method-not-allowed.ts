import { AppError } from "@/lib/errors";
import { errorResponse, newResponseHeaders } from "./responses";

/** A route handler answering the 405 envelope with `Allow`, for the methods a route does not serve. */
export function methodNotAllowed(allowed: string) {
  return () => {
    const headers = newResponseHeaders();
    headers.set("Allow", allowed);
    return errorResponse(new AppError("method_not_allowed", `This path allows only ${allowed}.`), headers);
  };
}
