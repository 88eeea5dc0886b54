import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
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
  it("bounds the webhook's max_connections (Telegram allows 1-100) and the marketplace pool", () => {
    expect(loadConfig(env()).telegramWebhookMaxConnections).toBe(100);
    expect(loadConfig(env({ TELEGRAM_WEBHOOK_MAX_CONNECTIONS: "40" })).telegramWebhookMaxConnections).toBe(40);
    expect(() => loadConfig(env({ TELEGRAM_WEBHOOK_MAX_CONNECTIONS: "101" }))).toThrow(/^TELEGRAM_WEBHOOK_MAX_CONNECTIONS /);
    expect(() => loadConfig(env({ TELEGRAM_WEBHOOK_MAX_CONNECTIONS: "0" }))).toThrow(/^TELEGRAM_WEBHOOK_MAX_CONNECTIONS /);
    expect(loadConfig(env()).marketplaceMaxConnections).toBe(128);
    expect(() => loadConfig(env({ MARKETPLACE_MAX_CONNECTIONS: "0" }))).toThrow(/^MARKETPLACE_MAX_CONNECTIONS /);
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
