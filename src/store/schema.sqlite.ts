/**
 * Every table of the bot, SQLite dialect (schema.pg.ts is its PostgreSQL twin; a unit test keeps the
 * two in step). Migrations are generated from here (`npm run db:generate`); the repositories beside
 * it (one module per table group) do the queries. Secrets are stored only sealed (see secrets.ts).
 * Int64 volumes and SUN amounts are text.
 */
import { sqliteTable, text, integer, primaryKey, index, uniqueIndex } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";

const now = () => Date.now();

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey(), // Telegram user id
    chatId: integer("chat_id").notNull(), // private chat for pushed notices
    language: text("language"), // chosen with /language; null = follow Telegram's language_code
    languageCode: text("language_code"), // Telegram's language_code as last seen: the language of what is sent outside a chat answer
    blocked: integer("blocked", { mode: "boolean" }).notNull().default(false), // 403 from Telegram
    noticesEnabled: integer("notices_enabled", { mode: "boolean" }).notNull().default(true),
    notifyFires: integer("notify_fires", { mode: "boolean" }).notNull().default(false),
    balanceAlertSun: text("balance_alert_sun"), // null = no alert
    balanceAlertTripped: integer("balance_alert_tripped", { mode: "boolean" }).notNull().default(false),
    monthlyStatement: integer("monthly_statement", { mode: "boolean" }).notNull().default(false), // pushed on the 1st (/settings)
    announcementsEnabled: integer("announcements_enabled", { mode: "boolean" }).notNull().default(true), // the operator's announcements (/settings, /stop)
    createdAt: integer("created_at").notNull().$defaultFn(now),
    updatedAt: integer("updated_at").notNull().$defaultFn(now),
  },
  // notices are addressed by chat: the outbox looks users up by chat id
  (t) => [index("users_chat").on(t.chatId)],
);

/** grammY sessions and conversation state (conversations v2 storage), JSON values by key. */
export const botStorage = sqliteTable("bot_storage", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: integer("updated_at").notNull().$defaultFn(now),
});

export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    fingerprint: text("fingerprint").notNull(), // last 4 characters, the only part ever shown
    sealedKey: text("sealed_key").notNull(),
    isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
    missingScopes: text("missing_scopes").notNull().default("[]"), // JSON: scopes seen lacking
    createdAt: integer("created_at").notNull().$defaultFn(now),
    lastUsedAt: integer("last_used_at"),
  },
  (t) => [index("api_keys_user").on(t.userId)],
);

/**
 * Orders placed through the bot. The row (with its Idempotency-Key) is written before POST /orders,
 * so a retry after a crash or a repeated update reuses the key and never charges twice.
 */
export const orders = sqliteTable(
  "orders",
  {
    intentId: text("intent_id").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    keyId: integer("key_id").notNull(),
    chatId: integer("chat_id").notNull(),
    messageId: integer("message_id"), // the preview card that becomes the order card
    idempotencyKey: text("idempotency_key").notNull(),
    resource: text("resource").notNull(),
    targetAddress: text("target_address").notNull(),
    volume: text("volume").notNull(),
    duration: text("duration").notNull(),
    state: text("state").notNull().default("pending"), // previewed | placing | placed | rejected | cancelled (see orders.ts)
    orderId: text("order_id"),
    status: text("status"), // marketplace status: Created, Filled, Failed, …
    totalTrx: text("total_trx"),
    burnCostTrx: text("burn_cost_trx"), // what burning TRX would have cost, from the preview the order was placed from (null: before it was recorded)
    txId: text("tx_id"),
    lastError: text("last_error"),
    createdAt: integer("created_at").notNull().$defaultFn(now),
    updatedAt: integer("updated_at").notNull().$defaultFn(now),
  },
  (t) => [
    uniqueIndex("orders_idempotency").on(t.idempotencyKey),
    index("orders_order_id").on(t.orderId),
    index("orders_status").on(t.state, t.status),
  ],
);

export const recentAddresses = sqliteTable(
  "recent_addresses",
  {
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    address: text("address").notNull(),
    usedAt: integer("used_at").notNull().$defaultFn(now),
    /** The user's name for the address (/addresses → Rename); null = none. A labelled address is never pruned. */
    label: text("label"),
  },
  (t) => [primaryKey({ columns: [t.userId, t.address] })],
);

/** Last seen state of each rule, per key, for the rule watcher's diff. */
export const ruleSnapshots = sqliteTable("rule_snapshots", {
  ruleId: text("rule_id").primaryKey(),
  keyId: integer("key_id").notNull(),
  userId: integer("user_id").notNull(),
  status: text("status").notNull(),
  pauseReason: text("pause_reason"),
  spentTrx: text("spent_trx").notNull().default("0"),
  lastFireAt: text("last_fire_at"),
  updatedAt: integer("updated_at").notNull().$defaultFn(now),
});

export const webhookEndpoints = sqliteTable(
  "webhook_endpoints",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    keyId: integer("key_id"),
    routeToken: text("route_token").notNull(),
    endpointId: text("endpoint_id"), // the marketplace's uuid, once the user gives it
    sealedSecret: text("sealed_secret"),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    lastEventAt: integer("last_event_at"),
    lastEventType: text("last_event_type"),
    lastPingAt: integer("last_ping_at"),
    lastVerifiedAt: integer("last_verified_at"),
    createdAt: integer("created_at").notNull().$defaultFn(now),
  },
  (t) => [uniqueIndex("webhook_endpoints_token").on(t.routeToken), index("webhook_endpoints_user").on(t.userId)],
);

export const webhookEvents = sqliteTable(
  "webhook_events",
  {
    endpointRowId: integer("endpoint_row_id").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    payload: text("payload").notNull(),
    receivedAt: integer("received_at").notNull().$defaultFn(now),
    // when its notice and order updates were written; null while it waits for room in the outbox
    // (events/backlog.ts). 0: applied as it arrived, by a version that did not record when (the
    // default, so a replica still on that version never leaves an event waiting)
    appliedAt: integer("applied_at").default(0),
    // the order events arrived in, which the backlog applies them in when their received_at ties
    // (a millisecond holds several); set by the insert to the rowid the row gets (max + 1: one writer)
    arrival: integer("arrival").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.endpointRowId, t.eventId] }), index("webhook_events_waiting").on(t.endpointRowId, t.receivedAt, t.arrival).where(sql`${t.appliedAt} is null`)],
);

/**
 * The outbox: the only way a pushed notice leaves. `dedupeKey` makes the same event's notice
 * impossible to enqueue twice (webhook and watcher both reporting one fill, a replayed event).
 */
export const outbox = sqliteTable(
  "outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    chatId: integer("chat_id").notNull(),
    dedupeKey: text("dedupe_key").notNull(),
    text: text("text").notNull(),
    replyMarkup: text("reply_markup"), // JSON of an InlineKeyboardMarkup
    // set: edit this message of the chat (an order card brought up to date) instead of sending one
    editMessageId: integer("edit_message_id"),
    // set: a reply to this message of the chat (a fill notice under the order card it brought up to date)
    replyToMessageId: integer("reply_to_message_id"),
    status: text("status").notNull().default("pending"), // pending | sent | blocked | dead; held | dropped | rerouted: a notice chat's copies (store/outbox.ts)
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at").notNull().$defaultFn(now),
    leaseUntil: integer("lease_until"),
    leaseOwner: text("lease_owner"), // the sender (replica) holding the lease
    lastError: text("last_error"),
    createdAt: integer("created_at").notNull().$defaultFn(now),
    sentAt: integer("sent_at"),
    // sent with allow_paid_broadcast, paced by the paid rate (an operator's announcement, ANNOUNCE_PAID_BROADCAST)
    paidBroadcast: integer("paid_broadcast", { mode: "boolean" }).notNull().default(false),
    announcementId: integer("announcement_id"), // set: one user's copy of this announcement (counted by state)
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

/** An operator's announcement: a draft until sent, then enqueued to the users in batches (cursor: the last user id enqueued). */
export const announcements = sqliteTable("announcements", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  operatorId: integer("operator_id").notNull(),
  chatId: integer("chat_id").notNull(), // the operator's chat, where its preview and progress are
  messageId: integer("message_id"), // the preview, edited into the progress line
  text: text("text").notNull(), // HTML, as the users see it
  paidBroadcast: integer("paid_broadcast", { mode: "boolean" }).notNull().default(false),
  status: text("status").notNull().default("draft"), // draft | sending | done | cancelled
  cursor: integer("cursor"), // the last user id enqueued; null: none yet
  enqueuedAll: integer("enqueued_all", { mode: "boolean" }).notNull().default(false),
  createdAt: integer("created_at").notNull().$defaultFn(now),
});

/** Cron ticks claimed once per slot: two leaders overlapping for a moment still run each tick once. */
export const cronTicks = sqliteTable(
  "cron_ticks",
  {
    job: text("job").notNull(),
    slot: text("slot").notNull(),
    owner: text("owner").notNull(),
    claimedAt: integer("claimed_at").notNull().$defaultFn(now),
  },
  (t) => [primaryKey({ columns: [t.job, t.slot] })],
);


/**
 * The Telegram update inbox (webhook mode): every update is recorded here before its webhook is
 * answered, then handled from here, one chat's updates one at a time in update_id order. A handled
 * row keeps its id (a redelivery is recognised) and drops its payload; the leader prunes it after a day.
 */
export const updateInbox = sqliteTable(
  "update_inbox",
  {
    updateId: integer("update_id").primaryKey(),
    chatKey: text("chat_key").notNull(), // the chat's id (or the user's, for updates without a chat)
    payload: text("payload"), // the update's JSON until it is handled
    receivedAt: integer("received_at").notNull(),
    handledAt: integer("handled_at"),
  },
  (t) => [index("update_inbox_waiting").on(t.chatKey, t.updateId).where(sql`handled_at is null`), index("update_inbox_received").on(t.receivedAt)],
);

/** Which replica handles a chat's updates now (PostgreSQL; on SQLite one process handles every chat). */
export const chatLeases = sqliteTable("chat_leases", {
  chatKey: text("chat_key").primaryKey(),
  owner: text("owner").notNull(),
  expiresAt: integer("expires_at").notNull(), // the database's clock, ms
});

/**
 * The leader's lease (PostgreSQL; on SQLite the one process leads): one row per election name, held by
 * `holder` until `expires_at` (the database's clock, ms), renewed every few seconds. `epoch` grows by
 * one with every new term: the leader's claims of outbox rows and watcher ticks carry it, so a
 * deposed leader that wakes up (frozen, cut off) finds its writes refused. See cluster/leader.ts.
 */
export const leaderLease = sqliteTable("leader_lease", {
  name: text("name").primaryKey(),
  holder: text("holder").notNull(),
  epoch: integer("epoch").notNull(),
  expiresAt: integer("expires_at").notNull(),
});

/**
 * The balance the watcher last saw per API key (SUN, and USDT in millionths), so that a rise not
 * explained by a refund is told once as a deposit. `version` moves by compare-and-set in the
 * transaction that writes the notice: two replicas or a restart never tell one deposit twice.
 */
export const balanceSnapshots = sqliteTable("balance_snapshots", {
  keyId: integer("key_id").primaryKey(),
  trxSun: text("trx_sun").notNull(),
  usdtUnits: text("usdt_units").notNull(),
  version: integer("version").notNull().default(0),
  seenAt: integer("seen_at").notNull(),
});

/**
 * Price alerts (/alert): tell the user once when `volume` energy for `duration` costs less than
 * `below_sun`; `armed` goes false when told (compare-and-set, with `trips` counting the notices)
 * and back to true once the price is above again.
 */
export const priceAlerts = sqliteTable(
  "price_alerts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    volume: text("volume").notNull(),
    duration: text("duration").notNull(),
    belowSun: text("below_sun").notNull(),
    armed: integer("armed", { mode: "boolean" }).notNull().default(true),
    trips: integer("trips").notNull().default(0),
    createdAt: integer("created_at").notNull().$defaultFn(now),
  },
  (t) => [index("price_alerts_user").on(t.userId)],
);

/**
 * The bot's own monthly budget per API key (/keys; not the marketplace's daily spend limit): TRX in
 * SUN, or null once removed (the rules it paused are still to be resumed). The budget watcher
 * counts the month's firings of the key's rules into `firings_sun` (for `month`, UTC "YYYY-MM"),
 * warns once a month at 80% (`warned_month`) and tells the pause at 100% once per month and budget
 * (`reached_mark`, "YYYY-MM@sun"), each by compare-and-set in the notice's transaction.
 */
export const keyBudgets = sqliteTable("key_budgets", {
  keyId: integer("key_id")
    .primaryKey()
    .references(() => apiKeys.id, { onDelete: "cascade" }),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  budgetSun: text("budget_sun"),
  month: text("month"),
  firingsSun: text("firings_sun").notNull().default("0"),
  warnedMonth: text("warned_month"),
  reachedMark: text("reached_mark"),
  updatedAt: integer("updated_at").notNull().$defaultFn(now),
});

/** The rules the bot paused because their key's budget was reached: exactly these are resumed. */
export const budgetPausedRules = sqliteTable(
  "budget_paused_rules",
  {
    ruleId: text("rule_id").primaryKey(),
    keyId: integer("key_id")
      .notNull()
      .references(() => apiKeys.id, { onDelete: "cascade" }),
    pausedAt: integer("paused_at").notNull(),
  },
  (t) => [index("budget_paused_rules_key").on(t.keyId)],
);

/**
 * A maximum price per firing on a rule (refill, renewal, smart), checked every minute by the leader
 * against the firing preview: above it the bot pauses the rule (`paused_above`, set before the
 * pause), under it again it resumes the rule if the rule's auto-resume is on. `told` ("paused",
 * "resumed" or null) and `version` (one per pause told) move by compare-and-set in the transaction of
 * their notice, so each is told once across replicas and restarts.
 */
export const rulePriceCaps = sqliteTable(
  "rule_price_caps",
  {
    ruleId: text("rule_id").primaryKey(),
    keyId: integer("key_id")
      .notNull()
      .references(() => apiKeys.id, { onDelete: "cascade" }),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    volume: text("volume"),
    duration: text("duration"),
    capSun: text("cap_sun").notNull(),
    pausedAbove: integer("paused_above", { mode: "boolean" }).notNull().default(false),
    told: text("told"),
    version: integer("version").notNull().default(0),
    createdAt: integer("created_at").notNull().$defaultFn(now),
  },
  (t) => [index("rule_price_caps_key").on(t.keyId)],
);

/**
 * A batch purchase (/batch, issue 33): one preview card for several addresses, each line an order
 * intent of its own (orders, with its own Idempotency-Key) listed in order_batch_lines. `state`:
 * previewed → placing → done, or previewed → cancelled (store/order-batches.ts), by compare-and-set.
 */
export const orderBatches = sqliteTable(
  "order_batches",
  {
    batchId: text("batch_id").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    keyId: integer("key_id").notNull(),
    chatId: integer("chat_id").notNull(),
    messageId: integer("message_id"), // the batch's card
    state: text("state").notNull(),
    createdAt: integer("created_at").notNull().$defaultFn(now),
    updatedAt: integer("updated_at").notNull().$defaultFn(now),
  },
  (t) => [index("order_batches_user").on(t.userId, t.state)],
);

/** The lines of a batch, in the order shown: each one order intent; `refusal` is the marketplace's refusal of it (JSON), when refused. */
export const orderBatchLines = sqliteTable(
  "order_batch_lines",
  {
    batchId: text("batch_id")
      .notNull()
      .references(() => orderBatches.batchId, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    intentId: text("intent_id")
      .notNull()
      .references(() => orders.intentId, { onDelete: "cascade" }),
    priceTrx: text("price_trx").notNull(), // what the preview said the line takes (price and activation)
    refusal: text("refusal"),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.position] }), uniqueIndex("order_batch_lines_intent").on(t.intentId)],
);

/**
 * Scheduled purchases (/schedule, issue 33 item 4): "every weekday at 09:00 in Europe/Moscow buy
 * 131,000 energy for 1 hour for this address with this key". `days` holds the weekdays as digits
 * (0 = Sunday … 6 = Saturday), `time` is "HH:MM" in `time_zone` (an IANA name or "UTC+05:30").
 * `notify`: "all" (a notice per run) or "failures". `max_sun`: the most one run may cost (SUN; null:
 * no limit), a run dearer than that is skipped and told. `checked_until` (ms): due times up to it were
 * claimed (or let go while paused); the runner looks only after it.
 */
export const schedules = sqliteTable(
  "schedules",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
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
    paused: integer("paused", { mode: "boolean" }).notNull().default(false),
    checkedUntil: integer("checked_until").notNull(),
    createdAt: integer("created_at").notNull().$defaultFn(now),
  },
  (t) => [index("schedules_user").on(t.userId)],
);

/**
 * One row per (schedule, due time), inserted before anything is placed: whoever inserts it runs that
 * time, once across replicas and restarts. `state`: claimed → placing → placed | skipped | failed
 * (`reason`: late, balance, budget, cap, key, error…). `intent_id` is the run's order intent, whose
 * Idempotency-Key is derived from (schedule, due time).
 */
export const scheduleRuns = sqliteTable(
  "schedule_runs",
  {
    scheduleId: integer("schedule_id")
      .notNull()
      .references(() => schedules.id, { onDelete: "cascade" }),
    dueAt: integer("due_at").notNull(),
    userId: integer("user_id").notNull(),
    state: text("state").notNull(),
    reason: text("reason"),
    intentId: text("intent_id"),
    claimedAt: integer("claimed_at").notNull().$defaultFn(now),
    updatedAt: integer("updated_at").notNull().$defaultFn(now),
  },
  (t) => [primaryKey({ columns: [t.scheduleId, t.dueAt] }), index("schedule_runs_state").on(t.state)],
);

/**
 * Where a user's pushed notices go besides (or instead of) the private chat (/settings, issue 33):
 * one group or channel per user where both the user and the bot are administrators. `full`: the
 * notices there are the private ones (else only what happened, with no key, balance or address);
 * `alsoPrivate`: the private chat keeps getting them too. `lost` when the bot or the user lost the
 * right there (notices fall back to the private chat); `version` counts losses, each told once.
 */
export const noticeChats = sqliteTable(
  "notice_chats",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    chatId: integer("chat_id").notNull(),
    kind: text("kind").notNull(), // group | supergroup | channel
    title: text("title").notNull(),
    full: integer("full", { mode: "boolean" }).notNull().default(false),
    alsoPrivate: integer("also_private", { mode: "boolean" }).notNull().default(true),
    lost: integer("lost", { mode: "boolean" }).notNull().default(false),
    version: integer("version").notNull().default(0),
    createdAt: integer("created_at").notNull().$defaultFn(now),
  },
  (t) => [index("notice_chats_chat").on(t.chatId)],
);

/**
 * A team desk (/team, issue 33): a key bound by its owner to one group, where the group's
 * administrators may buy and check the balance with it; `maxOrderSun`: the most one order there may cost.
 */
export const teamDesks = sqliteTable(
  "team_desks",
  {
    chatId: integer("chat_id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    keyId: integer("key_id")
      .notNull()
      .references(() => apiKeys.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    maxOrderSun: text("max_order_sun"),
    createdAt: integer("created_at").notNull().$defaultFn(now),
  },
  (t) => [index("team_desks_user").on(t.userId)],
);
