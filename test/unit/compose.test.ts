import { readFileSync } from "node:fs";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { projectRoot } from "../../src/paths.js";
import { ENV_VARIABLES, loadConfig } from "../../src/config.js";

// Docker cannot run on these machines: the compose file is checked against the bot's own config
// schema instead, with the values an operator's .env would give it.
interface Service {
  image?: string;
  build?: string;
  environment?: Record<string, string | number>;
  depends_on?: string[] | Record<string, unknown>;
  volumes?: string[];
}
const text = readFileSync(join(projectRoot, "compose.yaml"), "utf8");
const compose = parse(text, { merge: true }) as { services: Record<string, Service> };
const bots = Object.entries(compose.services).filter(([, s]) => s.build !== undefined);

const operatorEnv: Record<string, string> = {
  BOT_TOKEN: "123456:ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef",
  PUBLIC_URL: "https://bot.example.com",
  DOMAIN: "bot.example.com",
  TELEGRAM_WEBHOOK_SECRET: "s3cret-for-telegram-webhooks",
  SECRETS_KEY: randomBytes(32).toString("base64"),
  POSTGRES_PASSWORD: "pg-password",
  MARKETPLACE_URL: "https://marketplace.example.com",
  METRICS_TOKEN: "metrics-token-0123456789",
  OPERATOR_IDS: "12345,67890",
  ANNOUNCE_PAID_BROADCAST: "true",
};

/** Compose's `${VAR}`, `${VAR:?message}` and `${VAR:-default}` interpolation. */
function interpolate(value: string | number): string {
  return String(value).replace(/\$\{(\w+)(?::[?-][^}]*)?\}/g, (_, name: string) => {
    expect(operatorEnv, `${name} is documented as an operator's variable`).toHaveProperty(name);
    return operatorEnv[name]!;
  });
}

describe("compose.yaml", () => {
  it("names every variable an operator sets in its header", () => {
    const header = text.split("\n").filter((line) => line.startsWith("#")).join(" ");
    const used = new Set([...text.matchAll(/\$\{(\w+)/g)].map((m) => m[1]!));
    expect([...used].sort()).toEqual(Object.keys(operatorEnv).sort());
    for (const name of used) expect(header).toContain(name);
  });

  it("runs PostgreSQL, two bot replicas of one image and a reverse proxy in front of both", () => {
    expect(Object.keys(compose.services).sort()).toEqual(["bot-1", "bot-2", "postgres", "prometheus", "proxy"]);
    expect(bots.map(([name]) => name)).toEqual(["bot-1", "bot-2"]);
    expect(new Set(bots.map(([, s]) => s.image)).size).toBe(1);
    const caddyfile = readFileSync(join(projectRoot, "deploy/Caddyfile"), "utf8");
    const upstreams = /reverse_proxy ([^{]+)\{/.exec(caddyfile)?.[1]?.trim().split(/\s+/);
    expect(upstreams).toEqual(bots.map(([name, s]) => `${name}:${s.environment!.HTTP_PORT}`));
    expect(compose.services.proxy!.volumes).toContain("./deploy/Caddyfile:/etc/caddy/Caddyfile:ro");
    for (const [, bot] of bots) expect(bot.depends_on).toHaveProperty("postgres");
  });

  it("gives each replica a configuration the bot accepts: webhook mode on PostgreSQL with a shared key", () => {
    const instanceIds = new Set<string>();
    for (const [name, bot] of bots) {
      const env = Object.fromEntries(Object.entries(bot.environment ?? {}).map(([k, v]) => [k, interpolate(v)]));
      for (const variable of Object.keys(env)) expect(ENV_VARIABLES, `${name} sets ${variable}`).toContain(variable);
      expect(env.DATABASE_URL).toMatch(/^postgres:\/\/bot:pg-password@postgres:5432\/bot$/);
      expect(env.SECRETS_KEY).toBe(operatorEnv.SECRETS_KEY);
      instanceIds.add(env.INSTANCE_ID!);
      const config = loadConfig(env);
      expect(config.botMode).toBe("webhook");
      expect(config.databaseUrl).toBe(env.DATABASE_URL);
      expect(config.databasePoolMax).toBe(Number(env.DATABASE_POOL_MAX));
      expect(config.nodeEnv).toBe("production");
      expect(config.warnings).toEqual([]);
      expect(config.metricsToken).toBe(operatorEnv.METRICS_TOKEN);
      expect(config.announce).toEqual({ operatorIds: [12345, 67890], paidBroadcast: true });
    }
    expect(instanceIds.size).toBe(bots.length);
  });

  it("scrapes every replica's /metrics with the token, only in the metrics profile; the proxy routes on /readyz", () => {
    const prometheus = compose.services.prometheus as Service & { profiles?: string[] };
    expect(prometheus.profiles).toEqual(["metrics"]);
    const scrape = parse(readFileSync(join(projectRoot, "deploy/prometheus.yml"), "utf8")) as {
      scrape_configs: Array<{ authorization: { type: string; credentials_file: string }; static_configs: Array<{ targets: string[] }> }>;
    };
    expect(scrape.scrape_configs[0]!.authorization.type).toBe("Bearer");
    expect(scrape.scrape_configs[0]!.static_configs[0]!.targets).toEqual(bots.map(([name, s]) => `${name}:${s.environment!.HTTP_PORT}`));
    expect(readFileSync(join(projectRoot, "deploy/Caddyfile"), "utf8")).toContain("health_uri /readyz");
  });

  it("uses the database, user and password the postgres service creates", () => {
    const pg = compose.services.postgres!.environment!;
    expect([pg.POSTGRES_USER, pg.POSTGRES_DB]).toEqual(["bot", "bot"]);
    expect(interpolate(pg.POSTGRES_PASSWORD!)).toBe(operatorEnv.POSTGRES_PASSWORD);
  });
});
