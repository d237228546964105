// Benchmark only: the framework's floor. With LAUNCHLOOP_BENCH=1 (set by `npm run bench`
// and nothing else) GET answers the JSON last POSTed here, from memory, with no auth,
// database or validation; otherwise every method is a 404 like any unknown path.
export const dynamic = "force-dynamic";

const enabled = () => process.env.LAUNCHLOOP_BENCH === "1";
const notFound = () => Response.json({ error: "Not found.", code: "not_found", retryable: false }, { status: 404 });
const holder = globalThis as unknown as { launchloopBenchBody?: string };

export async function GET() {
  if (!enabled() || holder.launchloopBenchBody === undefined) return notFound();
  return new Response(holder.launchloopBenchBody, { headers: { "Content-Type": "application/json" } });
}

export async function POST(request: Request) {
  if (!enabled()) return notFound();
  holder.launchloopBenchBody = await request.text();
  return new Response(null, { status: 204 });
}
