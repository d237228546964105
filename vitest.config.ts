import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

// `server-only` throws outside React's server condition; tests run server code directly.
const alias = {
  "@": path.resolve(import.meta.dirname),
  "server-only": path.resolve(import.meta.dirname, "node_modules/server-only/empty.js"),
};
const databaseSuites = ["tests/api/**/*.test.ts", "tests/db/**/*.test.ts"];

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default leaves one core idle, so a 2-core machine ran one file at a time; files
    // spend much of their time waiting on a database, a server or a browser, so two run at once.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      { extends: true, test: { name: "unit", include: ["tests/unit/**/*.test.ts"] } },
      { extends: true, test: { name: "cli", include: ["tests/cli/**/*.test.ts"] } },
      { extends: true, test: { name: "api (pglite)", include: databaseSuites } },
      // The same data-layer and API suites against a real Postgres, when one is given.
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: { name: "api (postgres)", include: databaseSuites, env: { TEST_DATABASE: "postgres" } },
            },
          ]
        : []),
      {
        extends: true,
        test: { name: "server", include: ["tests/server/**/*.test.ts"], globalSetup: ["tests/support/server-setup.ts"] },
      },
      // Real Chromium (Debian's /usr/bin/chromium) through playwright-core against a started server:
      // `npm run test:e2e` only, so `npm test` needs no browser on a fresh machine.
      ...(process.env.LAUNCHLOOP_E2E
        ? [
            {
              extends: true as const,
              test: {
                name: "e2e",
                include: ["tests/e2e/**/*.test.ts"],
                globalSetup: ["tests/support/server-setup.ts"],
                testTimeout: 120_000,
                // A page on a loaded machine can take seconds to settle: expect.poll waits like a locator does.
                expect: { poll: { timeout: 30_000 } },
              },
            },
          ]
        : []),
    ],
  },
});
