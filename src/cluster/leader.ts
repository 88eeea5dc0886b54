/**
 * Which replica is the leader: the one that runs the outbox sender and the watchers (and, in
 * polling mode, the getUpdates loop). Every replica serves HTTP and handles updates; only these
 * duties must run in one place at a time, because Telegram's limits (30 messages a second, one a
 * second per chat, one getUpdates consumer) and a watcher's view of the marketplace are global.
 *
 * On PostgreSQL the leader holds a session-level advisory lock on a connection of its own. The lock
 * lives exactly as long as that session: a leader that dies (SIGKILL, crash, network loss) loses
 * it when the server drops the session, and a follower, retrying every `retryMs`, takes it. The new
 * leader waits `quietMs` before starting its duties, so sends of the old leader that were still in
 * flight fall out of Telegram's one-second windows first. The leader checks its connection every
 * `retryMs`; a failed or slow check (or the connection's error/end) stops its duties at once, before
 * anyone else could have been elected (the server has to drop the session first).
 *
 * On SQLite there is one process: it is always the leader (`soleLeader`).
 */
import type { Client } from "pg";
import type { Logger } from "../logger.js";
import { errorFields } from "../logger.js";

/** The leader's duties, started when elected and stopped when leadership ends. Never run twice at once. */
export interface LeaderRole {
  /** `connection` is the dedicated session that holds the lock (PostgreSQL), e.g. to LISTEN on. */
  elected(connection?: Client): Promise<void>;
  /** Stops the duties (lost the lock, or shutting down); waits for work in flight. */
  deposed(): Promise<void>;
}

export interface Election {
  /** PostgreSQL: starts campaigning (resolves at once). SQLite: resolves once the duties started. */
  start(): Promise<void>;
  /** Stops the duties (if leader) and gives up leadership. */
  stop(): Promise<void>;
  isLeader(): boolean;
}

/** The two-int advisory lock key: a namespace of this bot's own, then the lock's number. */
export const LEADER_LOCK: readonly [number, number] = [0x74726f6e /* "tron" */, 1];

export interface PgElectionOptions {
  /** Opens a new dedicated connection (not from a pool: the lock belongs to its session). */
  connect: () => Promise<Client>;
  role: LeaderRole;
  logger: Logger;
  /** How often a follower tries the lock, and how often the leader checks its connection. */
  retryMs?: number;
  /** Wait after winning the lock before the duties start. */
  quietMs?: number;
  /** A connection check slower than this counts as a lost connection. */
  checkTimeoutMs?: number;
  lockKey?: readonly [number, number];
}

export function createPgElection(options: PgElectionOptions): Election {
  const retryMs = options.retryMs ?? 1000;
  const quietMs = options.quietMs ?? 1500;
  const checkTimeoutMs = options.checkTimeoutMs ?? Math.max(2000, retryMs);
  const [ns, id] = options.lockKey ?? LEADER_LOCK;
  const log = options.logger;
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

  /** Tries the lock until won (true) or the connection is gone / stopping (false). */
  async function campaign(client: Client, gone: Promise<unknown>): Promise<boolean> {
    while (running) {
      const { rows } = await withTimeout(client.query<{ ok: boolean }>("SELECT pg_try_advisory_lock($1, $2) AS ok", [ns, id]), checkTimeoutMs);
      if (rows[0]?.ok) return true;
      if (!(await pause(retryMs, gone))) return false;
    }
    return false;
  }

  /** Leads until the connection is lost or we stop. */
  async function lead(client: Client, gone: Promise<unknown>): Promise<void> {
    log.info({ quietMs }, "elected leader: starting the sender and the watchers after a quiet period");
    if (!(await pause(quietMs, gone))) return;
    leader = true;
    try {
      await options.role.elected(client);
      while (await pause(retryMs, gone)) {
        try {
          await withTimeout(client.query("SELECT 1"), checkTimeoutMs);
        } catch (err) {
          log.warn({ err: errorFields(err) }, "leader election: the lock's connection does not answer");
          break;
        }
      }
    } finally {
      leader = false;
      await options.role.deposed();
      log.info(running ? "no longer the leader: the sender and the watchers stopped" : "leadership given up");
    }
  }

  async function run(): Promise<void> {
    while (running) {
      let client: Client | undefined;
      try {
        client = await options.connect();
        const gone = watch(client);
        if (await campaign(client, gone)) await lead(client, gone);
      } catch (err) {
        log.warn({ err: errorFields(err) }, "leader election: this round failed (database unavailable or the duties could not start); retrying");
      } finally {
        // Ending the session releases the lock (if held) for the next leader.
        await client?.end().catch(() => undefined);
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
  /** PostgreSQL: opens a dedicated connection for the lock (the store's connectDedicated); absent on SQLite. */
  connectDedicated?: () => Promise<Client>;
  retryMs: number;
  quietMs: number;
  logger: Logger;
}

/** The election for this store: on PostgreSQL through the advisory lock, on SQLite the sole process. */
export function electionFor(settings: ElectionSettings, role: LeaderRole): Election {
  if (!settings.connectDedicated) return soleLeader(role);
  return createPgElection({ connect: settings.connectDedicated, role, logger: settings.logger, retryMs: settings.retryMs, quietMs: settings.quietMs });
}
