import type { TestProject } from "vitest/node";
import { startServer } from "./server";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    serverDataDir: string;
  }
}

/** One server for the server suites, started as a user would start it. */
export default async function setup(project: TestProject) {
  // Production build, but every response is still checked against its schema. Each browser
  // test signs its own founder up, all from this machine's address: the signup limit is
  // raised here (tests/server/defects.test.ts checks it on a server of its own).
  const server = await startServer({ VALIDATE_RESPONSES: "1", SIGNUP_LIMIT_PER_HOUR: "1000" });
  project.provide("baseUrl", server.baseUrl);
  project.provide("serverDataDir", server.dataDir);
  return () => server.stop();
}
