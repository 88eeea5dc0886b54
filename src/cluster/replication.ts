/**
 * What running as one of several replicas adds to the app, from the store's capabilities: the
 * leader election, cron ticks claimed per slot, update ids recorded against redeliveries, and the
 * NOTIFY that wakes the leader's sender when a notice is written here. On SQLite (no dedicated
 * connections: one process) the process is the leader and nothing is published.
 */
import type { Client } from "pg";
import type { Logger } from "../logger.js";
import type { TickClaim } from "../watch/scheduler.js";
import { electionFor, type Election, type LeaderRole, type LeaderTerm } from "./leader.js";
import type { Fence } from "../store/leader-lease.js";
import { createNoticePublisher, type NoticePublisher } from "./notice-wakeup.js";

/** The parts of the store replication needs. */
export interface ReplicatedStore {
  /** PostgreSQL only: a connection of its own (the lock, LISTEN, NOTIFY). */
  connectDedicated?: () => Promise<Client>;
  ticks: { claim(job: string, slot: string, owner: string, fence?: Fence): Promise<boolean> };
  updates: { markProcessed(updateId: number): Promise<boolean> };
}

export interface ReplicationSettings {
  instanceId: string;
  botMode: "polling" | "webhook";
  leader: { retryMs: number; quietMs: number; leaseMs: number };
}

export interface Replication {
  /** Several replicas may run (PostgreSQL). */
  shared: boolean;
  claimTick: TickClaim;
  /** Set when a polled update can arrive twice: a new leader polling what the old one fetched. */
  markProcessed?: ReplicatedStore["updates"]["markProcessed"];
  /** Wakes the leader's sender from this replica (PostgreSQL); absent on SQLite. */
  publisher?: NoticePublisher;
  election(role: LeaderRole): Election;
}

export function replicationFor(store: ReplicatedStore, settings: ReplicationSettings, logger: Logger): Replication {
  const connect = store.connectDedicated;
  const shared = connect !== undefined;
  if (shared && settings.botMode === "polling") {
    logger.warn(
      "BOT_MODE=polling with PostgreSQL is failover only: Telegram allows one getUpdates consumer, so only the leader polls and the other replicas stand by (use BOT_MODE=webhook to share the load)",
    );
  }
  // the term this replica leads now (PostgreSQL): its watchers' ticks are claimed under it, and none outside one
  let term: LeaderTerm | undefined;
  return {
    shared,
    claimTick: (job, slot) => {
      if (!shared) return store.ticks.claim(job, slot, settings.instanceId);
      const current = term;
      return current?.valid() ? store.ticks.claim(job, slot, settings.instanceId, { lease: current.lease, epoch: current.epoch }) : Promise.resolve(false);
    },
    // webhook mode records every update in the inbox (src/inbox/), which recognises redeliveries itself
    markProcessed: shared && settings.botMode === "polling" ? (updateId) => store.updates.markProcessed(updateId) : undefined,
    publisher: connect ? createNoticePublisher(connect, logger) : undefined,
    election: (role) =>
      electionFor({ connectDedicated: connect, ...settings.leader, instanceId: settings.instanceId, logger }, {
        elected: (connection, won) => {
          term = won;
          return role.elected(connection, won);
        },
        deposed: () => {
          term = undefined;
          return role.deposed();
        },
      }),
  };
}
