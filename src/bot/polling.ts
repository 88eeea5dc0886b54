/**
 * Long polling, one of the leader's duties: @grammyjs/runner asks getUpdates and handles updates
 * concurrently. The runner retries what can pass by itself (network errors, 429, 5xx); two answers
 * it does not retry, 401 (the token is wrong or was revoked) and 409 (another process polls with
 * this token), end its fetching loop and reject its task (`runner.task()`). That rejection is
 * handled here: logged once with what it means, and `onStopped` is told (main then stops the
 * process cleanly); never an unhandled rejection. The runner's own printing is off (`silent`):
 * a failed getUpdates it retries is logged here as a warning, in the JSON log like the rest.
 */
import { run, type RunnerHandle } from "@grammyjs/runner";
import type { Bot, Context, Transformer } from "grammy";
import type { Update } from "grammy/types";
import { errorFields, type Logger } from "../logger.js";
import { stopRunner } from "./stop-runner.js";

export interface PollingOptions {
  allowedUpdates: ReadonlyArray<Exclude<keyof Update, "update_id">>;
  logger: Logger;
  /** Polling stopped by itself (Telegram refused it, or getUpdates failed past the runner's retries). */
  onStopped?: (reason: string) => void;
}

/** Telegram's refusals the runner does not retry, and what each means for whoever runs the bot. */
const REFUSALS: Record<number, string> = {
  401: "Telegram refused getUpdates with 401 Unauthorized: the bot token is wrong or was revoked (see @BotFather). Polling stops",
  409: "Telegram refused getUpdates with 409 Conflict: another process polls with this bot token, and only one may. Polling stops; stop the other process or give each bot its own token",
};

function errorCodeOf(err: unknown): number | undefined {
  const code = (err as { error_code?: unknown } | null)?.error_code;
  return typeof code === "number" ? code : undefined;
}

/** Logs a failed getUpdates the runner will retry (with the runner silent, nothing else would). */
function logRetriedFetches(logger: Logger): Transformer {
  return async (prev, method, payload, signal) => {
    if (method !== "getUpdates") return prev(method, payload, signal);
    try {
      const result = await prev(method, payload, signal);
      if (!result.ok && REFUSALS[result.error_code] === undefined) {
        logger.warn({ error_code: result.error_code, description: result.description }, "getUpdates failed; the runner retries");
      }
      return result;
    } catch (err) {
      // an aborted long poll is the runner stopping, not a failure
      if (!signal?.aborted) logger.warn({ err: errorFields(err) }, "getUpdates failed; the runner retries");
      throw err;
    }
  };
}

/** The polling duty for `bot`: each call starts a runner (a term of leadership) and resolves with its stop. */
export function pollingDuty<C extends Context>(bot: Bot<C>, options: PollingOptions): () => Promise<() => Promise<void>> {
  const { logger } = options;
  bot.api.config.use(logRetriedFetches(logger));

  const watch = async (runner: RunnerHandle): Promise<void> => {
    try {
      await runner.task();
    } catch (err) {
      const code = errorCodeOf(err);
      const meaning = (code !== undefined ? REFUSALS[code] : undefined) ?? "getUpdates kept failing past the runner's retries. Polling stops";
      logger.error({ err: errorFields(err) }, meaning);
      options.onStopped?.(code === undefined ? "getUpdates failed" : `getUpdates refused (${code})`);
    }
  };

  return () => {
    const runner = run(bot, { runner: { fetch: { allowed_updates: [...options.allowedUpdates] }, silent: true } });
    void watch(runner);
    return Promise.resolve(() => stopRunner(runner));
  };
}
