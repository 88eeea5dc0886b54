/**
 * Every table of the bot, PostgreSQL dialect: the twin of schema.sqlite.ts (same tables, columns and
 * nullability, kept in step by a unit test), so the repositories share one set of row types. Chat
 * and user ids and millisecond times are bigint (64-bit) read as JS numbers (all are below 2^53).
 */
import { pgTable, text, integer, bigint, bigserial, boolean, serial, primaryKey, index, uniqueIndex } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";

const now = () => Date.now();
/** Telegram ids and ms timestamps: 64-bit in the database, numbers in JS. */
const big = (name: string) => bigint(name, { mode: "number" });

export const users = pgTable(
  "users",
  {
    id: big("id").primaryKey(),
    chatId: big("chat_id").notNull(),
    language: text("language"),
    languageCode: text("language_code"),
    blocked: boolean("blocked").notNull().default(false),
    noticesEnabled: boolean("notices_enabled").notNull().default(true),
    notifyFires: boolean("notify_fires").notNull().default(false),
    balanceAlertSun: text("balance_alert_sun"),
    balanceAlertTripped: boolean("balance_alert_tripped").notNull().default(false),
    monthlyStatement: boolean("monthly_statement").notNull().default(false),
    announcementsEnabled: boolean("announcements_enabled").notNull().default(true),
    createdAt: big("created_at").notNull().$defaultFn(now),
    updatedAt: big("updated_at").notNull().$defaultFn(now),
  },
  (t) => [index("users_chat").on(t.chatId)],
);

export const botStorage = pgTable("bot_storage", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: big("updated_at").notNull().$defaultFn(now),
});

export const apiKeys = pgTable(
  "api_keys",
  {
    id: serial("id").primaryKey(),
    userId: big("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    fingerprint: text("fingerprint").notNull(),
    sealedKey: text("sealed_key").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    missingScopes: text("missing_scopes").notNull().default("[]"),
    createdAt: big("created_at").notNull().$defaultFn(now),
    lastUsedAt: big("last_used_at"),
  },
  (t) => [index("api_keys_user").on(t.userId)],
);

export const orders = pgTable(
  "orders",
  {
    intentId: text("intent_id").primaryKey(),
    userId: big("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    keyId: integer("key_id").notNull(),
    chatId: big("chat_id").notNull(),
    messageId: integer("message_id"),
    idempotencyKey: text("idempotency_key").notNull(),
    resource: text("resource").notNull(),
    targetAddress: text("target_address").notNull(),
    volume: text("volume").notNull(),
    duration: text("duration").notNull(),
    state: text("state").notNull().default("pending"),
    orderId: text("order_id"),
    status: text("status"),
    totalTrx: text("total_trx"),
    burnCostTrx: text("burn_cost_trx"),
    txId: text("tx_id"),
    lastError: text("last_error"),
    createdAt: big("created_at").notNull().$defaultFn(now),
    updatedAt: big("updated_at").notNull().$defaultFn(now),
  },
  (t) => [
    uniqueIndex("orders_idempotency").on(t.idempotencyKey),
    index("orders_order_id").on(t.orderId),
    index("orders_status").on(t.state, t.status),
  ],
);

export const recentAddresses = pgTable(
  "recent_addresses",
  {
    userId: big("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    address: text("address").notNull(),
    usedAt: big("used_at").notNull().$defaultFn(now),
    /** The user's name for the address (/addresses → Rename); null = none. A labelled address is never pruned. */
    label: text("label"),
  },
  (t) => [primaryKey({ columns: [t.userId, t.address] })],
);

export const ruleSnapshots = pgTable("rule_snapshots", {
  ruleId: text("rule_id").primaryKey(),
  keyId: integer("key_id").notNull(),
  userId: big("user_id").notNull(),
  status: text("status").notNull(),
  pauseReason: text("pause_reason"),
  spentTrx: text("spent_trx").notNull().default("0"),
  lastFireAt: text("last_fire_at"),
  updatedAt: big("updated_at").notNull().$defaultFn(now),
});

export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: serial("id").primaryKey(),
    userId: big("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    keyId: integer("key_id"),
    routeToken: text("route_token").notNull(),
    endpointId: text("endpoint_id"),
    sealedSecret: text("sealed_secret"),
    enabled: boolean("enabled").notNull().default(true),
    lastEventAt: big("last_event_at"),
    lastEventType: text("last_event_type"),
    lastPingAt: big("last_ping_at"),
    lastVerifiedAt: big("last_verified_at"),
    createdAt: big("created_at").notNull().$defaultFn(now),
  },
  (t) => [uniqueIndex("webhook_endpoints_token").on(t.routeToken), index("webhook_endpoints_user").on(t.userId)],
);

export const webhookEvents = pgTable(
  "webhook_events",
  {
    endpointRowId: integer("endpoint_row_id").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    payload: text("payload").notNull(),
    receivedAt: big("received_at").notNull().$defaultFn(now),
    // when its notice and order updates were written; null while it waits for room in the outbox
    // (events/backlog.ts). 0: applied as it arrived, by a version that did not record when (the
    // default, so a replica still on that version never leaves an event waiting)
    appliedAt: big("applied_at").default(0),
    // the order events arrived in, which the backlog applies them in when their received_at ties:
    // a sequence, drawn in the order the receiver's batch insert lists its rows (arrival order)
    arrival: bigserial("arrival", { mode: "number" }),
  },
  (t) => [primaryKey({ columns: [t.endpointRowId, t.eventId] }), index("webhook_events_waiting").on(t.endpointRowId, t.receivedAt, t.arrival).where(sql`${t.appliedAt} is null`)],
);

export const outbox = pgTable(
  "outbox",
  {
    id: serial("id").primaryKey(),
    chatId: big("chat_id").notNull(),
    dedupeKey: text("dedupe_key").notNull(),
    text: text("text").notNull(),
    replyMarkup: text("reply_markup"),
    /** Edit this message of the chat instead of sending a new one (an order card following its order). */
    editMessageId: integer("edit_message_id"),
    // set: a reply to this message of the chat (a fill notice under the order card it brought up to date)
    replyToMessageId: integer("reply_to_message_id"),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: big("next_attempt_at").notNull().$defaultFn(now),
    leaseUntil: big("lease_until"),
    leaseOwner: text("lease_owner"),
    lastError: text("last_error"),
    createdAt: big("created_at").notNull().$defaultFn(now),
    sentAt: big("sent_at"),
    paidBroadcast: boolean("paid_broadcast").notNull().default(false),
    announcementId: integer("announcement_id"),
    // set: the notice is a file, sent with sendPhoto ("photo") or sendDocument ("document"), `text` its
    // caption (a statement's chart and CSV on the 1st); its bytes in base64, cleared once it is settled
    fileKind: text("file_kind"),
    fileName: text("file_name"),
    fileBase64: text("file_base64"),
  },
  // outbox_chat: the claim asks each candidate whether it is its chat's oldest pending row
  (t) => [
    uniqueIndex("outbox_dedupe").on(t.dedupeKey),
    index("outbox_due").on(t.status, t.nextAttemptAt),
    index("outbox_chat").on(t.chatId, t.status),
    index("outbox_announcement").on(t.announcementId, t.status),
  ],
);

export const announcements = pgTable("announcements", {
  id: serial("id").primaryKey(),
  operatorId: big("operator_id").notNull(),
  chatId: big("chat_id").notNull(),
  messageId: integer("message_id"),
  text: text("text").notNull(),
  paidBroadcast: boolean("paid_broadcast").notNull().default(false),
  status: text("status").notNull().default("draft"),
  cursor: big("cursor"),
  enqueuedAll: boolean("enqueued_all").notNull().default(false),
  createdAt: big("created_at").notNull().$defaultFn(now),
});

export const cronTicks = pgTable(
  "cron_ticks",
  {
    job: text("job").notNull(),
    slot: text("slot").notNull(),
    owner: text("owner").notNull(),
    claimedAt: big("claimed_at").notNull().$defaultFn(now),
  },
  (t) => [primaryKey({ columns: [t.job, t.slot] })],
);


/** The Telegram update inbox (schema.sqlite.ts says how it is used). */
export const updateInbox = pgTable(
  "update_inbox",
  {
    updateId: big("update_id").primaryKey(),
    chatKey: text("chat_key").notNull(),
    payload: text("payload"),
    receivedAt: big("received_at").notNull(),
    handledAt: big("handled_at"),
  },
  (t) => [index("update_inbox_waiting").on(t.chatKey, t.updateId).where(sql`handled_at is null`), index("update_inbox_received").on(t.receivedAt)],
);

/** Which replica handles a chat's updates now, until `expires_at` (the database's clock, ms). */
export const chatLeases = pgTable("chat_leases", {
  chatKey: text("chat_key").primaryKey(),
  owner: text("owner").notNull(),
  expiresAt: big("expires_at").notNull(),
});

/** The leader's lease and its term's epoch (schema.sqlite.ts says how it is used). */
export const leaderLease = pgTable("leader_lease", {
  name: text("name").primaryKey(),
  holder: text("holder").notNull(),
  epoch: big("epoch").notNull(),
  expiresAt: big("expires_at").notNull(),
});

/** The balance the watcher last saw per API key (schema.sqlite.ts says how it is used). */
export const balanceSnapshots = pgTable("balance_snapshots", {
  keyId: big("key_id").primaryKey(),
  trxSun: text("trx_sun").notNull(),
  usdtUnits: text("usdt_units").notNull(),
  version: integer("version").notNull().default(0),
  seenAt: big("seen_at").notNull(),
});

/** Price alerts (/alert): schema.sqlite.ts says how they are used. */
export const priceAlerts = pgTable(
  "price_alerts",
  {
    id: serial("id").primaryKey(),
    userId: big("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    volume: text("volume").notNull(),
    duration: text("duration").notNull(),
    belowSun: text("below_sun").notNull(),
    armed: boolean("armed").notNull().default(true),
    trips: integer("trips").notNull().default(0),
    createdAt: big("created_at").notNull().$defaultFn(now),
  },
  (t) => [index("price_alerts_user").on(t.userId)],
);

/** The bot's own monthly budget per API key: schema.sqlite.ts says how it is used. */
export const keyBudgets = pgTable("key_budgets", {
  keyId: integer("key_id")
    .primaryKey()
    .references(() => apiKeys.id, { onDelete: "cascade" }),
  userId: big("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  budgetSun: text("budget_sun"),
  month: text("month"),
  firingsSun: text("firings_sun").notNull().default("0"),
  warnedMonth: text("warned_month"),
  reachedMark: text("reached_mark"),
  updatedAt: big("updated_at").notNull().$defaultFn(now),
});

/** The rules the bot paused for their key's budget (schema.sqlite.ts). */
export const budgetPausedRules = pgTable(
  "budget_paused_rules",
  {
    ruleId: text("rule_id").primaryKey(),
    keyId: integer("key_id")
      .notNull()
      .references(() => apiKeys.id, { onDelete: "cascade" }),
    pausedAt: big("paused_at").notNull(),
  },
  (t) => [index("budget_paused_rules_key").on(t.keyId)],
);

/** A maximum price per firing on a rule: schema.sqlite.ts says how it is used. */
export const rulePriceCaps = pgTable(
  "rule_price_caps",
  {
    ruleId: text("rule_id").primaryKey(),
    keyId: integer("key_id")
      .notNull()
      .references(() => apiKeys.id, { onDelete: "cascade" }),
    userId: big("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    volume: text("volume"),
    duration: text("duration"),
    capSun: text("cap_sun").notNull(),
    pausedAbove: boolean("paused_above").notNull().default(false),
    told: text("told"),
    version: integer("version").notNull().default(0),
    createdAt: big("created_at").notNull().$defaultFn(now),
  },
  (t) => [index("rule_price_caps_key").on(t.keyId)],
);

/** A batch purchase (schema.sqlite.ts). */
export const orderBatches = pgTable(
  "order_batches",
  {
    batchId: text("batch_id").primaryKey(),
    userId: big("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    keyId: integer("key_id").notNull(),
    chatId: big("chat_id").notNull(),
    messageId: integer("message_id"),
    state: text("state").notNull(),
    createdAt: big("created_at").notNull().$defaultFn(now),
    updatedAt: big("updated_at").notNull().$defaultFn(now),
  },
  (t) => [index("order_batches_user").on(t.userId, t.state)],
);

/** The lines of a batch (schema.sqlite.ts). */
export const orderBatchLines = pgTable(
  "order_batch_lines",
  {
    batchId: text("batch_id")
      .notNull()
      .references(() => orderBatches.batchId, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    intentId: text("intent_id")
      .notNull()
      .references(() => orders.intentId, { onDelete: "cascade" }),
    priceTrx: text("price_trx").notNull(),
    refusal: text("refusal"),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.position] }), uniqueIndex("order_batch_lines_intent").on(t.intentId)],
);

/** Scheduled purchases (/schedule): schema.sqlite.ts says how they are used. */
export const schedules = pgTable(
  "schedules",
  {
    id: serial("id").primaryKey(),
    userId: big("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    keyId: integer("key_id")
      .notNull()
      .references(() => apiKeys.id, { onDelete: "cascade" }),
    resource: text("resource").notNull(),
    targetAddress: text("target_address").notNull(),
    volume: text("volume").notNull(),
    duration: text("duration").notNull(),
    days: text("days").notNull(),
    time: text("time").notNull(),
    timeZone: text("time_zone").notNull(),
    notify: text("notify").notNull().default("all"),
    maxSun: text("max_sun"),
    paused: boolean("paused").notNull().default(false),
    checkedUntil: big("checked_until").notNull(),
    createdAt: big("created_at").notNull().$defaultFn(now),
  },
  (t) => [index("schedules_user").on(t.userId)],
);

/** One row per (schedule, due time), claimed before anything is placed (schema.sqlite.ts). */
export const scheduleRuns = pgTable(
  "schedule_runs",
  {
    scheduleId: integer("schedule_id")
      .notNull()
      .references(() => schedules.id, { onDelete: "cascade" }),
    dueAt: big("due_at").notNull(),
    userId: big("user_id").notNull(),
    state: text("state").notNull(),
    reason: text("reason"),
    intentId: text("intent_id"),
    claimedAt: big("claimed_at").notNull().$defaultFn(now),
    updatedAt: big("updated_at").notNull().$defaultFn(now),
  },
  (t) => [primaryKey({ columns: [t.scheduleId, t.dueAt] }), index("schedule_runs_state").on(t.state)],
);

export const noticeChats = pgTable(
  "notice_chats",
  {
    userId: big("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    chatId: big("chat_id").notNull(),
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    full: boolean("full").notNull().default(false),
    alsoPrivate: boolean("also_private").notNull().default(true),
    lost: boolean("lost").notNull().default(false),
    version: integer("version").notNull().default(0),
    createdAt: big("created_at").notNull().$defaultFn(now),
  },
  (t) => [index("notice_chats_chat").on(t.chatId)],
);

export const teamDesks = pgTable(
  "team_desks",
  {
    chatId: big("chat_id").primaryKey(),
    userId: big("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    keyId: integer("key_id")
      .notNull()
      .references(() => apiKeys.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    maxOrderSun: text("max_order_sun"),
    createdAt: big("created_at").notNull().$defaultFn(now),
  },
  (t) => [index("team_desks_user").on(t.userId)],
);
