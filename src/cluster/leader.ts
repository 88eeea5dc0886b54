/**
 * Which replica is the leader: the one that runs the outbox sender and the watchers (and, in
 * polling mode, the getUpdates loop). Every replica serves HTTP and handles updates; only these
 * duties must run in one place at a time, because Telegram's limits (30 messages a second, one a
 * second per chat, one getUpdates consumer) and a watcher's view of the marketplace are global.
 *
 * On PostgreSQL the leader holds a lease (table leader_lease, store/leader-lease.ts) for `leaseMs`
 * on the database's clock, renewed every `retryMs` on a connection of its own; a follower tries to
 * take it every `retryMs`, and succeeds once it has run out. So leadership lapses in bounded time
 * whatever happens to the leader: dead, frozen (SIGSTOP, a paused VM) or cut off from the database
 * with its sockets left open. A new leader is running its duties at most about
 * leaseMs + retryMs + quietMs after the old one's last renewal (5 + 1 + 1.5 s by default).
 *
 * - The leader keeps its own deadline: a renewal's send time + leaseMs − a margin, on this process's
 *   monotonic clock. A renewal started before the deadline and refused, failed or unanswered by then
 *   ends the term at that moment, before the database could give the lease to anyone else: the term
 *   stops being valid at once (the sender checks it before each send) and the duties are stopped
 *   without the election waiting on queries stuck on a dead link (they fail by the pool's timeouts).
 * - Each term has an epoch (one more than the last). The leader's claims of outbox rows and watcher
 *   ticks carry it, and the database refuses them once the term has lost the lease: a leader frozen
 *   mid-work that wakes up after a takeover claims nothing (only sends already in flight can repeat).
 * - A new leader waits `quietMs` before starting its duties, so sends of the old leader that were still
 *   in flight fall out of Telegram's one-second windows first. A leader that stops cleanly releases
 *   its lease, so a follower takes over at its next try.
 *
 * On SQLite there is one process: it is always the leader (`soleLeader`), with no term to fence.
 */
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { performance } from "node:perf_hooks";
import type { Client } from "pg";
import type { Logger } from "../logger.js";
import { errorFields } from "../logger.js";
import { acquireLease, releaseLease, renewLease, type Fence } from "../store/leader-lease.js";
import { createOutageLog } from "../store/outage-log.js";

/** A leader's term on PostgreSQL: the fence its claims carry, and whether it still holds the lease as far as this process knows. */
export interface LeaderTerm extends Fence {
  /** False from the moment the lease may have run out (by this process's clock, ahead of the database's). */
  valid(): boolean;
}

/** The leader's duties, started when elected and stopped when leadership ends. Never run twice at once. */
export interface LeaderRole {
  /** `connection` is the election's dedicated session (PostgreSQL), e.g. to LISTEN on; `term` fences the duties' claims. */
  elected(connection?: Client, term?: LeaderTerm): Promise<void>;
  /** Stops the duties (the term ended, or shutting down); waits for work in flight. */
  deposed(): Promise<void>;
}

export interface Election {
  /** PostgreSQL: starts campaigning (resolves at once). SQLite: resolves once the duties started. */
  start(): Promise<void>;
  /** Stops the duties (if leader) and gives up leadership. */
  stop(): Promise<void>;
  isLeader(): boolean;
}

/** The lease's name in leader_lease (tests use names of their own). */
export const LEADER_LEASE = "leader";

export interface PgElectionOptions {
  /** Opens a new dedicated connection (not from the pool: a busy pool must not delay a renewal). */
  connect: () => Promise<Client>;
  role: LeaderRole;
  logger: Logger;
  /** How often a follower tries to take the lease, and how often the leader renews it. */
  retryMs?: number;
  /** Wait after winning the lease before the duties start. */
  quietMs?: number;
  /** How long the lease lasts without a renewal (the database's clock). */
  leaseMs?: number;
  lease?: string;
  /** This replica in the lease; unique per election by default. */
  holder?: string;
}

export function createPgElection(options: PgElectionOptions): Election {
  const leaseMs = options.leaseMs ?? 5000;
  // at least three renewals per lease: one lost or slow renewal alone does not end a term
  const retryMs = Math.min(options.retryMs ?? 1000, Math.floor(leaseMs / 3));
  const quietMs = options.quietMs ?? 1500;
  // the leader's own deadline runs out this much before the database's (timers fire late, clocks drift)
  const marginMs = Math.min(500, Math.floor(leaseMs / 10));
  const name = options.lease ?? LEADER_LEASE;
  const holder = options.holder ?? `${hostname()}/${process.pid}/${randomUUID()}`;
  const log = options.logger;
  // an unreachable database fails every round alike: one line when it begins, a count, one when it ends
  const outage = createOutageLog(log, "leader election");
  let running = false;
  let leader = false;
  let loop: Promise<void> | undefined;
  let stopRequested: () => void = () => undefined;
  let stopped: Promise<"stopped"> = Promise.resolve("stopped");

  /** Resolves true when `ms` passed, false when stopping or `gone` came first. */
  async function pause(ms: number, gone?: Promise<unknown>): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const slept = new Promise<"slept">((resolve) => (timer = setTimeout(() => resolve("slept"), ms)));
    const outcome = await Promise.race([slept, stopped, ...(gone ? [gone.then(() => "gone" as const)] : [])]);
    clearTimeout(timer);
    return outcome === "slept" && running;
  }

  async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)));
    try {
      return await Promise.race([work, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Settles when the connection reports an error or ends; the listeners also keep an error from crashing the process. */
  function watch(client: Client): Promise<unknown> {
    return new Promise((resolve) => {
      client.on("error", (err) => {
        log.warn({ err: errorFields(err) }, "leader election: connection lost");
        resolve(err);
      });
      client.on("end", () => resolve(undefined));
    });
  }

  /** Leads the term `epoch`, won by an acquire sent at `sentAt`, until its lease lapses or we stop. */
  async function lead(client: Client, gone: Promise<unknown>, epoch: number, sentAt: number): Promise<void> {
    let deadline = sentAt + leaseMs - marginMs;
    let lapsed = false;
    let lapse!: (why?: string) => void;
    const over = new Promise<void>((resolve) => {
      lapse = (why) => {
        if (lapsed) return;
        lapsed = true;
        leader = false;
        if (why) log.warn({ epoch }, `leader election: ${why}; the duties stop now`);
        resolve();
      };
    });
    const term: LeaderTerm = { lease: name, epoch, valid: () => !lapsed && performance.now() < deadline };
    let timer = setTimeout(() => lapse("the lease was not renewed in time"), deadline - performance.now());
    void gone.then(() => lapse("the lease's connection is gone"));

    const renewals = (async () => {
      while (await pause(retryMs, over)) {
        const at = performance.now();
        try {
          const renewed = await withTimeout(renewLease(client, name, holder, epoch, leaseMs), Math.max(1, deadline - at));
          if (!renewed) return lapse("the lease was taken by another replica");
        } catch (err) {
          log.warn({ err: errorFields(err) }, "leader election: could not renew the lease");
          return lapse("the lease could not be renewed in time");
        }
        if (lapsed) return;
        deadline = at + leaseMs - marginMs;
        clearTimeout(timer);
        timer = setTimeout(() => lapse("the lease was not renewed in time"), deadline - performance.now());
      }
    })();

    log.info({ epoch, quietMs }, "elected leader: starting the sender and the watchers after a quiet period");
    let elected: Promise<void> | undefined;
    try {
      if (!(await pause(quietMs, over))) return;
      leader = true;
      elected = options.role.elected(client, term);
      await Promise.race([elected, over]);
      await Promise.race([over, stopped]);
    } finally {
      const lost = lapsed;
      lapse();
      clearTimeout(timer);
      if (elected) {
        // duties that started stop now; their stuck queries end by the pool's timeouts, not ours
        await elected.catch(() => undefined);
        await options.role.deposed();
      }
      await renewals;
      // a clean stop hands over at once instead of when the lease runs out
      if (!lost) await withTimeout(releaseLease(client, name, holder, epoch), leaseMs).catch(() => undefined);
      if (elected) log.info({ epoch }, running ? "no longer the leader: the sender and the watchers stopped" : "leadership given up");
    }
  }

  async function run(): Promise<void> {
    while (running) {
      let client: Client | undefined;
      try {
        client = await options.connect();
        const gone = watch(client);
        while (running) {
          const sentAt = performance.now();
          const epoch = await withTimeout(acquireLease(client, name, holder, leaseMs), leaseMs);
          outage.succeeded();
          if (epoch !== undefined) {
            await lead(client, gone, epoch, sentAt);
            break;
          }
          if (!(await pause(retryMs, gone))) break;
        }
      } catch (err) {
        outage.failed(err);
      } finally {
        // not awaited: on a link that answers nothing, ending the session waits for ever
        client?.end().catch(() => undefined);
      }
      if (running) await pause(retryMs);
    }
  }

  return {
    start() {
      if (running) return Promise.resolve();
      running = true;
      stopped = new Promise((resolve) => (stopRequested = () => resolve("stopped")));
      loop = run();
      return Promise.resolve();
    },
    async stop() {
      if (!running) return;
      running = false;
      stopRequested();
      await loop;
    },
    isLeader: () => leader,
  };
}

/** SQLite: the one process is the leader from start to stop. */
export function soleLeader(role: LeaderRole): Election {
  let leader = false;
  return {
    async start() {
      if (leader) return;
      leader = true;
      await role.elected();
    },
    async stop() {
      if (!leader) return;
      leader = false;
      await role.deposed();
    },
    isLeader: () => leader,
  };
}

export interface ElectionSettings {
  /** PostgreSQL: opens a dedicated connection for the lease (the store's connectDedicated); absent on SQLite. */
  connectDedicated?: () => Promise<Client>;
  retryMs: number;
  quietMs: number;
  leaseMs: number;
  /** This replica in the lease (its INSTANCE_ID, made unique per process). */
  instanceId: string;
  logger: Logger;
}

/** The election for this store: on PostgreSQL through the lease, on SQLite the sole process. */
export function electionFor(settings: ElectionSettings, role: LeaderRole): Election {
  if (!settings.connectDedicated) return soleLeader(role);
  return createPgElection({
    connect: settings.connectDedicated,
    role,
    logger: settings.logger,
    retryMs: settings.retryMs,
    quietMs: settings.quietMs,
    leaseMs: settings.leaseMs,
    holder: `${settings.instanceId}/${randomUUID()}`,
  });
}
