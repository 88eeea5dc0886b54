/**
 * A fake Telegram Bot API server speaking real HTTP on 127.0.0.1.
 *
 * Point grammY at it with
 *   new Bot(api.token, { client: { apiRoot: api.apiRoot }, botInfo: api.botInfo })
 * and drive the conversation with `sendText` / `tapButton` / ... while observing
 * what the bot sent through `calls`, `waitForCall`, `messages`, `buttons`, ...
 *
 * Text semantics follow Telegram: with `parse_mode: "HTML"` the stored/returned
 * `text` / `caption` is the rendered plain text (tags removed, `&amp;` decoded,
 * surrounding whitespace trimmed) plus `entities`. The exact payload the bot sent
 * is always available through `calls`. MarkdownV2/Markdown are accepted but not
 * rendered or validated (the text is stored as sent).
 *
 * The parts, each with one job: world.ts (chats, users, messages), updates.ts (the queue and long
 * polling), webhook-delivery.ts, methods/ (what the bot may call, by group), user-actions.ts and
 * observe.ts (what a test does and reads), call-log.ts, faults.ts and rate-limits.ts (the errors a
 * call may get), dispatch.ts and http-server.ts (a call's way in). This file wires them together.
 */
import { testBotInfo } from "./bot-info.js";
import { createCallLog } from "./call-log.js";
import { DEFAULT_TOKEN, type Json } from "./common.js";
import { createDispatch } from "./dispatch.js";
import { createFaults } from "./faults.js";
import { startHttpServer } from "./http-server.js";
import { createBotSettings } from "./methods/bot-settings.js";
import { chatMethods } from "./methods/chats.js";
import { createFileMethods } from "./methods/files.js";
import { messageMethods } from "./methods/messages.js";
import { queryMethods } from "./methods/queries.js";
import { chatObservers } from "./observe.js";
import { createRateLimits } from "./rate-limits.js";
import type { FakeBotApi, FakeBotApiOptions } from "./types.js";
import { createUpdates } from "./updates.js";
import { userActions } from "./user-actions.js";
import { createWebhookDelivery } from "./webhook-delivery.js";
import { clearWorld, createWorld } from "./world.js";

export type { FakeAdminRights, FakeBotApi, FakeBotApiOptions, FakeButton, FakeFailure, FakeMemberStatus, FakeMessage, RecordedCall } from "./types.js";
/** Telegram HTML as the fake renders it (the playground and the blog tests read it too). */
export { parseTelegramHtml } from "./formatting.js";

export async function startFakeBotApi(options: FakeBotApiOptions = {}): Promise<FakeBotApi> {
  const token = options.token ?? DEFAULT_TOKEN;
  const id = Number(token.split(":")[0]);
  const botInfo = testBotInfo({ id: Number.isSafeInteger(id) && id > 0 ? id : 123456, ...options.botInfo });
  let stopped = false;
  const isStopped = () => stopped;

  const world = createWorld(botInfo);
  const updates = createUpdates();
  const faults = createFaults();
  const rateLimits = createRateLimits(options.rateLimit);
  const settings = createBotSettings(world);
  const files = createFileMethods(world);
  const webhook = createWebhookDelivery({
    updates,
    deliver: options.deliverWebhook ?? true,
    call: (method, payload) => dispatch(token, method, payload, { files: new Map(), onAbort: () => {} }),
    stopped: isStopped,
  });
  const callLog = createCallLog({
    ...(options.onCall ? { onCall: options.onCall } : {}),
    delivery: () => {
      const error = webhook.lastError();
      const url = webhook.webhook.url;
      return { pending: updates.pending(), polling: updates.polling(), ...(url ? { webhookUrl: url } : {}), ...(error !== undefined ? { lastWebhookError: error } : {}) };
    },
  });
  const dispatch = createDispatch({
    token,
    delayMs: options.delayMs ?? 0,
    faults,
    rateLimits,
    record: callLog.record,
    methods: {
      ...settings.methods,
      getUpdates: (p, ctx) => updates.getUpdates(p, ctx, webhook.active(), stopped),
      ...webhook.methods,
      ...messageMethods(world),
      ...files.methods,
      ...queryMethods(world),
      ...chatMethods(world),
    },
  });

  /** A new update goes out at once: POSTed to the webhook if one is set, else to a waiting long poll. */
  const enqueue = (partial: Json): number => {
    if (stopped) throw new Error("FakeBotApi: cannot inject updates, the server is stopped");
    const updateId = updates.push(partial);
    if (webhook.active()) webhook.start();
    else updates.wakePoll();
    return updateId;
  };

  const http = await startHttpServer(dispatch);

  return {
    apiRoot: http.root,
    token,
    botInfo,
    ...userActions(world, enqueue),
    calls: callLog.calls,
    callsOf: callLog.callsOf,
    waitForCall: callLog.waitForCall,
    ...chatObservers(world),
    failNext: faults.failNext,
    blockChat: (chatId) => void world.blocked.add(chatId),
    unblockChat: (chatId) => void world.blocked.delete(chatId),
    get webhook() {
      return webhook.webhook;
    },
    pendingUpdates: updates.pending,
    takeUpdates: updates.take,
    reset() {
      callLog.reset();
      clearWorld(world);
      updates.reset();
      faults.reset();
      settings.reset();
      files.reset();
      webhook.reset();
      rateLimits.reset();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      updates.endPoll();
      webhook.stop();
      callLog.stop();
      // Let answered long polls flush before the sockets are torn down.
      await new Promise((resolve) => setImmediate(resolve));
      await http.close();
      await webhook.close();
    },
  };
}
