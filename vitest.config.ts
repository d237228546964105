import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = { "@": path.resolve(import.meta.dirname) };
const databaseSuites = ["tests/api/**/*.test.ts", "tests/db/**/*.test.ts"];

export default defineConfig({
  resolve: { alias },
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      { extends: true, test: { name: "unit", include: ["tests/unit/**/*.test.ts"] } },
      { extends: true, test: { name: "cli", include: ["tests/cli/**/*.test.ts"] } },
      { extends: true, test: { name: "api (pglite)", include: databaseSuites } },
      // The same data-layer and API suites against a real Postgres, when one is given.
      ...(process.env.TEST_DATABASE_URL
        ? [{ extends: true as const, test: { name: "api (postgres)", include: databaseSuites, env: { TEST_DATABASE: "postgres" } } }]
        : []),
      {
        extends: true,
        test: { name: "server", include: ["tests/server/**/*.test.ts"], globalSetup: ["tests/support/server-setup.ts"] },
      },
    ],
  },
});
