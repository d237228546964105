import { offlineDrafts } from "@/lib/ai/offline";
import { startFakeOpenAI } from "./fake-openai";
import { sampleProject } from "./founder";
import { type StartedServer, startServer } from "./server";

/** The environment that points the app's model at a fake OpenAI server. */
export const fakeModelEnv = (fake: { baseUrl: string }) => ({
  OPENAI_API_KEY: "sk-test",
  OPENAI_BASE_URL: fake.baseUrl,
  AI_MODEL: "fake-model",
});

/** A market strategist's answer for `sampleProject` that passes its schema, as a model would send it. */
export const sampleStrategistAnswer = () =>
  offlineDrafts.market_strategist({
    projectName: "x",
    onboarding: sampleProject.onboarding,
    decisions: {},
    approved: {},
    feedback: null,
    language: "en",
    rejections: 0,
    today: "2026-11-22",
  });

/** A started server whose model is a fake OpenAI server at the network edge; `stop` ends both. */
export async function startServerWithFakeModel(): Promise<{
  fake: Awaited<ReturnType<typeof startFakeOpenAI>>;
  server: StartedServer;
  stop(): Promise<void>;
}> {
  const fake = await startFakeOpenAI();
  const server = await startServer(fakeModelEnv(fake)).catch(async (error) => {
    await fake.close();
    throw error;
  });
  return {
    fake,
    server,
    async stop() {
      server.stop();
      await fake.close();
    },
  };
}
