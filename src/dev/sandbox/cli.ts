/** `npm run sandbox`: the sandbox standalone on PORT (default 8787) with a demo account. */
import { startSandbox } from "./index.js";

const port = Number(process.env.PORT ?? 8787);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`PORT must be a port number, got ${JSON.stringify(process.env.PORT)}`);
  process.exit(1);
}
// SANDBOX_LATENCY_MS makes every answer wait, as a marketplace across a network would (benchmarks)
const responseDelayMs = Number(process.env.SANDBOX_LATENCY_MS ?? 0);
if (!Number.isFinite(responseDelayMs) || responseDelayMs < 0) {
  console.error(`SANDBOX_LATENCY_MS must be a number of milliseconds, got ${JSON.stringify(process.env.SANDBOX_LATENCY_MS)}`);
  process.exit(1);
}
const sandbox = await startSandbox({ port, host: process.env.HOST ?? "127.0.0.1", seedDemo: true, responseDelayMs });
const demo = sandbox.demo!;

console.log(`Sandbox marketplace listening on ${sandbox.url}`);
console.log(`API base:      ${sandbox.url}/api/v1`);
console.log(`Control API:   ${sandbox.url}/_sandbox`);
console.log(`Demo account:  ${demo.accountId}`);
console.log(`Key (read):     ${demo.keys.read}`);
console.log(`Key (purchase): ${demo.keys.purchase}`);
console.log(`Key (full):     ${demo.keys.full}`);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the sandbox`);
    void sandbox.stop().then(() => process.exit(0));
  });
}
