import { monitorEventLoopDelay } from "node:perf_hooks";

// Benchmark only: the server's event loop delay since the last read (and then reset) and
// its memory, when LAUNCHLOOP_BENCH=1; otherwise a 404 like any unknown path.
export const dynamic = "force-dynamic";

const holder = globalThis as unknown as { launchloopLoopDelay?: ReturnType<typeof monitorEventLoopDelay> };

function histogram() {
  if (!holder.launchloopLoopDelay) {
    holder.launchloopLoopDelay = monitorEventLoopDelay({ resolution: 10 });
    holder.launchloopLoopDelay.enable();
  }
  return holder.launchloopLoopDelay;
}

export async function GET() {
  if (process.env.LAUNCHLOOP_BENCH !== "1")
    return Response.json({ error: "Not found.", code: "not_found", retryable: false }, { status: 404 });
  const delay = histogram();
  const ms = (nanoseconds: number) => nanoseconds / 1e6;
  const answer = {
    delay: { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max), mean: ms(delay.mean) },
    memory: Object.fromEntries(Object.entries(process.memoryUsage()).map(([name, bytes]) => [name, bytes / 2 ** 20])),
  };
  delay.reset();
  return Response.json(answer);
}
