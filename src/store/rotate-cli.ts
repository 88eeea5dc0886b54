/**
 * `npm run secrets:rotate`: seals every secret in the database with the current SECRETS_KEY (the
 * bot does the same at start-up) and says whether SECRETS_KEY_PREVIOUS can now be dropped.
 * Run it with the bot's environment (.env); the bot may keep running (SQLite waits for its lock;
 * PostgreSQL rewrites the rows in one transaction).
 */
import "dotenv/config";
import { ConfigError, loadSecretsConfig } from "../config.js";
import { openStore } from "./index.js";
import { createSealer } from "./secrets.js";
import { rotateSecrets, UNREADABLE_SECRETS } from "./rotation.js";

async function main(): Promise<number> {
  let config;
  try {
    config = loadSecretsConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Configuration error: ${err.message}`);
      return 1;
    }
    throw err;
  }
  const store = await openStore(config, createSealer(config.secretsKeys));
  try {
    const report = await rotateSecrets(store);
    const { apiKeys, webhookSecrets } = report.detail;
    console.log(`Re-sealed ${report.resealed} secrets with the current SECRETS_KEY (API keys: ${apiKeys.resealed}, webhook secrets: ${webhookSecrets.resealed}); ${apiKeys.current + webhookSecrets.current} were current already.`);
    if (report.unreadable > 0) {
      console.log(`${report.unreadable} ${UNREADABLE_SECRETS}.`);
    }
    console.log(
      config.secretsKeys.length > 1
        ? "No secret is sealed with a previous key any more: SECRETS_KEY_PREVIOUS can be dropped."
        : "SECRETS_KEY_PREVIOUS is not set: nothing was sealed with a previous key.",
    );
    return 0;
  } finally {
    await store.close();
  }
}

process.exitCode = await main();
