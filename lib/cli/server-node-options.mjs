// Prints the Node options `npm start` runs the server with, for the shell to pass on:
// - the old space capped at SERVER_HEAP_MB (384), so garbage from a burst is collected
//   rather than held (docs/performance.md);
// - on Node 22 and 23, AsyncLocalStorage over AsyncContextFrame, as Node 24 has it by
//   default: otherwise every promise runs async_hooks' promise hooks, which Next.js turns
//   on for its request context (about 15% of a keyed read's CPU; Node 24 refuses the flag);
// - then whatever NODE_OPTIONS already says, which wins.
const options = [`--max-old-space-size=${process.env.SERVER_HEAP_MB || 384}`];
if (process.allowedNodeEnvironmentFlags.has("--experimental-async-context-frame")) {
  options.push("--experimental-async-context-frame");
}
if (process.env.NODE_OPTIONS) options.push(process.env.NODE_OPTIONS);
process.stdout.write(options.join(" "));
