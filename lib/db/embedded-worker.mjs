// The embedded database's thread: PGlite (Postgres compiled to WebAssembly) answering the
// Postgres wire protocol that the server's postgres.js client sends through this worker's
// port. Plain JavaScript because Node runs it as is, outside the Next.js bundle.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";

const PROTOCOL_3 = 196608;
const TERMINATE = 88;

/** @type {PGlite} */
let database;
try {
  // `seed`: the files of a database made earlier (a tar), e.g. one already migrated for a test.
  database = workerData.dataDir
    ? new PGlite(workerData.dataDir)
    : new PGlite(workerData.seed ? { loadDataDir: new Blob([workerData.seed]) } : undefined);
  await database.waitReady;
} catch (error) {
  parentPort.postMessage({ type: "failed", message: error instanceof Error ? error.message : String(error) });
  process.exit(1);
}

let pending = Buffer.alloc(0);

/** Splits the bytes received so far into whole messages and runs each in order. */
function answer(chunk) {
  pending = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk;
  /** @type {Uint8Array[]} */
  const replies = [];
  // The streaming variant: the plain one also parses every reply into a list it never empties.
  // With syncToFs off it runs to the end before returning (files are written directly).
  const options = { syncToFs: false, onRawData: (bytes) => replies.push(bytes.slice()) };
  while (pending.length >= 5) {
    const startup = pending.length >= 8 && pending[0] === 0 && pending.readInt32BE(4) === PROTOCOL_3;
    const length = startup ? pending.readInt32BE(0) : 1 + pending.readInt32BE(1);
    if (pending.length < length) break;
    const message = pending.subarray(0, length);
    pending = pending.subarray(length);
    if (!startup && message[0] === TERMINATE) continue;
    database.execProtocolRawStream(new Uint8Array(message.buffer, message.byteOffset, message.byteLength), options).catch(failed);
  }
  if (replies.length === 0) return;
  const reply = replies.length === 1 ? replies[0] : joined(replies);
  parentPort.postMessage(reply, [reply.buffer]); // moved, not cloned
}

/** Postgres itself failed (not a statement: those are answered as errors): the thread ends. */
function failed(error) {
  console.error(`embedded database: ${error instanceof Error ? error.message : (error?.message ?? JSON.stringify(error))}`);
  process.exit(1);
}

function joined(parts) {
  const whole = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.length;
  }
  return whole;
}

parentPort.on("message", (message) => {
  if (message?.type === "reset") {
    // A new connection starts: whatever an old one left half-sent is dropped.
    pending = Buffer.alloc(0);
  } else if (message?.type === "close") {
    database.close().finally(() => parentPort.postMessage({ type: "closed" }));
  } else {
    answer(Buffer.from(message.buffer, message.byteOffset, message.byteLength));
  }
});

parentPort.postMessage({ type: "ready" });
