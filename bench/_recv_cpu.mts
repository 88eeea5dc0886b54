// temporary (receiver helper): CPU µs per request of the server child during the load phase
import { readFileSync } from "node:fs";
import { startChild } from "./lib/child.js";
import { runLoad } from "./lib/load.js";
import { signStandardWebhook } from "../src/sandbox/sign.js";
import { randomUUID } from "node:crypto";
const ticks = (pid: number) => { const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" "); return (Number(f[11]) + Number(f[12])) * 10_000; }; // µs (100 Hz)
let seq = 0;
for (const script of process.argv.slice(2)) {
  const s = await startChild<{ url: string; path: string; secret: string }>(script);
  const mk = () => { const id = `msg_cpu_${++seq}`; const ts = Math.floor(Date.now() / 1000); const body = JSON.stringify({ id, type: "order.filled", createdAt: new Date().toISOString(), data: { order: { id: randomUUID(), resource: "energy", targetAddress: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", volume: 131000, duration: "1h", priceTrx: "7.860000", activationTrx: "0.000000", totalTrx: "7.860000", status: "Filled", txId: "a".repeat(64), createdAt: new Date().toISOString() } } }); return { body, headers: { "webhook-id": id, "webhook-timestamp": String(ts), "webhook-signature": signStandardWebhook(s.info.secret, id, ts, body) } }; };
  await runLoad({ url: s.info.url, path: s.info.path, durationSeconds: 1, connections: 50, makeRequest: mk });
  const sys = () => readFileSync("/proc/stat", "utf8").split("\n")[0]!.split(/\s+/).slice(1).map(Number);
  const s0 = sys();
  const t0 = ticks(s.child.pid!); const w0 = Date.now();
  const r = await runLoad({ url: s.info.url, path: s.info.path, durationSeconds: Number(process.env.SECS ?? 5), connections: 50, makeRequest: mk });
  const cpu = ticks(s.child.pid!) - t0; const wall = (Date.now() - w0) * 1000;
  const s1 = sys(); const d = s1.map((v, i) => v - s0[i]!); const tot = d.reduce((a, b) => a + b, 0); const idle = d[3]! + d[4]!;
  console.log(`machine busy ${((100 * (tot - idle)) / tot).toFixed(0)}% of 2 cores, steal ${((100 * (d[7] ?? 0)) / tot).toFixed(1)}%`);
  console.log(`${script}: ${Math.round(r.perSecond)}/s, server CPU ${(cpu / r.requests).toFixed(1)} µs/req, server busy ${((100 * cpu) / wall).toFixed(0)}%`);
  await s.stop();
}
process.exit(0);
