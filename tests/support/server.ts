import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { buildIfNeeded } from "@/lib/cli/build";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

async function waitForServer(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the server did not answer ${url} within ${timeoutMs} ms`);
}

export interface StartedServer {
  baseUrl: string;
  dataDir: string;
  /** The process group of `npm start` (npm and the server it exec'd). */
  processGroup: number;
  /** Everything the server printed so far. */
  output: string[];
  /** The process `npm start` started (the leader of the server's process group). */
  pid: number;
  /** From spawning `npm start` to the first 200 (includes a build when sources changed). */
  readyAfterMs: number;
  stop(): void;
}

/**
 * Builds once even when several suites (server, e2e) start servers at the same time: the
 * first takes a lock directory, the others wait, then find the build up to date.
 */
async function buildUnderLock() {
  const lock = path.join(".next-build.lock");
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`another build holds ${lock} for too long (remove it if no build runs)`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    buildIfNeeded();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/** Starts the product the way a user does (`npm start`: build if needed, migrate, serve) on a free port. */
export async function startServer(env: Record<string, string> = {}): Promise<StartedServer> {
  await buildUnderLock();
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "launchloop-server-"));
  const baseUrl = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  const spawnedAt = performance.now();
  const child = spawn("npm", ["start", "--silent"], {
    env: { ...process.env, PORT: String(port), APP_URL: baseUrl, DATA_DIR: dataDir, DATABASE_URL: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  child.stdout!.on("data", (chunk) => output.push(String(chunk)));
  child.stderr!.on("data", (chunk) => output.push(String(chunk)));
  const stop = () => {
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      // already gone
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // Generous: the first start builds the app, which takes minutes on a busy machine.
    await waitForServer(`${baseUrl}/api/v1/meta`, child, 600_000);
  } catch (error) {
    stop();
    throw new Error(`${(error as Error).message}\n${output.join("")}`);
  }
  return {
    baseUrl,
    dataDir,
    processGroup: child.pid!,
    pid: child.pid!,
    output,
    readyAfterMs: performance.now() - spawnedAt,
    stop,
  };
}
