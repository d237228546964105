import { spawn } from "node:child_process";
import path from "node:path";
import { config } from "@/lib/config";
import { openDatabase } from "@/lib/db/client";
import { buildIfNeeded } from "./build";

/** `npm start`: build when needed, apply migrations, then serve on PORT. */
async function main() {
  buildIfNeeded();

  const { databaseUrl, dataDir, port, appUrl } = config();
  const database = await openDatabase({ url: databaseUrl, dataDir: path.join(dataDir, "pglite") });
  await database.close();
  console.log(`Database ready (${database.kind === "pglite" ? `embedded, in ${dataDir}` : "Postgres"}), migrations applied.`);

  const server = spawn(path.join("node_modules", ".bin", "next"), ["start", "-p", String(port)], {
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  console.log(`Launchloop is starting at ${appUrl}`);
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
  server.on("exit", (code) => process.exit(code ?? 0));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
