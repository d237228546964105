import path from "node:path";
import { Duplex } from "node:stream";
import { Worker } from "node:worker_threads";

/**
 * The embedded database (PGlite) on a thread of its own. Postgres compiled to WebAssembly
 * costs about a millisecond of CPU per statement; on the server's thread that time was taken
 * from HTTP, here it runs beside it. The service talks to it with the same postgres.js client
 * as to a Postgres server, through a socket made of the worker's message port.
 */
export interface EmbeddedPostgres {
  /** The postgres.js `socket` option: one connection at a time (PGlite has one session). */
  connect(): Duplex;
  /** Shuts PGlite down cleanly (its files stay consistent) and ends the thread. */
  close(): Promise<void>;
  /** Settles when the thread ends without `close()` (Postgres hit a fatal error or the thread failed). */
  lost: Promise<Error>;
}

type WorkerReply = { type: "ready" } | { type: "failed"; message: string } | { type: "closed" };

// Resolved from the project root at run time: Node runs the worker file as it is, outside the bundle.
const workerFile = () => path.join(process.cwd(), "lib/db/embedded-worker.mjs");

/**
 * Starts PGlite on its own thread, in `dataDir` or in memory (from the files of `seed`, a
 * `dumpDataDir` tar, when given); resolves once it accepts connections.
 */
export async function startEmbeddedPostgres(dataDir?: string, seed?: Uint8Array): Promise<EmbeddedPostgres> {
  const worker = new Worker(workerFile(), { workerData: { dataDir, seed } });
  await started(worker);

  let current: WorkerSocket | undefined;
  let stopped: Error | undefined;
  let closing = false;
  let reportLoss: (error: Error) => void = () => {};
  const lost = new Promise<Error>((resolve) => {
    reportLoss = resolve;
  });
  worker.on("message", (reply: Uint8Array | WorkerReply) => {
    if (reply instanceof Uint8Array) current?.receive(reply);
  });
  // Queries then fail as a lost connection does (503), not as a bug in the statement.
  const stop = (reason: string, cause?: unknown) => {
    stopped ??= Object.assign(new Error(`embedded database: ${reason}`), { code: "CONNECTION_CLOSED", cause });
    current?.destroy(stopped);
    if (!closing) reportLoss(stopped);
  };
  worker.on("error", (error) => stop(`its thread failed (${error.message})`, error));
  worker.on("exit", (code) => stop(`its thread exited (${code})`));

  return {
    connect() {
      if (stopped) throw stopped;
      current?.destroy();
      worker.postMessage({ type: "reset" });
      current = new WorkerSocket(worker);
      return current;
    },
    lost,
    async close() {
      closing = true;
      current?.destroy();
      if (stopped) return;
      await new Promise<void>((resolve) => {
        worker.on("message", (reply: Uint8Array | WorkerReply) => {
          if (!(reply instanceof Uint8Array) && reply.type === "closed") resolve();
        });
        worker.once("exit", () => resolve());
        worker.postMessage({ type: "close" });
      });
      await worker.terminate();
    },
  };
}

function started(worker: Worker): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const exited = (code: number) => settle(new Error(`embedded database: its thread exited (${code}) while starting`));
    const replied = (reply: WorkerReply) => {
      if (reply.type === "ready") settle();
      else if (reply.type === "failed") settle(new Error(`embedded database: ${reply.message}`));
    };
    const settle = (error?: Error) => {
      worker.off("message", replied).off("error", settle).off("exit", exited);
      if (error) reject(error);
      else resolve();
    };
    worker.on("message", replied).on("error", settle).on("exit", exited);
  });
}

/** A connection's byte stream over the worker's port, shaped as the net.Socket postgres.js expects. */
class WorkerSocket extends Duplex {
  readyState: "open" | "closed" = "open";

  constructor(private readonly worker: Worker) {
    super();
    this.once("close", () => {
      this.readyState = "closed";
    });
  }

  private arrived: Buffer[] = [];

  /**
   * Node drains a message port's queue (up to 1000 messages) in one go before it looks at
   * sockets or timers again. Handled right there, each answer's follow-up statement is
   * answered in the same drain, so a stream of database answers could hold HTTP requests
   * (and timers) waiting for a second or more. The answers are only queued there and handed
   * to the driver once per turn of the event loop, beside the sockets.
   */
  receive(bytes: Uint8Array) {
    if (this.readyState !== "open") return;
    this.arrived.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    if (this.arrived.length === 1) setImmediate(() => this.deliver());
  }

  private deliver() {
    const arrived = this.arrived;
    this.arrived = [];
    if (this.readyState !== "open") return;
    this.push(arrived.length === 1 ? arrived[0] : Buffer.concat(arrived));
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void) {
    // A copy with a buffer of its own, moved rather than cloned: small Buffers share a pool.
    const bytes = new Uint8Array(chunk);
    this.worker.postMessage(bytes, [bytes.buffer]);
    callback();
  }

  override _final(callback: (error?: Error | null) => void) {
    this.push(null);
    callback();
  }

  override _read() {}
}
