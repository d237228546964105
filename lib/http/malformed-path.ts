import { AppError } from "@/lib/errors";

/** Whether a raw URL path has a percent-escape that does not decode (`%zz`, a cut UTF-8 sequence). */
export function hasMalformedEscape(rawPath: string): boolean {
  if (!rawPath.includes("%")) return false;
  try {
    for (const segment of rawPath.split("/")) decodeURIComponent(segment);
    return false;
  } catch {
    return true;
  }
}

export const malformedPathError = () =>
  new AppError("invalid_request", "The URL path has a malformed percent-escape.", {
    details: { issues: [{ path: "(url)", message: "Malformed percent-escape in the path" }] },
  });
