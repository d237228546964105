import { causesOf, withoutPassword } from "@/lib/db/errors";

const hints: Record<string, string> = {
  ECONNREFUSED: "connection refused: is Postgres running, and are the host and port right?",
  ENOTFOUND: "no such host",
  EAI_AGAIN: "the host name could not be resolved (DNS)",
  ETIMEDOUT: "the connection timed out",
  CONNECT_TIMEOUT: "the connection timed out",
  ECONNRESET: "the connection was reset",
  "3D000": "no such database: create it first (createdb) or fix the name",
  "28P01": "the password was refused",
  "28000": "the role may not log in (check the user name and pg_hba.conf)",
  "53300": "too many connections",
  "57P03": "the database is starting up or shutting down",
};

/**
 * Why a database could not be opened or migrated, for a person at a terminal: the root
 * cause (refused, unknown host, no such database, bad password) rather than Drizzle's
 * "Failed query: CREATE SCHEMA…", and never the password.
 */
export function describeDatabaseProblem(error: unknown, url: string | undefined): string {
  const chain = [...causesOf(error)];
  // AggregateError (IPv4 and IPv6 both refused) keeps its causes in `errors`.
  const nested = chain.flatMap((entry) => (Array.isArray(entry.errors) ? (entry.errors as Record<string, unknown>[]) : []));
  const all = [...chain, ...nested];
  const coded = all.find((entry) => typeof entry.code === "string" && hints[entry.code as string]);
  const root = coded ?? all.findLast((entry) => !("query" in entry)) ?? chain.at(-1);
  const where = url ? `the Postgres database at ${withoutPassword(url)}` : "the embedded database";
  const code = typeof root?.code === "string" ? root.code : undefined;
  const message = typeof root?.message === "string" && root.message ? root.message : String(error);
  const hint = code && hints[code] ? `${hints[code]} (${code}: ${message})` : message;
  return withoutPassword(`Cannot open ${where}: ${hint}`);
}
