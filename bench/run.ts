/**
 * `npm run bench`: each benchmark next to its baseline, in the same run on the same machine.
 * Not part of `npm test`. Figures are printed, written to bench/results/latest.json and kept in
 * the README's performance section. BENCH_SECONDS shortens or lengthens the load phases (the
 * realistic load runs 20 s unless it is set); BENCH_ONLY=receiver,inbox,cpu,load,load-light,fanout,replicas,load-replicas,latency,memory,rest
 * narrows it; BENCH_ONLY=load-kinds (asked for by name only) compares the CPU per update one kind of
 * update at a time, and BENCH_ONLY=builds two builds of the bot at once (BENCH_BUILDS, below). The 300/s comparisons run the floor and the bot in turn BENCH_ROUNDS times (3);
 * with BENCH_SIDE_BY_SIDE=1 both run at once in each round, each with its own generator, fake
 * Telegram and sandbox (in this one process), so the machine's other load moves both alike: the CPU
 * ratio then holds to a few hundredths between rounds (in turn it moves by a third), which is what
 * comparing two builds needs; the latencies do not count then, this process being the bottleneck.
 * BENCH_WARMUP_SECONDS (3) is how long the load phases run before they are measured: V8 goes on
 * compiling the bot's hot code for some 20 s under load (its optimising compiler took 13% of the
 * bot's CPU samples in its first 20 s, 3% after 40 s), so 40 measures a bot that has been up a while.
 * The replicas' benchmarks need PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL).
 */
import { benchCpu } from "./cpu.js";
import { benchLoad, type LoadFigures, type LoadOptions } from "./load.js";
import { ONE_KIND } from "./lib/chat-script.js";
import { benchMemoryAndStartup } from "./memory-startup.js";
import { benchAtRest } from "./at-rest.js";
import { benchReceiver, type ReceiverFigures } from "./receiver.js";
import { benchInbox, type InboxFigures } from "./inbox.js";
import { createDatabase, dropDatabase } from "../test/support/pg-databases.js";
import { benchFanout } from "./fanout.js";
import { benchDatabaseUrl, benchFanoutReplicas, benchNoticeLatency, postgresReachable } from "./replicas.js";
import { environment, fmt, keep, renderTable, type Row } from "./report.js";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const only = process.env.BENCH_ONLY?.split(",");
const wanted = (name: string) => !only || only.includes(name);
const env = environment();
console.log(`${env.command} · Node ${env.node} · ${env.cores} cores · ${env.cpu} · bot flags: ${env.botFlags || "none"}\n`);

const rows: Row[] = [];
const figures: Record<string, unknown> = {};

/** The receiver against bare node:http on one engine: SQLite must keep at least half the baseline's rate, PostgreSQL 0.3 of it. */
function receiverRows(benchmark: string, r: ReceiverFigures, minRatio: number): Row[] {
  const target = `≥ ${minRatio.toFixed(2)}`;
  return [
    { benchmark, figure: "events/s verified + committed", value: fmt.rate(r.receiver.perSecond), baseline: fmt.rate(r.baseline.perSecond), target: `${target} × baseline`, met: r.ratio >= minRatio },
    { benchmark, figure: "ratio to baseline", value: r.ratio.toFixed(2), baseline: "1.00", target, met: r.ratio >= minRatio },
    { benchmark, figure: "latency p50 / p99", value: `${r.receiver.p50Ms} / ${r.receiver.p99Ms} ms`, baseline: `${r.baseline.p50Ms} / ${r.baseline.p99Ms} ms`, target: "—", met: null },
    { benchmark, figure: "events stored / 2xx answered", value: `${r.stored} / ${r.answered}`, baseline: "—", target: "stored ≥ answered, 0 errors", met: r.stored >= r.answered && r.receiver.errors === 0 },
    { benchmark, figure: "events written with their notice / left waiting for room in the outbox", value: `${r.stored - r.waiting} / ${r.waiting}`, baseline: "—", target: "—", met: null },
  ];
}

if (wanted("receiver")) {
  console.log(`receiver: ${seconds} s at 50 connections in 5 alternating rounds, signed events vs a bare node:http 200…`);
  const r = await benchReceiver(seconds, 50);
  figures.receiver = r;
  rows.push(...receiverRows("Receiver", r, 0.5));
  const server = benchDatabaseUrl();
  if (server && (await postgresReachable())) {
    console.log("receiver on PostgreSQL: the same, the store on a fresh PostgreSQL database…");
    const databaseUrl = await createDatabase(server, "bench_receiver");
    try {
      const pg = await benchReceiver(seconds, 50, databaseUrl);
      figures.receiverPg = pg;
      rows.push(...receiverRows("Receiver on PostgreSQL", pg, 0.3));
    } finally {
      await dropDatabase(server, databaseUrl);
    }
  } else {
    console.log("receiver on PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL=postgres://…)");
  }
}
/** The inbox's insert rate on one engine, next to bare node:http. */
function inboxRows(benchmark: string, r: InboxFigures): Row[] {
  return [
    { benchmark, figure: "updates/s recorded durably + answered", value: fmt.rate(r.inbox.perSecond), baseline: fmt.rate(r.baseline.perSecond), target: "—", met: null },
    { benchmark, figure: "ratio to baseline", value: r.ratio.toFixed(2), baseline: "1.00", target: "—", met: null },
    { benchmark, figure: "latency p50 / p99", value: `${r.inbox.p50Ms} / ${r.inbox.p99Ms} ms`, baseline: `${r.baseline.p50Ms} / ${r.baseline.p99Ms} ms`, target: "—", met: null },
    { benchmark, figure: "answered 2xx / handled + still waiting", value: `${r.answered} / ${r.handled + r.waiting}`, baseline: "—", target: "none lost", met: r.handled + r.waiting >= r.answered },
  ];
}

if (wanted("inbox")) {
  console.log(`update inbox: ${seconds} s at 40 connections (Telegram's default) in 5 alternating rounds, updates recorded vs a bare node:http 200…`);
  const r = await benchInbox(seconds, 40);
  figures.inbox = r;
  rows.push(...inboxRows("Update inbox on SQLite", r));
  const server = benchDatabaseUrl();
  if (server && (await postgresReachable())) {
    const databaseUrl = await createDatabase(server, "bench_inbox");
    try {
      const pg = await benchInbox(seconds, 40, databaseUrl);
      figures.inboxPg = pg;
      rows.push(...inboxRows("Update inbox on PostgreSQL", pg));
    } finally {
      await dropDatabase(server, databaseUrl);
    }
  } else {
    console.log("update inbox on PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL=postgres://…)");
  }
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
// BENCH_LOAD_RATE offers another rate (e.g. to see the latency below saturation) and BENCH_LOAD_CHATS
// another number of chats (fewer chats at a lower rate still walk their whole script); the figures
// kept are at 1,000/s from 2,000 chats
const load: LoadOptions = {
  ratePerSecond: Number(process.env.BENCH_LOAD_RATE ?? 1_000),
  seconds: Number(process.env.BENCH_SECONDS ?? 20),
  warmupSeconds: Number(process.env.BENCH_WARMUP_SECONDS ?? 3),
  chats: Number(process.env.BENCH_LOAD_CHATS ?? 2_000),
  telegramDelayMs: 30,
  marketplaceDelayMs: 50,
};

const announce = (what: string, options: LoadOptions, where: string) =>
  console.log(
    `${what}: ${options.ratePerSecond}/s from ${options.chats.toLocaleString("en")} chats for ${options.seconds} s after ${options.warmupSeconds} s of warm-up, ` +
      `${where}; Bot API answers after ${options.telegramDelayMs} ms, the marketplace after ${options.marketplaceDelayMs} ms…`,
  );
const latencies = (l: LoadFigures) => `${l.p50Ms} / ${l.p90Ms} / ${l.p99Ms} ms`;
const calls = (l: LoadFigures) => `${l.callsPerUpdate.botApi.toFixed(2)} / ${l.callsPerUpdate.marketplace.toFixed(2)}`;
const cpu = (l: LoadFigures) => `${Math.round(l.botCpuPercent)} % (${l.botCpuMsPerUpdate.toFixed(2)} ms per update answered)`;

/** What a scored run is held to, against the calls-alone floor measured in the same run. */
interface LoadTargets {
  floor: LoadFigures;
  /** The bot's p99 at most this many times the floor's (1: below it). */
  p99VsFloor: number;
  /** The bot's CPU per update at most this many times the floor's. */
  cpuVsFloor?: number;
}

/**
 * The realistic load's run and rows, on one bot (SQLite) or on replicas (PostgreSQL), or on a
 * baseline (`options.baseline`: not held to targets). `bareFigures`, the same updates answered by a
 * bare grammY bot with one Bot API call each, or the floor when `targets` is given, fills the
 * baseline column.
 */
async function realisticLoad(benchmark: string, options: LoadOptions, where: string, bareFigures?: LoadFigures, targets?: LoadTargets): Promise<LoadFigures> {
  announce(benchmark, options, where);
  return loadRows(benchmark, options, await benchLoad(options), bareFigures, targets);
}

/** The rows of a realistic load's run `l` (see realisticLoad). */
function loadRows(benchmark: string, options: LoadOptions, l: LoadFigures, bareFigures?: LoadFigures, targets?: LoadTargets): LoadFigures {
  const scored = options.baseline === undefined;
  const errors = l.errors.non2xx + l.errors.failed + l.errors.botLog;
  const offered = `${options.ratePerSecond.toLocaleString("en")}/s offered`;
  const side = targets?.floor ?? bareFigures;
  const floorP99 = targets ? targets.floor.p99Ms * targets.p99VsFloor : undefined;
  const cpuCeiling = targets?.cpuVsFloor !== undefined ? targets.floor.botCpuMsPerUpdate * targets.cpuVsFloor : undefined;
  rows.push(
    {
      benchmark,
      figure: "due at Telegram → first reply, p50 / p90 / p99",
      value: latencies(l),
      baseline: side ? latencies(side) : "—",
      target: floorP99 === undefined ? "—" : targets!.p99VsFloor === 1 ? "p99 below the floor's" : `p99 ≤ ${targets!.p99VsFloor} × the floor's`,
      met: floorP99 === undefined ? null : targets!.p99VsFloor === 1 ? l.p99Ms < floorP99 : l.p99Ms <= floorP99,
    },
    { benchmark, figure: "achieved rate", value: fmt.rate(l.achievedPerSecond), baseline: side ? `${fmt.rate(side.achievedPerSecond)} of ${offered}` : offered, target: "—", met: null },
    {
      benchmark,
      figure: `updates unanswered / errors (of ${l.updates.toLocaleString("en")})`,
      value: `${l.lost} / ${errors}`,
      baseline: side ? `${side.lost} / ${side.errors.non2xx + side.errors.failed + side.errors.botLog}` : "—",
      target: scored ? "0 / 0" : "—",
      met: scored ? l.lost === 0 && errors === 0 : null,
    },
    { benchmark, figure: `longest wait for a webhook connection (max_connections ${l.maxConnections})`, value: fmt.ms(l.maxConnectionWaitMs), baseline: side ? fmt.ms(side.maxConnectionWaitMs) : "—", target: "—", met: null },
    {
      benchmark,
      figure: "bot processes' CPU (of one core)",
      value: cpu(l),
      baseline: side ? cpu(side) : "—",
      target: cpuCeiling === undefined ? "—" : `≤ ${targets!.cpuVsFloor} × the floor's per update`,
      met: cpuCeiling === undefined ? null : l.botCpuMsPerUpdate <= cpuCeiling,
    },
    { benchmark, figure: "calls per update answered: Bot API / marketplace", value: calls(l), baseline: side ? calls(side) : "—", target: "—", met: null },
  );
  console.log(`  by kind: ${JSON.stringify(l.byKind)}`);
  console.log(`  errors: ${JSON.stringify(l.errors)}; Bot API errors: ${JSON.stringify(l.botApiErrors)}; Bot API calls: ${JSON.stringify(l.botApiCalls)}; generator CPU ${Math.round(l.generatorCpuPercent)} %; max in flight ${l.maxInFlight}`);
  if (scored) console.log(`  update inbox: ${l.inboxBacklog.waiting > 0 ? `largest backlog logged ${l.inboxBacklog.waiting} updates, the oldest waiting ${l.inboxBacklog.oldestWaitMs} ms` : "no backlog that waited 2 s"}`);
  return l;
}

/** A notice rate against Telegram's 30/s ceiling (the fan-out target: at least 0.9 of it). */
const ceilingRow = (benchmark: string, figure: string, rate: number): Row => ({
  benchmark,
  figure,
  value: `${rate.toFixed(1)}/s (${(rate / 30).toFixed(2)} of 30/s)`,
  baseline: "30/s ceiling",
  target: "≥ 0.9 of ceiling",
  met: rate / 30 >= 0.9,
});

const floorWhere = "the floor: a bare grammY bot making the real bot's Bot API and marketplace calls per update and nothing else, each webhook held until handled (webhookCallback)";
if (wanted("load")) {
  announce("Realistic load's baseline", load, "a bare grammY bot in webhook mode answering each update with one Bot API call");
  figures.loadBaseline = await benchLoad({ ...load, baseline: "bare-webhook" });
  const floor = await realisticLoad("Realistic load, the bot's calls alone", { ...load, baseline: "bare-same-calls" }, floorWhere, figures.loadBaseline as LoadFigures);
  figures.loadSameCalls = floor;
  figures.load = await realisticLoad("Realistic load", load, "the real bot in webhook mode (update inbox)", undefined, { floor, p99VsFloor: 1 });
}
/** Below saturation: 300 updates a second, from as many chats per update as the realistic load. */
const light: LoadOptions = { ...load, ratePerSecond: 300, chats: Math.round((load.chats * 300) / load.ratePerSecond) };
/** BENCH_SIDE_BY_SIDE=1: the floor and the bot at once in each round (see the top of this file). */
const sideBySide = process.env.BENCH_SIDE_BY_SIDE === "1";
/**
 * The floor and the bot at the same load, one after the other (or at once: BENCH_SIDE_BY_SIDE),
 * BENCH_ROUNDS times (3 unless set): this machine's other load moves between runs, so one pair can be
 * off by a third. Every round's CPU ratio is printed; the pair whose ratio is the median is the one reported.
 */
async function inTurns(what: string, floorOptions: LoadOptions, botOptions: LoadOptions): Promise<{ floor: LoadFigures; bot: LoadFigures; ratios: number[] }> {
  const rounds = Math.max(1, Math.floor(Number(process.env.BENCH_ROUNDS ?? 3)));
  const pairs: Array<{ floor: LoadFigures; bot: LoadFigures; ratio: number }> = [];
  for (let round = 1; round <= rounds; round++) {
    console.log(`${what}, round ${round} of ${rounds}: ${sideBySide ? "the floor and the bot at once" : "the floor, then the bot"}…`);
    const [floor, bot] = sideBySide ? await Promise.all([benchLoad(floorOptions), benchLoad(botOptions)]) : [await benchLoad(floorOptions), await benchLoad(botOptions)];
    pairs.push({ floor, bot, ratio: bot.botCpuMsPerUpdate / floor.botCpuMsPerUpdate });
  }
  const median = [...pairs].sort((a, b) => a.ratio - b.ratio)[Math.floor((pairs.length - 1) / 2)]!;
  return { floor: median.floor, bot: median.bot, ratios: pairs.map((p) => p.ratio) };
}
const ratiosText = (ratios: number[]) => ratios.map((r) => `${r.toFixed(2)}×`).join(" / ");

// below saturation: the latency and the CPU per update next to the floor's (BENCH_ONLY=load-light runs this pair alone)
if (wanted("load") || wanted("load-light")) {
  const floorName = "Realistic load at 300/s, the bot's calls alone";
  const botName = "Realistic load at 300/s";
  const floorOptions: LoadOptions = { ...light, baseline: "bare-same-calls" };
  announce(floorName, floorOptions, floorWhere);
  announce(botName, light, "the real bot in webhook mode (update inbox)");
  const { floor, bot, ratios } = await inTurns("300/s", floorOptions, light);
  figures.loadLightSameCalls = loadRows(floorName, floorOptions, floor);
  figures.loadLight = loadRows(botName, light, bot, undefined, { floor, p99VsFloor: 1.25, cpuVsFloor: 1.5 });
  figures.loadLightRatios = ratios;
  rows.push({ benchmark: botName, figure: `CPU per update ÷ the floor's, each round (the median round is the one above)`, value: ratiosText(ratios), baseline: "—", target: "—", met: null });
}
// a diagnostic, asked for by name only (not part of a whole run): the 300/s comparison with every
// chat repeating one kind of step, to see which kinds of update cost the bot most next to their calls
if (only?.includes("load-kinds")) {
  // BENCH_KINDS="/start|/help" narrows it to those kinds
  const kinds = process.env.BENCH_KINDS?.split("|") ?? Object.keys(ONE_KIND);
  for (const kind of kinds.filter((k) => k in ONE_KIND)) {
    const { floor, bot, ratios } = await inTurns(`300/s of ${kind} alone`, { ...light, kind, baseline: "bare-same-calls" }, { ...light, kind });
    const ratio = bot.botCpuMsPerUpdate / floor.botCpuMsPerUpdate;
    rows.push({
      benchmark: `300/s of ${kind} alone`,
      // the calls show whether the floor still mirrors this kind's (the realistic load's row checks the mix)
      figure: "bot process's CPU per update answered (the median round; each round's ratio)",
      value: `${bot.botCpuMsPerUpdate.toFixed(2)} ms (${ratio.toFixed(2)} × the floor's; ${ratiosText(ratios)}; calls per update, Bot API / marketplace: ${calls(bot)}, the floor's ${calls(floor)})`,
      baseline: `${floor.botCpuMsPerUpdate.toFixed(2)} ms`,
      target: "—",
      met: null,
    });
  }
}
// a diagnostic, asked for by name only: two builds of the bot at once at 300/s, each with its own
// generator, fake Telegram and sandbox (BENCH_BUILDS="dist-builds/<old>,dist", a "+NAME=value" after
// a build adds to its environment: "dist,dist+METRICS_TOKEN=…"); what the machine does meanwhile moves
// both alike, so the ratio of their CPU per update holds to about a percent, where each against the
// floor moves by a few
if (only?.includes("builds")) {
  const [a, b] = (process.env.BENCH_BUILDS ?? "").split(",").map((spec) => {
    const [build, ...vars] = spec.split("+");
    return { name: spec, build: build === "dist" ? undefined : build, botEnv: Object.fromEntries(vars.map((v) => [v.slice(0, v.indexOf("=")), v.slice(v.indexOf("=") + 1)])) };
  });
  if (!a || !b) throw new Error('BENCH_BUILDS="<build>,<build>" names the two builds to compare');
  const rounds = Math.max(1, Math.floor(Number(process.env.BENCH_ROUNDS ?? 4)));
  const ratios: number[] = [];
  for (let round = 1; round <= rounds; round++) {
    // which one starts first alternates
    const order = round % 2 === 1 ? [a, b] : [b, a];
    console.log(`builds, round ${round} of ${rounds}: ${order.map((o) => o.name).join(" and ")} at once…`);
    const [first, second] = await Promise.all(order.map((o) => benchLoad({ ...light, build: o.build, botEnv: o.botEnv })));
    const [fa, fb] = round % 2 === 1 ? [first!, second!] : [second!, first!];
    ratios.push(fb.botCpuMsPerUpdate / fa.botCpuMsPerUpdate);
    console.log(`  ${a.name} ${fa.botCpuMsPerUpdate.toFixed(3)} ms, ${b.name} ${fb.botCpuMsPerUpdate.toFixed(3)} ms per update: ${ratios.at(-1)!.toFixed(3)}`);
  }
  const mean = ratios.reduce((sum, r) => sum + r, 0) / ratios.length;
  rows.push({ benchmark: `300/s, ${b.name} against ${a.name}`, figure: "CPU per update, the second's over the first's (each round; the mean)", value: `${ratios.map((r) => r.toFixed(3)).join(" / ")}; ${mean.toFixed(3)}`, baseline: "—", target: "—", met: null });
}
if (wanted("fanout")) {
  console.log("notice fan-out: 3,000 notices for 1,000 chats, fake Bot API at 30/s overall and 1/s per chat…");
  const f = await benchFanout(3_000, 1_000);
  figures.fanout = f;
  rows.push(
    ceilingRow("Notice fan-out", "achieved rate", f.rate),
    { benchmark: "Notice fan-out", figure: "lost / duplicates", value: `${f.lost} / ${f.duplicates}`, baseline: "—", target: "0 / 0", met: f.lost === 0 && f.duplicates === 0 },
    { benchmark: "Notice fan-out", figure: "429s received", value: String(f.tooManyRequests), baseline: "—", target: "—", met: null },
    { benchmark: "Notice fan-out", figure: "chats whose notices arrived out of order", value: String(f.outOfOrderChats), baseline: "—", target: "0", met: f.outOfOrderChats === 0 },
  );
}
if ((wanted("replicas") || wanted("load-replicas") || wanted("latency")) && !(await postgresReachable())) {
  console.log("replicas and notice latency: skipped (no PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL=postgres://…)");
} else {
  if (wanted("replicas")) {
    console.log("notice fan-out over two replicas: 900 events for 300 chats, each also replayed to the other replica, fake Bot API at 30/s and 1/s per chat…");
    const f = await benchFanoutReplicas(300, 3);
    figures.fanoutReplicas = f;
    rows.push(
      ceilingRow("Fan-out, 2 replicas", "achieved rate once the events were taken", f.rate),
      { benchmark: "Fan-out, 2 replicas", figure: "rate over the whole run (receivers busy too)", value: `${f.rateOverall.toFixed(1)}/s`, baseline: "—", target: "—", met: null },
      { benchmark: "Fan-out, 2 replicas", figure: "lost / duplicates / 429s", value: `${f.lost} / ${f.duplicates} / ${f.tooManyRequests}`, baseline: "—", target: "0 / 0 / 0", met: f.lost === 0 && f.duplicates === 0 && f.tooManyRequests === 0 },
      { benchmark: "Fan-out, 2 replicas", figure: "most sends in one second", value: String(f.maxInOneSecond), baseline: "—", target: "≤ 30", met: f.maxInOneSecond <= 30 },
    );
  }
  if (wanted("load-replicas")) {
    const replicated: LoadOptions = { ...load, ratePerSecond: 600, chats: Math.round((load.chats * 600) / load.ratePerSecond), replicas: { count: 2, serverUrl: benchDatabaseUrl()! } };
    figures.loadReplicas = await realisticLoad("Realistic load, 2 replicas at 600/s", replicated, "two bots on PostgreSQL behind the round-robin proxy");
  }
  if (wanted("latency")) {
    console.log("notice latency: 10 events/s for 20 s after 3 s of warm-up, receiver's 200 → sendMessage at the fake Bot API; one process, then two replicas with the events at the follower…");
    for (const replicas of [1, 2] as const) {
      const l = await benchNoticeLatency(replicas);
      figures[`latency${replicas}`] = l;
      const where = replicas === 1 ? "one process" : "2 replicas, event at the follower";
      rows.push({ benchmark: "Notice latency", figure: `${where}: p50 / p99 (lost ${l.lost})`, value: `${l.p50Ms} / ${l.p99Ms} ms`, baseline: "—", target: "p99 < 100 ms", met: l.p99Ms < 100 && l.lost === 0 });
    }
  }
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
if (wanted("rest")) {
  console.log("at rest: the real bot (webhook mode, every duty running) and a bare grammY webhook bot, 20 s with no update…");
  const r = await benchAtRest(20);
  figures.rest = r;
  rows.push({ benchmark: "At rest", figure: "CPU per second with no update arriving (all threads)", value: `${r.botMsPerSecond.toFixed(1)} ms`, baseline: `${r.bareMsPerSecond.toFixed(1)} ms`, target: "—", met: null });
}

console.log(`\n${renderTable(rows)}\n`);
// a narrowed run (BENCH_ONLY) is printed only: the README's table and latest.json hold whole runs
if (only) console.log("BENCH_ONLY: figures printed only; a whole run writes bench/results/latest.json and README.md (Performance)");
else {
  keep(rows, figures);
  console.log("figures written to bench/results/latest.json and README.md (Performance)");
}
process.exit(0);
