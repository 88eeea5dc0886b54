/**
 * Entry point (`npm start`): validate config, start everything, shut down gracefully on signals.
 * Without BOT_TOKEN (outside production), or with --playground (`npm run playground`), it starts
 * the offline playground instead: the same bot against local stand-ins, driven from a browser.
 */
import "dotenv/config";
import { ConfigError, loadConfig } from "./config.js";
import { createLogger, errorFields, type Logger } from "./logger.js";
import { startApp, type App } from "./app.js";
import { InstanceLockedError } from "./store/instance-lock.js";

function wantsPlayground(env: NodeJS.ProcessEnv, argv: readonly string[]): boolean {
  return argv.includes("--playground") || (!env.BOT_TOKEN?.trim() && env.NODE_ENV !== "production");
}

/** Stops once, whatever asks first (a signal, or the app itself), and exits with `code`. */
function shutdownOnce(stop: () => Promise<void>, logger?: Logger): (reason: string, code: number) => Promise<void> {
  let stopping = false;
  return async (reason, code) => {
    if (stopping) return;
    stopping = true;
    logger?.info({ reason }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    await stop();
    clearTimeout(force);
    logger?.info("stopped");
    logger?.flush();
    process.exit(code);
  };
}

function stopOnSignals(shutdown: (reason: string, code: number) => Promise<void>): void {
  process.once("SIGINT", () => void shutdown("SIGINT", 0));
  process.once("SIGTERM", () => void shutdown("SIGTERM", 0));
}

async function playground(): Promise<void> {
  // loaded only when used: a production bot never carries the fake Bot API or the page
  const { startPlayground } = await import("./dev/playground/start.js");
  const { OFFLINE_NOTICE } = await import("./dev/playground/server.js");
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
  stopOnSignals(shutdownOnce(() => started.stop()));
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
    secrets: [config.botToken, ...config.secretsKeys.map((k) => k.toString("base64")), ...(config.metricsToken ? [config.metricsToken] : [])],
  });
  let app: App | undefined;
  const shutdown = shutdownOnce(async () => app?.stop(), logger);
  // the app's own reason to stop (Telegram refused polling) may come before startApp has returned
  let fatal: string | undefined;
  const onFatal = (reason: string) => {
    fatal = reason;
    if (app) void shutdown(reason, 1);
  };
  try {
    app = await startApp(config, logger, { onFatal });
  } catch (err) {
    if (err instanceof InstanceLockedError) {
      console.error(`Another instance runs on the database file ${err.databasePath}: stop it first, or set DATABASE_PATH to another file.`);
      process.exit(1);
    }
    logger.fatal({ err: errorFields(err) }, "start-up failed");
    process.exit(1);
  }
  if (fatal !== undefined) return void shutdown(fatal, 1);
  stopOnSignals(shutdown);
}

void main();
