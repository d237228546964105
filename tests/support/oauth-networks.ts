import type { ServiceContext } from "@/lib/core/context";
import { operations } from "@/lib/operations";
import { executeOperation } from "@/lib/operations/execute";
import type { Network } from "@/lib/schemas/publishing";
import { startFakeLinkedIn } from "./fake-linkedin";
import { startFakeThreads } from "./fake-threads";
import { startFakeX } from "./fake-x";

// The networks connected over OAuth, as fakes a publishing suite starts: each started with its
// client, the app configured to reach it (its client, authorize and API addresses on the fake,
// plain http allowed) and the configuration reloaded; `close` forgets the client and stops it.

export const xClient = { clientId: "x-client-id", clientSecret: "x-client-secret-0123456789" };
export const linkedinClient = { clientId: "li-client-id", clientSecret: "li-client-secret-0123456789" };
export const threadsClient = { clientId: "990602627938098", clientSecret: "threads-app-secret-0123456789" };

/** The started fakes with the app configured for them by `settings`. */
async function configuredFor<Fakes extends Record<string, { close(): Promise<void> }>>(
  fakes: Fakes,
  settings: Record<string, string>,
) {
  Object.assign(process.env, { OUTBOUND_ALLOW_HTTP: "1", ...settings });
  (await import("@/lib/config")).reloadConfig();
  return {
    ...fakes,
    async close() {
      for (const name of Object.keys(settings)) delete process.env[name];
      for (const fake of Object.values(fakes)) await fake.close();
    },
  };
}

/** Fake X and LinkedIn, the app configured for both. */
export async function startXAndLinkedIn() {
  const x = await startFakeX(xClient);
  const linkedin = await startFakeLinkedIn(linkedinClient);
  return configuredFor(
    { x, linkedin },
    {
      X_CLIENT_ID: xClient.clientId,
      X_CLIENT_SECRET: xClient.clientSecret,
      X_AUTH_URL: x.url,
      X_API_URL: x.url,
      LINKEDIN_CLIENT_ID: linkedinClient.clientId,
      LINKEDIN_CLIENT_SECRET: linkedinClient.clientSecret,
      LINKEDIN_AUTH_URL: linkedin.url,
      LINKEDIN_API_URL: linkedin.url,
    },
  );
}

/** The channel of a suite's slug named for it: `x…` on X, the others (`li…`) on LinkedIn. */
export const xOrLinkedIn = (slug: string) => (slug.startsWith("x") ? "x" : "linkedin");

/** A fake Threads (Meta's Graph API), the app configured for it. */
export async function startThreads() {
  const threads = await startFakeThreads(threadsClient);
  return configuredFor(
    { threads },
    {
      THREADS_CLIENT_ID: threadsClient.clientId,
      THREADS_CLIENT_SECRET: threadsClient.clientSecret,
      THREADS_AUTH_URL: threads.url,
      THREADS_API_URL: threads.url,
    },
  );
}

/**
 * Connects the project's account of an OAuth network as the settings page does, the founder
 * approving on the fake's authorize page; the authorize address the founder was sent to.
 */
export async function connectOverOAuth(
  owner: ServiceContext,
  projectId: string,
  network: Network,
  fake: { approve(authorizeUrl: string): { code: string; state: string } },
): Promise<string> {
  const started = await executeOperation(operations.startOAuthConnection, { body: { projectId, network } }, owner);
  const { code, state } = fake.approve(started.authorizeUrl);
  await executeOperation(operations.finishOAuthConnection, { body: { network, state, code } }, owner);
  return started.authorizeUrl;
}
