/**
 * What the operator's Prometheus scrapes (prom-client, one registry per app: no global state).
 * Counters and histograms are fed where things happen (the inbox, the marketplace client, the
 * outbox sender, the watchers); gauges read their source when scraped (the inbox's backlog, the
 * outbox's depth, whether this replica leads), set once the app has them (`readFrom`).
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/** What the gauges read at each scrape. */
export interface GaugeSources {
  inbox?: () => { updates: number; oldestWaitMs: number };
  outboxDepth?: () => Promise<number>;
  leader?: () => boolean;
}

/**
 * The event-loop delay histogram's sampling period (prom-client's default is 10 ms): its timer woke
 * an idle bot 100 times a second, a quarter of its CPU at rest (`BENCH_ONLY=rest`). A stall still
 * shows whole, in the sample it delays.
 */
const EVENT_LOOP_SAMPLE_MS = 100;

/** Seconds, for a chat: most updates take tens of milliseconds, a slow marketplace seconds. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });
  const registers = [registry];
  const sources: GaugeSources = {};

  const updatesHandled = new Counter({ name: "bot_updates_handled_total", help: "Telegram updates handled, by kind", labelNames: ["kind"], registers });
  const updateSeconds = new Histogram({
    name: "bot_update_duration_seconds",
    help: "From an update recorded in the inbox to the end of its handling, by kind",
    labelNames: ["kind"],
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const marketplaceCalls = new Counter({ name: "bot_marketplace_requests_total", help: "Marketplace calls, by endpoint and outcome (ok or the error kind)", labelNames: ["endpoint", "outcome"], registers });
  const marketplaceSeconds = new Histogram({
    name: "bot_marketplace_request_duration_seconds",
    help: "Marketplace calls, retries included, by endpoint",
    labelNames: ["endpoint"],
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const outboxSends = new Counter({ name: "bot_outbox_sends_total", help: "Notices the outbox sender handed to Telegram, by outcome", labelNames: ["outcome"], registers });
  const tooManyRequests = new Counter({ name: "bot_telegram_429_total", help: "Telegram's 429 answers (flood control) to the outbox sender", registers });
  const watcherRuns = new Counter({ name: "bot_watcher_runs_total", help: "Watcher ticks run on this replica, by job and outcome", labelNames: ["job", "outcome"], registers });

  new Gauge({
    name: "bot_inbox_backlog_updates",
    help: "Updates recorded and not yet handled in this process",
    registers,
    collect() {
      this.set(sources.inbox?.().updates ?? 0);
    },
  });
  new Gauge({
    name: "bot_inbox_oldest_wait_seconds",
    help: "How long the oldest update waiting in this process has waited",
    registers,
    collect() {
      this.set((sources.inbox?.().oldestWaitMs ?? 0) / 1000);
    },
  });
  new Gauge({
    name: "bot_outbox_depth",
    help: "Notices waiting in the outbox (all replicas)",
    registers,
    async collect() {
      if (sources.outboxDepth) this.set(await sources.outboxDepth());
    },
  });
  new Gauge({
    name: "bot_leader",
    help: "1 while this replica is the leader (runs the outbox sender and the watchers)",
    registers,
    collect() {
      this.set(sources.leader?.() ? 1 : 0);
    },
  });

  return {
    registry,
    /** Gives the gauges their sources, once the app has built them. */
    readFrom(more: GaugeSources): void {
      Object.assign(sources, more);
    },
    updateHandled(kind: string, seconds: number): void {
      updatesHandled.inc({ kind });
      updateSeconds.observe({ kind }, seconds);
    },
    marketplaceCall(endpoint: string, outcome: string, seconds: number): void {
      marketplaceCalls.inc({ endpoint, outcome });
      marketplaceSeconds.observe({ endpoint }, seconds);
    },
    /** The outbox sender's outcomes (its SenderFigures' names); a 429 counts as one too. */
    outboxSend(outcome: "sent" | "retried" | "rateLimited" | "blocked" | "dead", count = 1): void {
      outboxSends.inc({ outcome }, count);
      if (outcome === "rateLimited") tooManyRequests.inc(count);
    },
    watcherRun(job: string, outcome: "ok" | "failed"): void {
      watcherRuns.inc({ job, outcome });
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
