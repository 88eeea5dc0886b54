/**
 * Every setting, read once from the environment (and an optional .env) and validated with zod
 * into one typed object. A bad value stops start-up with one line naming the variable.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { z } from "zod";
import { projectRoot } from "./paths.js";

export const SUPPORTED_LOCALES = ["en", "ru", "zh"] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];

const base64Key = z
  .string()
  .trim()
  .refine((v) => /^[A-Za-z0-9+/_-]+={0,2}$/.test(v) && Buffer.from(v, "base64").length === 32, {
    message: "must be 32 bytes encoded as base64 (try: openssl rand -base64 32)",
  });

const port = z.coerce.number().int().min(0).max(65535);

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  BOT_TOKEN: z
    .string({ error: "is required (get one from @BotFather)" })
    .trim()
    .regex(/^\d+:[A-Za-z0-9_-]{20,}$/, { message: "does not look like a bot token (123456:ABC…)" }),
  TELEGRAM_API_ROOT: z.url({ message: "must be a URL" }).default("https://api.telegram.org"),
  BOT_MODE: z.enum(["polling", "webhook"]).default("polling"),
  PUBLIC_URL: z.url({ message: "must be a URL such as https://bot.example.com" }).optional(),
  TELEGRAM_WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,256}$/, { message: "must be 16-256 characters of A-Z a-z 0-9 _ -" })
    .optional(),
  TELEGRAM_WEBHOOK_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(100).default(40),
  INBOX_MAX_BACKLOG: z.coerce.number().int().min(1).max(1_000_000).default(20_000),
  // Chats handled at once need only cover the calls' round trips (1,000 updates/s × ~100 ms of Bot
  // API and marketplace calls ≈ 100 in flight; 256 leaves room for a marketplace twice as slow).
  // More only keeps more updates' state alive while the CPU is the limit: at 1,000/s on 2 cores,
  // 512 answered fewer updates per CPU second than 256 (README, Performance).
  INBOX_CONCURRENCY: z.coerce.number().int().min(1).max(10_000).default(256),
  METRICS_TOKEN: z
    .string()
    .regex(/^[A-Za-z0-9_.~+/=-]{16,256}$/, { message: "must be 16-256 characters of A-Z a-z 0-9 and _ . ~ + / = -" })
    .optional(),
  HTTP_HOST: z.string().min(1).default("0.0.0.0"),
  HTTP_PORT: port.default(8080),
  DATABASE_PATH: z.string().min(1).default("data/bot.db"),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\/\S+$/, { message: "must be a PostgreSQL URL (postgres://user:password@host:5432/database)" })
    .optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  DATABASE_TIMEOUT_MS: z.coerce.number().int().min(500).max(600_000).default(5000),
  MARKETPLACE_URL: z.url({ message: "must be a URL" }).optional(),
  MARKETPLACE_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(4096).default(512),
  SECRETS_KEY: base64Key.optional(),
  SECRETS_KEY_PREVIOUS: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(",").map((s) => s.trim()).filter(Boolean) : []))
    .pipe(z.array(base64Key)),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DEFAULT_LOCALE: z.enum(SUPPORTED_LOCALES).default("en"),
  WEBHOOK_SIGNATURE_SCHEME: z.enum(["standard", "hmac-hex", "stripe"]).default("standard"),
  WEBHOOK_SIGNATURE_HEADER: z.string().min(1).default("X-Webhook-Signature"),
  WEBHOOK_TOLERANCE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  WEBHOOK_MAX_BODY_BYTES: z.coerce.number().int().min(1024).max(10_485_760).default(65_536),
  WATCH_ORDERS_CRON: z.string().default("*/20 * * * * *"),
  WATCH_RULES_CRON: z.string().default("0 * * * * *"),
  WATCH_BALANCE_CRON: z.string().default("30 */5 * * * *"),
  WATCH_PRICES_CRON: z.string().default("15 * * * * *"),
  // the 1st of each month at 00:10 UTC: the monthly statement of the month that ended
  WATCH_STATEMENT_CRON: z.string().default("0 10 0 1 * *"),
  // scheduled purchases (/schedule): every minute, 5 s past it, so 09:00 runs at 09:00:05
  WATCH_SCHEDULES_CRON: z.string().default("5 * * * * *"),
  WATCH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  INSTANCE_ID: z.string().trim().regex(/^[A-Za-z0-9_.:-]{1,64}$/, { message: "must be 1-64 characters of A-Z a-z 0-9 _ . : -" }).optional(),
  LEADER_RETRY_MS: z.coerce.number().int().min(100).max(10_000).default(1000),
  LEADER_QUIET_MS: z.coerce.number().int().min(0).max(10_000).default(1500),
  LEADER_LEASE_MS: z.coerce.number().int().min(1000).max(60_000).default(5000),
  OPERATOR_IDS: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(",").map((s) => s.trim()).filter(Boolean) : []))
    .pipe(z.array(z.string().regex(/^[1-9]\d{0,15}$/, { message: "must be Telegram user ids separated by commas (e.g. 12345,67890)" }).transform(Number))),
  ANNOUNCE_PAID_BROADCAST: z.enum(["true", "false"], { message: "must be true or false" }).default("false"),
});

export interface Config {
  nodeEnv: "development" | "production" | "test";
  botToken: string;
  telegramApiRoot: string;
  botMode: "polling" | "webhook";
  publicUrl?: string;
  telegramWebhookSecret?: string;
  /** Webhook requests Telegram may have in flight at once (setWebhook max_connections, 1-100). */
  telegramWebhookMaxConnections: number;
  /** The update inbox (webhook mode): updates waiting in this process past which webhooks are refused, and chats handled at once. */
  inbox: { maxBacklog: number; concurrency: number };
  /** GET /metrics (Prometheus) with `Authorization: Bearer <token>`; unset: no /metrics. */
  metricsToken?: string;
  httpHost: string;
  httpPort: number;
  databasePath: string;
  /** PostgreSQL instead of SQLite (several replicas share it). */
  databaseUrl?: string;
  /** Connections the PostgreSQL pool opens at most. */
  databasePoolMax: number;
  /** PostgreSQL: the longest wait for a connection and for a query's answer (a database out of reach answers errors, not silence). */
  databaseTimeoutMs: number;
  marketplaceUrl?: string;
  /** Open connections to the marketplace at most, per keep-alive pool (about twice the inbox's concurrency: see app.ts). */
  marketplaceMaxConnections: number;
  /** Current master key first, then previous keys still accepted for opening (rotation). */
  secretsKeys: Buffer[];
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  defaultLocale: Locale;
  webhookSignature: { scheme: "standard" | "hmac-hex" | "stripe"; header: string; toleranceSeconds: number; maxBodyBytes: number };
  watch: { ordersCron: string; rulesCron: string; balanceCron: string; pricesCron: string; statementCron: string; schedulesCron: string; concurrency: number };
  /** This replica's name in every log line and in the outbox leases (default hostname-pid). */
  instanceId: string;
  /** Leader election (PostgreSQL): how often a follower tries the lease (and the leader renews it), the wait before a new leader's first send, and how long a lease lasts unrenewed. */
  leader: { retryMs: number; quietMs: number; leaseMs: number };
  /** /announce: who may send announcements to every user, and whether they go as paid broadcasts (allow_paid_broadcast, up to 1000/s). */
  announce: { operatorIds: number[]; paidBroadcast: boolean };
  /** What start-up should warn about (e.g. a generated secrets key). */
  warnings: string[];
}

export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

/** Validates `env` against `schema`. Throws ConfigError with one line naming the variable. */
function parseEnv<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv): z.infer<S> {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const variable = String(issue.path[0] ?? "environment");
    const problem = issue.code === "invalid_type" && cleaned[variable] === undefined ? "is required" : issue.message;
    throw new ConfigError(`${variable} ${problem.replace(/^Invalid input: /, "")}`);
  }
  return parsed.data;
}

/** Where the database is and the master keys that seal its secrets: all `npm run secrets:rotate` needs. */
export interface SecretsConfig {
  databasePath: string;
  databaseUrl?: string;
  databasePoolMax: number;
  databaseTimeoutMs: number;
  /** Current master key first, then previous keys still accepted for opening (rotation). */
  secretsKeys: Buffer[];
  warnings: string[];
}

const secretsSchema = envSchema.pick({ NODE_ENV: true, DATABASE_PATH: true, DATABASE_URL: true, DATABASE_POOL_MAX: true, DATABASE_TIMEOUT_MS: true, SECRETS_KEY: true, SECRETS_KEY_PREVIOUS: true });

function secretsOf(e: z.infer<typeof secretsSchema>): SecretsConfig {
  const databasePath = e.DATABASE_PATH === ":memory:" ? e.DATABASE_PATH : resolve(projectRoot, e.DATABASE_PATH);
  const warnings: string[] = [];
  let current = e.SECRETS_KEY;
  if (!current) {
    // replicas must seal and open with one key: a generated key would be each replica's own
    if (e.DATABASE_URL) throw new ConfigError("SECRETS_KEY is required with DATABASE_URL (every replica must use the same key)");
    if (e.NODE_ENV === "production") throw new ConfigError("SECRETS_KEY is required when NODE_ENV=production");
    current = loadOrCreateDevKey(databasePath, warnings);
  }
  return {
    databasePath,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    databaseTimeoutMs: e.DATABASE_TIMEOUT_MS,
    secretsKeys: [current, ...e.SECRETS_KEY_PREVIOUS].map((k) => Buffer.from(k, "base64")),
    warnings,
  };
}

export function loadSecretsConfig(env: NodeJS.ProcessEnv = process.env): SecretsConfig {
  return secretsOf(parseEnv(secretsSchema, env));
}

/** Validates the environment. Throws ConfigError with one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = parseEnv(envSchema, env);
  if (e.BOT_MODE === "webhook" && !e.PUBLIC_URL) throw new ConfigError("PUBLIC_URL is required when BOT_MODE=webhook");
  const { databasePath, databaseUrl, databasePoolMax, databaseTimeoutMs, secretsKeys, warnings } = secretsOf(e);
  return {
    nodeEnv: e.NODE_ENV,
    botToken: e.BOT_TOKEN,
    telegramApiRoot: e.TELEGRAM_API_ROOT.replace(/\/+$/, ""),
    botMode: e.BOT_MODE,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ""),
    telegramWebhookSecret: e.TELEGRAM_WEBHOOK_SECRET,
    telegramWebhookMaxConnections: e.TELEGRAM_WEBHOOK_MAX_CONNECTIONS,
    inbox: { maxBacklog: e.INBOX_MAX_BACKLOG, concurrency: e.INBOX_CONCURRENCY },
    metricsToken: e.METRICS_TOKEN,
    httpHost: e.HTTP_HOST,
    httpPort: e.HTTP_PORT,
    databasePath,
    databaseUrl,
    databasePoolMax,
    databaseTimeoutMs,
    marketplaceUrl: e.MARKETPLACE_URL?.replace(/\/+$/, ""),
    marketplaceMaxConnections: e.MARKETPLACE_MAX_CONNECTIONS,
    secretsKeys,
    logLevel: e.LOG_LEVEL,
    defaultLocale: e.DEFAULT_LOCALE,
    webhookSignature: {
      scheme: e.WEBHOOK_SIGNATURE_SCHEME,
      header: e.WEBHOOK_SIGNATURE_HEADER,
      toleranceSeconds: e.WEBHOOK_TOLERANCE_SECONDS,
      maxBodyBytes: e.WEBHOOK_MAX_BODY_BYTES,
    },
    watch: {
      ordersCron: e.WATCH_ORDERS_CRON,
      rulesCron: e.WATCH_RULES_CRON,
      balanceCron: e.WATCH_BALANCE_CRON,
      pricesCron: e.WATCH_PRICES_CRON,
      statementCron: e.WATCH_STATEMENT_CRON,
      schedulesCron: e.WATCH_SCHEDULES_CRON,
      concurrency: e.WATCH_CONCURRENCY,
    },
    instanceId: e.INSTANCE_ID ?? `${hostname()}-${process.pid}`,
    leader: { retryMs: e.LEADER_RETRY_MS, quietMs: e.LEADER_QUIET_MS, leaseMs: e.LEADER_LEASE_MS },
    announce: { operatorIds: [...new Set(e.OPERATOR_IDS)], paidBroadcast: e.ANNOUNCE_PAID_BROADCAST === "true" },
    warnings,
  };
}

/** Outside production a missing SECRETS_KEY is generated once next to the database (mode 0600). */
function loadOrCreateDevKey(databasePath: string, warnings: string[]): string {
  const folder = databasePath === ":memory:" ? resolve(projectRoot, "data") : dirname(databasePath);
  const file = resolve(folder, "secrets.key");
  if (existsSync(file)) {
    const key = readFileSync(file, "utf8").trim();
    if (base64Key.safeParse(key).success) return key;
    throw new ConfigError(`SECRETS_KEY is not set and ${file} does not hold a valid key`);
  }
  mkdirSync(folder, { recursive: true });
  const key = randomBytes(32).toString("base64");
  writeFileSync(file, `${key}\n`, { mode: 0o600, flag: "wx" });
  warnings.push(`SECRETS_KEY is not set: generated one into ${file}. Set SECRETS_KEY in production.`);
  return key;
}

/** Every variable the bot reads: deployment files are checked against this list. */
export const ENV_VARIABLES: readonly string[] = Object.keys(envSchema.shape);
