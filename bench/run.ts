/**
 * `npm run bench`: each benchmark next to its baseline, in the same run on the same machine.
 * Not part of `npm test`. Figures are printed, written to bench/results/latest.json and kept in
 * the README's performance section. BENCH_SECONDS shortens or lengthens the load phases (the
 * realistic load runs 20 s unless it is set); BENCH_ONLY=receiver,cpu,load,fanout,memory narrows it.
 */
import { benchCpu } from "./cpu.js";
import { benchLoad } from "./load.js";
import { benchMemoryAndStartup } from "./memory-startup.js";
import { benchReceiver } from "./receiver.js";
import { benchFanout } from "./fanout.js";
import { environment, fmt, keep, renderTable, type Row } from "./report.js";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const only = process.env.BENCH_ONLY?.split(",");
const wanted = (name: string) => !only || only.includes(name);
const env = environment();
console.log(`${env.command} · Node ${env.node} · ${env.cores} cores · ${env.cpu} · bot flags: ${env.botFlags || "none"}\n`);

const rows: Row[] = [];
const figures: Record<string, unknown> = {};

if (wanted("receiver")) {
  console.log(`receiver: ${seconds} s at 50 connections in 5 alternating rounds, signed events vs a bare node:http 200…`);
  const r = await benchReceiver(seconds, 50);
  figures.receiver = r;
  rows.push(
    { benchmark: "Receiver", figure: "events/s verified + committed", value: fmt.rate(r.receiver.perSecond), baseline: fmt.rate(r.baseline.perSecond), target: "≥ 0.5 × baseline", met: r.ratio >= 0.5 },
    { benchmark: "Receiver", figure: "ratio to baseline", value: r.ratio.toFixed(2), baseline: "1.00", target: "≥ 0.50", met: r.ratio >= 0.5 },
    { benchmark: "Receiver", figure: "latency p50 / p99", value: `${r.receiver.p50Ms} / ${r.receiver.p99Ms} ms`, baseline: `${r.baseline.p50Ms} / ${r.baseline.p99Ms} ms`, target: "—", met: null },
    { benchmark: "Receiver", figure: "events stored / 2xx answered", value: `${r.stored} / ${r.answered}`, baseline: "—", target: "stored ≥ answered, 0 errors", met: r.stored >= r.answered && r.receiver.errors === 0 },
  );
}
if (wanted("cpu")) {
  console.log("CPU per update: 5,000 chats × (/start, /help), 5 passes after a warm-up, whole bot vs bare grammY, each in its own process…");
  const c = await benchCpu();
  figures.cpu = c;
  rows.push(
    { benchmark: "CPU per update", figure: "/start (µs of CPU, median of 5 passes)", value: fmt.us(c.bot.start), baseline: fmt.us(c.baseline.start), target: "—", met: null },
    { benchmark: "CPU per update", figure: "/help (µs of CPU, median of 5 passes)", value: fmt.us(c.bot.help), baseline: fmt.us(c.baseline.help), target: "—", met: null },
  );
}
if (wanted("load")) {
  // BENCH_LOAD_RATE offers another rate (e.g. to see the latency below saturation); the figures kept are at 1,000/s
  const load = { ratePerSecond: Number(process.env.BENCH_LOAD_RATE ?? 1_000), seconds: Number(process.env.BENCH_SECONDS ?? 20), warmupSeconds: 3, chats: 2_000, telegramDelayMs: 30, marketplaceDelayMs: 50 };
  console.log(
    `realistic load: ${load.ratePerSecond}/s from ${load.chats.toLocaleString("en")} chats for ${load.seconds} s after ${load.warmupSeconds} s of warm-up, ` +
      `the real bot in webhook mode; Bot API answers after ${load.telegramDelayMs} ms, the marketplace after ${load.marketplaceDelayMs} ms…`,
  );
  const l = await benchLoad(load);
  figures.load = l;
  const errors = l.errors.non2xx + l.errors.failed + l.errors.botLog;
  const offered = `${load.ratePerSecond.toLocaleString("en")}/s offered`;
  rows.push(
    { benchmark: "Realistic load", figure: "due at Telegram → first reply, p50 / p90 / p99", value: `${l.p50Ms} / ${l.p90Ms} / ${l.p99Ms} ms`, baseline: "—", target: "p99 < 100 ms", met: l.p99Ms < 100 },
    { benchmark: "Realistic load", figure: "achieved rate", value: fmt.rate(l.achievedPerSecond), baseline: offered, target: "—", met: null },
    { benchmark: "Realistic load", figure: `updates lost / errors (of ${l.updates.toLocaleString("en")})`, value: `${l.lost} / ${errors}`, baseline: "—", target: "0 / 0", met: l.lost === 0 && errors === 0 },
    { benchmark: "Realistic load", figure: `longest wait for a webhook connection (max_connections ${l.maxConnections})`, value: fmt.ms(l.maxConnectionWaitMs), baseline: "—", target: "—", met: null },
    { benchmark: "Realistic load", figure: "bot process CPU (of one core)", value: `${Math.round(l.botCpuPercent)} % (${l.botCpuMsPerUpdate.toFixed(2)} ms per update answered)`, baseline: "—", target: "—", met: null },
  );
  console.log(`  by kind: ${JSON.stringify(l.byKind)}`);
  console.log(`  errors: ${JSON.stringify(l.errors)}; Bot API errors: ${JSON.stringify(l.botApiErrors)}; generator CPU ${Math.round(l.generatorCpuPercent)} %; max in flight ${l.maxInFlight}`);
}
if (wanted("fanout")) {
  console.log("notice fan-out: 3,000 notices for 1,000 chats, fake Bot API at 30/s overall and 1/s per chat…");
  const f = await benchFanout(3_000, 1_000);
  figures.fanout = f;
  rows.push(
    { benchmark: "Notice fan-out", figure: "achieved rate", value: `${f.rate.toFixed(1)}/s (${(f.rate / 30).toFixed(2)} of 30/s)`, baseline: "30/s ceiling", target: "≥ 0.9 of ceiling", met: f.rate / 30 >= 0.9 },
    { benchmark: "Notice fan-out", figure: "lost / duplicates", value: `${f.lost} / ${f.duplicates}`, baseline: "—", target: "0 / 0", met: f.lost === 0 && f.duplicates === 0 },
    { benchmark: "Notice fan-out", figure: "429s received", value: String(f.tooManyRequests), baseline: "—", target: "—", met: null },
    { benchmark: "Notice fan-out", figure: "chats whose notices arrived out of order", value: String(f.outOfOrderChats), baseline: "—", target: "0", met: f.outOfOrderChats === 0 },
  );
}
if (wanted("memory")) {
  console.log("memory and start-up: 10,000 users with stored conversation state, then 30 s idle; npm start to the first answered update…");
  const m = await benchMemoryAndStartup(10_000);
  figures.memory = m;
  rows.push(
    { benchmark: "Memory", figure: `RSS after ${m.sessions.toLocaleString("en")} users with stored state, right after the load`, value: fmt.mb(m.rssMb), baseline: "—", target: "< 250 MB", met: m.rssMb < 250 },
    { benchmark: "Memory", figure: `the same after ${m.settleSeconds} s idle (heap in use: ${fmt.mb(m.settledHeapUsedMb)})`, value: fmt.mb(m.settledRssMb), baseline: "—", target: "—", met: null },
    { benchmark: "Start-up", figure: "spawn to first answered update", value: fmt.ms(m.startupMs), baseline: "—", target: "—", met: null },
  );
}

console.log(`\n${renderTable(rows)}\n`);
keep(rows, figures);
console.log("figures written to bench/results/latest.json and README.md (Performance)");
process.exit(0);
