import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config.js";

const TOKEN = "123456:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw";
const KEY = Buffer.alloc(32, 7).toString("base64");

function env(extra: Record<string, string | undefined> = {}) {
  const dir = mkdtempSync(join(tmpdir(), "cfg-"));
  return { BOT_TOKEN: TOKEN, SECRETS_KEY: KEY, DATABASE_PATH: join(dir, "bot.db"), ...extra };
}

describe("config", () => {
  it("applies defaults", () => {
    const c = loadConfig(env());
    expect(c.botMode).toBe("polling");
    expect(c.telegramApiRoot).toBe("https://api.telegram.org");
    expect(c.httpPort).toBe(8080);
    expect(c.defaultLocale).toBe("en");
    expect(c.marketplaceUrl).toBeUndefined();
    expect(c.secretsKeys[0]!.length).toBe(32);
  });
  it("names the variable when BOT_TOKEN is missing or malformed", () => {
    expect(() => loadConfig(env({ BOT_TOKEN: undefined }))).toThrow(new ConfigError("BOT_TOKEN is required"));
    expect(() => loadConfig(env({ BOT_TOKEN: "nope" }))).toThrow(/^BOT_TOKEN does not look like a bot token/);
  });
  it("rejects a malformed SECRETS_KEY and bad enums/urls/ports", () => {
    expect(() => loadConfig(env({ SECRETS_KEY: "c2hvcnQ=" }))).toThrow(/^SECRETS_KEY must be 32 bytes/);
    expect(() => loadConfig(env({ BOT_MODE: "push" }))).toThrow(/^BOT_MODE /);
    expect(() => loadConfig(env({ MARKETPLACE_URL: "not a url" }))).toThrow(/^MARKETPLACE_URL must be a URL/);
    expect(() => loadConfig(env({ HTTP_PORT: "99999" }))).toThrow(/^HTTP_PORT /);
    expect(() => loadConfig(env({ DEFAULT_LOCALE: "de" }))).toThrow(/^DEFAULT_LOCALE /);
  });
  it("PostgreSQL: DATABASE_URL and its pool size; SQLite stays the default", () => {
    expect(loadConfig(env())).toMatchObject({ databaseUrl: undefined, databasePoolMax: 10 });
    const c = loadConfig(env({ DATABASE_URL: "postgres://bot:pw@db:5432/bot", DATABASE_POOL_MAX: "25" }));
    expect(c).toMatchObject({ databaseUrl: "postgres://bot:pw@db:5432/bot", databasePoolMax: 25 });
    expect(() => loadConfig(env({ DATABASE_URL: "mysql://db/bot" }))).toThrow(/^DATABASE_URL must be a PostgreSQL URL/);
    expect(() => loadConfig(env({ DATABASE_URL: "postgres://db/bot", DATABASE_POOL_MAX: "0" }))).toThrow(/^DATABASE_POOL_MAX /);
  });
  it("with DATABASE_URL, SECRETS_KEY is required (replicas share it): one clear line, no generated key", () => {
    const e = env({ SECRETS_KEY: undefined, DATABASE_URL: "postgres://db/bot" });
    expect(() => loadConfig(e)).toThrow(new ConfigError("SECRETS_KEY is required with DATABASE_URL (every replica must use the same key)"));
    expect(() => statSync(join(e.DATABASE_PATH, "..", "secrets.key"))).toThrow();
  });
  it("bounds the webhook's max_connections (Telegram allows 1-100, 40 by default), the inbox and the marketplace pool", () => {
    expect(loadConfig(env()).telegramWebhookMaxConnections).toBe(40);
    expect(loadConfig(env({ TELEGRAM_WEBHOOK_MAX_CONNECTIONS: "100" })).telegramWebhookMaxConnections).toBe(100);
    expect(loadConfig(env()).inbox).toEqual({ maxBacklog: 20_000, concurrency: 256 });
    expect(loadConfig(env({ INBOX_MAX_BACKLOG: "50", INBOX_CONCURRENCY: "8" })).inbox).toEqual({ maxBacklog: 50, concurrency: 8 });
    expect(() => loadConfig(env({ INBOX_MAX_BACKLOG: "0" }))).toThrow(/^INBOX_MAX_BACKLOG /);
    expect(() => loadConfig(env({ TELEGRAM_WEBHOOK_MAX_CONNECTIONS: "101" }))).toThrow(/^TELEGRAM_WEBHOOK_MAX_CONNECTIONS /);
    expect(() => loadConfig(env({ TELEGRAM_WEBHOOK_MAX_CONNECTIONS: "0" }))).toThrow(/^TELEGRAM_WEBHOOK_MAX_CONNECTIONS /);
    expect(loadConfig(env()).marketplaceMaxConnections).toBe(512);
    expect(() => loadConfig(env({ MARKETPLACE_MAX_CONNECTIONS: "0" }))).toThrow(/^MARKETPLACE_MAX_CONNECTIONS /);
  });
  it("reads the operators (OPERATOR_IDS) and paid broadcasts (ANNOUNCE_PAID_BROADCAST)", () => {
    expect(loadConfig(env()).announce).toEqual({ operatorIds: [], paidBroadcast: false });
    expect(loadConfig(env({ OPERATOR_IDS: " 12345, 67890,12345 ", ANNOUNCE_PAID_BROADCAST: "true" })).announce).toEqual({ operatorIds: [12345, 67890], paidBroadcast: true });
    expect(() => loadConfig(env({ OPERATOR_IDS: "12345,@anna" }))).toThrow(/^OPERATOR_IDS must be Telegram user ids separated by commas/);
    expect(() => loadConfig(env({ OPERATOR_IDS: "-5" }))).toThrow(/^OPERATOR_IDS must be Telegram user ids/);
    expect(() => loadConfig(env({ ANNOUNCE_PAID_BROADCAST: "yes" }))).toThrow(/^ANNOUNCE_PAID_BROADCAST must be true or false/);
  });
  it("names the replica (INSTANCE_ID, default hostname-pid) and bounds the leader election's timings", () => {
    expect(loadConfig(env()).instanceId).toBe(`${hostname()}-${process.pid}`);
    expect(loadConfig(env({ INSTANCE_ID: "bot-2" })).instanceId).toBe("bot-2");
    expect(() => loadConfig(env({ INSTANCE_ID: "two words" }))).toThrow(/^INSTANCE_ID must be 1-64 characters/);
    expect(loadConfig(env()).leader).toEqual({ retryMs: 1000, quietMs: 1500, leaseMs: 5000 });
    expect(loadConfig(env({ LEADER_RETRY_MS: "250", LEADER_QUIET_MS: "0", LEADER_LEASE_MS: "3000" })).leader).toEqual({ retryMs: 250, quietMs: 0, leaseMs: 3000 });
    expect(() => loadConfig(env({ LEADER_RETRY_MS: "10" }))).toThrow(/^LEADER_RETRY_MS /);
    expect(() => loadConfig(env({ LEADER_LEASE_MS: "100" }))).toThrow(/^LEADER_LEASE_MS /);
    // PostgreSQL's waits are bounded by default
    expect(loadConfig(env()).databaseTimeoutMs).toBe(5000);
    expect(loadConfig(env({ DATABASE_TIMEOUT_MS: "2000" })).databaseTimeoutMs).toBe(2000);
    expect(() => loadConfig(env({ DATABASE_TIMEOUT_MS: "0" }))).toThrow(/^DATABASE_TIMEOUT_MS /);
  });
  it("needs PUBLIC_URL in webhook mode", () => {
    expect(() => loadConfig(env({ BOT_MODE: "webhook" }))).toThrow("PUBLIC_URL is required when BOT_MODE=webhook");
    expect(loadConfig(env({ BOT_MODE: "webhook", PUBLIC_URL: "https://bot.example.com/" })).publicUrl).toBe("https://bot.example.com");
  });
  it("generates a dev secrets key once, mode 0600, and requires one in production", () => {
    const e = env({ SECRETS_KEY: undefined });
    const first = loadConfig(e);
    expect(first.warnings[0]).toMatch(/generated/);
    const file = join(first.databasePath, "..", "secrets.key");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const second = loadConfig(e);
    expect(second.warnings).toEqual([]);
    expect(second.secretsKeys[0]!.equals(first.secretsKeys[0]!)).toBe(true);
    expect(readFileSync(file, "utf8").trim()).toBe(first.secretsKeys[0]!.toString("base64"));
    expect(() => loadConfig({ ...e, NODE_ENV: "production" })).toThrow("SECRETS_KEY is required when NODE_ENV=production");
  });
  it("accepts previous keys for rotation", () => {
    const previous = Buffer.alloc(32, 9).toString("base64");
    expect(loadConfig(env({ SECRETS_KEY_PREVIOUS: previous })).secretsKeys).toHaveLength(2);
    expect(() => loadConfig(env({ SECRETS_KEY_PREVIOUS: "bad" }))).toThrow(/^SECRETS_KEY_PREVIOUS/);
  });
});
