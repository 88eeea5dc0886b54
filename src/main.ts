/**
 * Entry point (`npm start`): validate config, start everything, shut down gracefully on signals.
 * Without BOT_TOKEN (outside production), or with --playground (`npm run playground`), it starts
 * the offline playground instead: the same bot against local stand-ins, driven from a browser.
 */
import "dotenv/config";
import { ConfigError, loadConfig } from "./config.js";
import { createLogger, errorFields, type Logger } from "./logger.js";
import { startApp } from "./app.js";

function wantsPlayground(env: NodeJS.ProcessEnv, argv: readonly string[]): boolean {
  return argv.includes("--playground") || (!env.BOT_TOKEN?.trim() && env.NODE_ENV !== "production");
}

function stopOnSignals(stop: () => Promise<void>, logger?: Logger): void {
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger?.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    await stop();
    clearTimeout(force);
    logger?.info("stopped");
    logger?.flush();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
}

async function playground(): Promise<void> {
  // loaded only when used: a production bot never carries the fake Bot API or the page
  const { startPlayground } = await import("./playground/start.js");
  const { OFFLINE_NOTICE } = await import("./playground/server.js");
  let started;
  try {
    started = await startPlayground(process.env);
  } catch (err) {
    const busy = (err as { code?: unknown }).code === "EADDRINUSE";
    const reason = busy ? "its port is in use (set HTTP_PORT to another one)" : err instanceof Error ? err.message : String(err);
    console.error(`Playground could not start: ${reason}`);
    process.exit(1);
  }
  process.stdout.write(`Playground: ${started.pageUrl}\n${OFFLINE_NOTICE} Set BOT_TOKEN to run the real bot in Telegram.\n`);
  stopOnSignals(() => started.stop());
}

async function main(): Promise<void> {
  if (wantsPlayground(process.env, process.argv)) return playground();
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Configuration error: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger({
    level: config.logLevel,
    instance: config.instanceId,
    secrets: [config.botToken, ...config.secretsKeys.map((k) => k.toString("base64"))],
  });
  let app;
  try {
    app = await startApp(config, logger);
  } catch (err) {
    logger.fatal({ err: errorFields(err) }, "start-up failed");
    process.exit(1);
  }
  stopOnSignals(() => app.stop(), logger);
}

void main();
