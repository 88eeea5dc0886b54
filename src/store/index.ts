/**
 * The store: one database (embedded SQLite by default, PostgreSQL for several replicas) and one
 * repository per table group. Features take what they need from `Store`; nothing else opens the
 * database. Every repository method returns a promise. `transaction(fn)` hands `fn` repositories
 * bound to the transaction; the store's own repositories refuse to be used inside it (they would
 * run outside the transaction on PostgreSQL, and wait for it forever on SQLite's one connection).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { Conn, Dialect } from "./db.js";
import type { Engine, TransactionOptions } from "./engine.js";
import type { Sealer } from "./secrets.js";
import { openSqlite } from "./sqlite-engine.js";
import { openPg } from "./pg-engine.js";
import { createUsersMemo, createUsersRepo, type UsersMemo } from "./users.js";
import { createApiKeysRepo, type ApiKeysMemo } from "./api-keys.js";
import { createKeyValueStorage } from "./kv-storage.js";
import { createOutboxRepo } from "./outbox.js";
import { createWebhooksMemo, createWebhooksRepo, ROUTE_TTL_MS, type WebhooksMemo } from "./webhooks.js";
import { createOrdersRepo } from "./orders.js";
import { createRecentAddressesRepo, type RecentAddressesMemo } from "./recent-addresses.js";
import { createPendingKeysRepo } from "./pending-keys.js";
import { createRuleSnapshotsRepo } from "./rule-snapshots.js";
import { createTicksRepo } from "./ticks.js";
import { createOrderCardsRepo } from "./order-cards.js";
import { createNoticeChatsRepo } from "./notice-chats.js";
import { createTeamDesksRepo } from "./team-desks.js";
import { createOrderBatchesRepo } from "./order-batches.js";
import { createChatLeasesRepo, createUpdateInboxRepo } from "./update-inbox.js";
import { createBalanceSnapshotsRepo } from "./balance-snapshots.js";
import { createPriceAlertsRepo } from "./price-alerts.js";
import { createAnnouncementsRepo } from "./announcements.js";
import { createKeyBudgetsRepo } from "./key-budgets.js";
import { createPriceCapsRepo } from "./price-caps.js";
import { createSchedulesRepo } from "./schedules.js";
import { leaderLive } from "./leader-lease.js";
import { createBatchCommit, createGroupCommit, type BatchWrite, type GroupCommit } from "./group-commit.js";
import { StoreClosedError, StoreMisuseError } from "./errors.js";

export { StoreClosedError, StoreMisuseError };

export interface StoreLocation {
  /** SQLite file (the default engine). */
  databasePath: string;
  /** postgres://…: PostgreSQL instead of SQLite. */
  databaseUrl?: string;
  databasePoolMax?: number;
  /** PostgreSQL: the longest wait for a connection and for a query's answer (pg-engine.ts). */
  databaseTimeoutMs?: number;
}

export interface PendingBuy {
  /** The words after /buy. */
  text: string;
  at: number;
}

/** A prompt open in a chat (bot/flow/prompt.ts): which one, the message that asks it, and what it asks there. */
export interface OpenPrompt {
  id: string;
  messageId: number;
  /**
   * The question shown, without Cancel (asked again as it is, with a reason above it). Always
   * written; a record of the release that kept none has none, and is forgotten.
   */
  question?: { text: string; /** Telegram's inline keyboard rows, as the Bot API takes them. */ keyboard: unknown[][] };
  /** The prompt's own state (a flow's answers so far), JSON. */
  state?: unknown;
  /** The version of the state's shape it was written with (Prompt.version). */
  v?: number;
  /** Only this user answers (a flow in a group). */
  from?: number;
}

export interface StoreOptions {
  /** Told when group-committed session or conversation state could not be written (it is retried). */
  onWriteError?: (err: unknown) => void;
  /**
   * SQLite with the update inbox (webhook mode): the chats' state writes go into the next
   * transaction, an update's handled mark at the latest, not into one of their own each
   * (kv-storage.ts, `rideNextCommit`).
   */
  rideNextCommit?: boolean;
}

/**
 * What is kept in memory across requests: on PostgreSQL only what is keyed by what it was derived
 * from, and for a second or two what every update reads (a webhook's route, a user's language).
 */
interface Memos {
  users: UsersMemo;
  apiKeys?: ApiKeysMemo;
  recentAddresses?: RecentAddressesMemo;
  webhooks: WebhooksMemo;
}

function createRepositories(conn: Conn, sealer: Sealer, memos: Memos) {
  return {
    users: createUsersRepo(conn, memos.users),
    apiKeys: createApiKeysRepo(conn, sealer, memos.apiKeys),
    orders: createOrdersRepo(conn),
    recentAddresses: createRecentAddressesRepo(conn, memos.recentAddresses),
    outbox: createOutboxRepo(conn),
    webhooks: createWebhooksRepo(conn, sealer, memos.webhooks),
    ruleSnapshots: createRuleSnapshotsRepo(conn),
    ticks: createTicksRepo(conn),
    updates: createUpdateInboxRepo(conn),
    chatLeases: createChatLeasesRepo(conn),
    balanceSnapshots: createBalanceSnapshotsRepo(conn),
    priceAlerts: createPriceAlertsRepo(conn),
    announcements: createAnnouncementsRepo(conn),
    keyBudgets: createKeyBudgetsRepo(conn),
    priceCaps: createPriceCapsRepo(conn),
    schedules: createSchedulesRepo(conn),
    orderCards: createOrderCardsRepo(conn),
    noticeChats: createNoticeChatsRepo(conn),
    teamDesks: createTeamDesksRepo(conn),
    orderBatches: createOrderBatchesRepo(conn),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
type RepoName = keyof Repositories;

/** Methods of several statements: called on the store, each runs in a transaction of its own. */
const ATOMIC: { [K in RepoName]?: ReadonlyArray<keyof Repositories[K]> } = {
  apiKeys: ["add", "resealAll", "setDefault", "remove"],
  webhooks: ["resealAll", "ensureForUser", "remove"],
  recentAddresses: ["remember"],
};
/** Commits acknowledged to the outside (an intent before its POST /orders): on disk when they settle. */
const DURABLE: { [K in RepoName]?: ReadonlyArray<keyof Repositories[K]> } = {
  orders: ["createIntent", "markPlacing", "markPlaced"],
  orderBatches: ["markPlacing"],
};


export async function openStore(location: StoreLocation, sealer: Sealer, options: StoreOptions = {}) {
  const sqlite = location.databaseUrl ? undefined : openSqlite(location.databasePath);
  const engine: Engine = sqlite ?? (await openPg(location.databaseUrl!, location.databasePoolMax ?? 10, location.databaseTimeoutMs));
  const dialect: Dialect = engine.conn.dialect;
  // SQLite: this process is the database's only writer, so per-user memos stay exact
  const memos: Memos = {
    webhooks: createWebhooksMemo(dialect === "sqlite" ? Number.POSITIVE_INFINITY : ROUTE_TTL_MS),
    users: createUsersMemo(dialect),
    ...(dialect === "sqlite" ? { apiKeys: new Map(), recentAddresses: new Map() } : {}),
  };
  // Which transaction, if any, the running code is inside. While an AsyncLocalStorage is enabled,
  // Node 20 runs a hook for every promise the process makes: about a quarter of an update's CPU in
  // `npm run bench`, though most updates open no transaction. Only code inside a transaction needs
  // an answer, so the storage is enabled (by `run`) while transactions are open and disabled when
  // the last one ends; outside every transaction `getStore()` is then undefined, which is the answer.
  const inTransaction = new AsyncLocalStorage<{ open: boolean; committed: Array<() => void> }>();
  let openTransactions = 0;
  const transactionEnded = () => {
    if (--openTransactions === 0) inTransaction.disable();
  };
  // set by close(): a handler still running at shutdown gets StoreClosedError, not a driver's error,
  // whether it calls after close() began or was already waiting for the connection then
  let closing: Promise<void> | undefined;
  const whenClosed = (err: unknown): never => {
    throw closing ? new StoreClosedError() : err;
  };

  // SQLite's transactions run on the store's one connection, so they share its repositories; a
  // PostgreSQL transaction has a connection of its own, and repositories bound to it
  const root = createRepositories(engine.conn, sealer, memos);
  const repositoriesOf = (conn: Conn): Repositories => (conn === engine.conn ? root : createRepositories(conn, sealer, memos));

  const transaction = <R>(fn: (tx: Repositories) => Promise<R>, txOptions?: TransactionOptions): Promise<R> => {
    if (inTransaction.getStore()?.open) throw new StoreMisuseError("a transaction inside a transaction: use the repositories it was given");
    if (closing) return Promise.reject(new StoreClosedError());
    let committed: Array<() => void> = [];
    openTransactions++;
    const done = engine.transaction((conn) => {
      // a fresh list per attempt: what a rolled-back attempt asked for never runs
      const scope = { open: true, committed: (committed = []) };
      return inTransaction.run(scope, async () => {
        try {
          return await fn(repositoriesOf(conn));
        } finally {
          scope.open = false;
        }
      });
    }, txOptions).finally(transactionEnded);
    return done.then((result) => {
      for (const run of committed) run();
      return result;
    }, whenClosed);
  };

  /**
   * Runs `fn` once what the caller wrote is visible to other connections: after the COMMIT of the
   * transaction it is called in (never, if that rolls back), at once outside one (each statement
   * commits by itself). For wake-ups: a sender woken before the commit would look and find nothing.
   * `fn` must not throw (the write it follows has already been acknowledged).
   */
  const afterCommit = (fn: () => void): void => {
    const scope = inTransaction.getStore();
    if (scope?.open) scope.committed.push(fn);
    else fn();
  };

  const durably = <X>(fn: (tx: Repositories) => Promise<X>) => transaction(fn, { durable: true });
  // SQLite runs one transaction at a time anyway; PostgreSQL overlaps a few groups' round trips
  const groupCommits = { concurrency: dialect === "pg" ? 3 : 1 };

  const guard = <K extends RepoName>(name: K): Repositories[K] => {
    const guarded: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
    const atomic = (ATOMIC[name] ?? []) as readonly string[];
    const durable = (DURABLE[name] ?? []) as readonly string[];
    for (const [method, fn] of Object.entries(root[name]) as Array<[string, (...args: unknown[]) => Promise<unknown>]>) {
      const own = atomic.includes(method) || durable.includes(method);
      guarded[method] = async (...args) => {
        if (inTransaction.getStore()?.open) throw new StoreMisuseError(`store.${name}.${method} inside a transaction: use the repositories it was given`);
        if (closing) throw new StoreClosedError();
        if (own) {
          const bound = (tx: Repositories) => (tx[name] as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[method]!(...args);
          return transaction(bound, { durable: durable.includes(method) });
        }
        try {
          while (engine.busy) await engine.idle();
          return await fn(...args);
        } catch (err) {
          return whenClosed(err);
        }
      };
    }
    return guarded as unknown as Repositories[K];
  };
  const repositories = Object.fromEntries((Object.keys(root) as RepoName[]).map((name) => [name, guard(name)])) as unknown as Repositories;

  const sessions = createKeyValueStorage<unknown>(engine, "session:", options);
  const conversations = createKeyValueStorage<unknown>(engine, "conversation:", options);
  const pendingKeyStorage = createKeyValueStorage<{ sealed: string; at: number }>(engine, "pending-key:", options);
  const pendingBuys = createKeyValueStorage<PendingBuy>(engine, "pending-buy:", options);
  const prompts = createKeyValueStorage<OpenPrompt>(engine, "prompt:", options);

  return {
    ...repositories,
    dialect,
    transaction,
    afterCommit,
    /**
     * Writes that acknowledge something to the outside (the receiver's deliveries): the writes that
     * arrive while the previous group commits share one durable commit (group-commit.ts), on either engine.
     */
    groupCommit<T, R>(write: (tx: Repositories, item: T) => Promise<R>): GroupCommit<T, R> {
      return createGroupCommit(durably, write, groupCommits);
    },
    /** `groupCommit` with the whole batch handed to `writeBatch`, to be written in a few statements. */
    batchCommit<T, R>(writeBatch: BatchWrite<Repositories, T, R>): GroupCommit<T, R> {
      return createBatchCommit(durably, writeBatch, groupCommits);
    },
    pendingKeys: createPendingKeysRepo(pendingKeyStorage, sealer),
    sessions,
    conversations,
    /** A `/buy` one-liner typed before the user had a key, by user id: resumed once a key is added. */
    pendingBuys,
    /** The prompt open in a chat (bot/flow/prompt.ts), by chat id: which one, its message, its question and state. */
    prompts,
    /**
     * Master-key rotation in one pass: every secret sealed with a previous master key is sealed
     * with the current one. Values sealed with a key this bot does not have are counted, not touched.
     */
    resealSecrets: () => transaction(async (tx) => ({ apiKeys: await tx.apiKeys.resealAll(), webhookSecrets: await tx.webhooks.resealAll() })),
    ping: () => engine.ping(),
    /** PostgreSQL: whether a replica holds the leader's lease now (on SQLite this process leads). */
    leaderKnown: () => (dialect === "pg" ? leaderLive(engine.conn) : Promise.resolve(true)),
    /** PostgreSQL only: a connection of its own with the pool's settings (the leader's lease renewals, LISTEN). */
    connectDedicated: engine.connectDedicated?.bind(engine),
    /** For tests and operator tools only, never for features: the connection, and SQLite's client. */
    raw: { conn: engine.conn, sqlite: sqlite?.client },
    /** Writes what the key-value storages have queued, waits for an open transaction, then closes. Idempotent. */
    close(): Promise<void> {
      closing ??= (async () => {
        for (const storage of [sessions, conversations, pendingBuys, pendingKeyStorage, prompts]) await storage.close();
        await engine.idle();
        await engine.close();
      })();
      return closing;
    },
  };
}

export type Store = Awaited<ReturnType<typeof openStore>>;
export type { Conn, Dialect };
