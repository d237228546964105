import { AppError } from "@/lib/errors";

/**
 * The code a call fails with ("unexpected: …" for an error that is not an AppError), or "ok"
 * when it answers (handing the answer to `answered`, if given).
 */
export async function codeOf(work: Promise<unknown>, answered?: (answer: unknown) => void): Promise<string> {
  try {
    const answer = await work;
    answered?.(answer);
    return "ok";
  } catch (error) {
    return error instanceof AppError ? error.code : `unexpected: ${String(error)}`;
  }
}
