/** Entry point (`npm start`): validate config, start everything, shut down gracefully on signals. */
import "dotenv/config";
import { ConfigError, loadConfig } from "./config.js";
import { createLogger, errorFields } from "./logger.js";
import { startApp } from "./app.js";

async function main(): Promise<void> {
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
    secrets: [config.botToken, ...config.secretsKeys.map((k) => k.toString("base64"))],
  });
  let app;
  try {
    app = await startApp(config, logger);
  } catch (err) {
    logger.fatal({ err: errorFields(err) }, "start-up failed");
    process.exit(1);
  }
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    await app.stop();
    clearTimeout(force);
    logger.info("stopped");
    logger.flush();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
}

void main();
