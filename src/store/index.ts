/**
 * The store: one SQLite database and one repository per table group. Features take what they
 * need from `Store`; nothing else opens the database.
 */
import { openDatabase, pingDatabase, type Db } from "./db.js";
import type { Sealer } from "./secrets.js";
import { createUsersRepo } from "./users.js";
import { createApiKeysRepo } from "./api-keys.js";
import { createKeyValueStorage } from "./kv-storage.js";
import { createOutboxRepo } from "./outbox.js";
import { createWebhooksRepo } from "./webhooks.js";
import { createOrdersRepo } from "./orders.js";
import { createRecentAddressesRepo } from "./recent-addresses.js";
import { createPendingKeysRepo } from "./pending-keys.js";
import { createRuleSnapshotsRepo } from "./rule-snapshots.js";

export interface StoreOptions {
  /** Told when group-committed session or conversation state could not be written (it is retried). */
  onWriteError?: (err: unknown) => void;
}

export function createStore(path: string, sealer: Sealer, options: StoreOptions = {}) {
  const db = openDatabase(path);
  const sessions = createKeyValueStorage<unknown>(db, "session:", options);
  const conversations = createKeyValueStorage<unknown>(db, "conversation:", options);
  const apiKeys = createApiKeysRepo(db, sealer);
  const webhooks = createWebhooksRepo(db, sealer);
  const pendingKeys = createPendingKeysRepo(db, sealer, options);
  return {
    db,
    users: createUsersRepo(db),
    apiKeys,
    orders: createOrdersRepo(db),
    recentAddresses: createRecentAddressesRepo(db),
    outbox: createOutboxRepo(db),
    webhooks,
    pendingKeys,
    ruleSnapshots: createRuleSnapshotsRepo(db),
    /**
     * Master-key rotation in one pass: every secret sealed with a previous master key is sealed
     * with the current one. Values sealed with a key this bot does not have are counted, not touched.
     */
    resealSecrets: () => ({ apiKeys: apiKeys.resealAll(), webhookSecrets: webhooks.resealAll() }),
    sessions,
    conversations,
    ping: () => pingDatabase(db),
    close: () => {
      if (!db.$client.open) return;
      sessions.flush();
      conversations.flush();
      pendingKeys.flush();
      db.$client.close();
    },
  };
}

export type Store = ReturnType<typeof createStore>;
export type { Db };
