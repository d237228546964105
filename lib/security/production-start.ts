import { config } from "@/lib/config";
import { insecureAppUrlProblem } from "./headers";

/** A production server (`next start`, with or without `npm start`) stops at once, with one line, on an APP_URL that is neither https nor loopback. */
export function refuseInsecureProductionStart(): void {
  if (process.env.NODE_ENV !== "production") return;
  const problem = insecureAppUrlProblem(config().appUrl);
  if (!problem) return;
  console.error(problem);
  process.exit(1);
}
