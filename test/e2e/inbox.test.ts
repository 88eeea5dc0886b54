/**
 * Webhook mode through the update inbox, as Telegram sees it: a webhook is answered as soon as its
 * update is recorded, whatever the bot's own calls cost; one chat's updates are handled one at a
 * time in update_id order, each once; a full inbox and a failing database refuse at once (Telegram
 * delivers again) and lose nothing. On PostgreSQL two replicas share the chats without reordering.
 */
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { Update } from "grammy/types";
import { startFakeBotApi, type FakeBotApi } from "../../src/dev/telegram-fake/fake-bot-api.js";
import { createSealer } from "../../src/store/secrets.js";
import type { Store } from "../../src/store/index.js";
import type { InboxStore } from "../../src/inbox/inbox.js";
import { createTestDatabase, testEngine, type TestDatabase } from "../support/test-store.js";
import { startHoldingProxy, type HoldingProxy } from "../support/holding-proxy.js";
import { logLines, startInboxBot, type InboxBot, type InboxBotOptions } from "../support/inbox-bot.js";
import { waitUntil } from "../support/wait.js";
import { loadTranslations } from "../../src/i18n/translations.js";
import { SIGN_OF_LIFE_MS } from "../../src/bot/ui/feedback.js";
import { get } from "../../src/store/kv-storage.js";
import { eq } from "drizzle-orm";

const texts = loadTranslations("en");
const en = (key: string) => texts.t("en", key);

const cleanup: Array<() => unknown> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

interface World {
  tg: FakeBotApi;
  database: TestDatabase;
  /** Holds the bot's sendMessage answers until released: a slow Bot API at a chosen moment. */
  slowApi: HoldingProxy;
  start: (options?: Partial<InboxBotOptions>) => Promise<InboxBot>;
}

async function world(): Promise<World> {
  const tg = await startFakeBotApi({ deliverWebhook: false });
  cleanup.push(() => tg.stop());
  const database = await createTestDatabase();
  cleanup.push(() => database.drop());
  const slowApi = await startHoldingProxy(() => tg.apiRoot, /\/sendMessage$/);
  cleanup.push(() => slowApi.close());
  cleanup.push(() => slowApi.release());
  const sealer = createSealer([randomBytes(32)]);
  return {
    tg,
    database,
    slowApi,
    start: async (options = {}) => {
      const bot = await startInboxBot({ tg, apiRoot: slowApi.url, location: database.location, sealer, ...options });
      cleanup.push(() => bot.stop(1_000));
      return bot;
    },
  };
}

/** Texts typed in one chat, as the updates Telegram would deliver (not delivered yet). */
async function typed(tg: FakeBotApi, userId: number, texts: string[]): Promise<Update[]> {
  for (const text of texts) await tg.sendText({ userId, text });
  return tg.takeUpdates();
}

const botReplies = (tg: FakeBotApi, userId: number) => tg.messages(userId).filter((m) => m.from === "bot");

describe(`update inbox (${testEngine})`, () => {
  it("a webhook is answered while its update still waits on a slow Bot API; the reply follows", async () => {
    const { tg, slowApi, start } = await world();
    const bot = await start();
    const [help] = await typed(tg, 6101, ["/help"]);

    expect(await bot.deliver(help!)).toBe(200);
    await waitUntil(() => slowApi.held() > 0);
    // answered, handled, and its reply still on its way
    expect(bot.handled).toEqual([help!.update_id]);
    slowApi.release();
    await waitUntil(() => botReplies(tg, 6101).length === 1);
  });

  it("one chat's updates are handled one at a time in update_id order, each once (redeliveries included)", async () => {
    const { tg, slowApi, start } = await world();
    const bot = await start();
    const updates = await typed(tg, 6102, ["/help", "/start", "/help", "/cancel", "/help"]);
    const other = await typed(tg, 6103, ["/help"]);

    // the first is being handled (its reply held); the others arrive out of order, some twice
    expect(await bot.deliver(updates[0]!)).toBe(200);
    await waitUntil(() => slowApi.held() === 1);
    const statuses = await Promise.all([updates[3]!, updates[1]!, updates[4]!, updates[2]!, updates[1]!, updates[0]!].map((u) => bot.deliver(u)));
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    // another chat is not held up by this one
    expect(await bot.deliver(other[0]!)).toBe(200);
    await waitUntil(() => slowApi.held() === 2);
    expect(bot.handled).toEqual([updates[0]!.update_id, other[0]!.update_id]);

    slowApi.release();
    await waitUntil(() => botReplies(tg, 6102).length === 5);
    const ids = updates.map((u) => u.update_id);
    expect(bot.handled.filter((id) => ids.includes(id))).toEqual([...ids].sort((a, b) => a - b));
    expect(botReplies(tg, 6103)).toHaveLength(1);
    // nothing is left waiting in the store
    await waitUntil(async () => (await bot.store.updates.backlog()).count === 0);
  });

  it("a chat's state is on disk no later than the commit that marks its update handled", async () => {
    const { tg, start } = await world();
    const bot = await start({ apiRoot: tg.apiRoot });
    const [check] = await typed(tg, 6104, ["/check"]);
    const { db, t } = bot.store.raw.conn;
    const handledAt = async () => (await db.select({ at: t.updateInbox.handledAt }).from(t.updateInbox).where(eq(t.updateInbox.updateId, check!.update_id)))[0]?.at ?? undefined;

    expect(await bot.deliver(check!)).toBe(200);
    // the question asked, the prompt it opened (state) kept for the chat's answer
    await waitUntil(() => botReplies(tg, 6104).length === 1);
    // read in this order: once the mark is seen, the state it follows must be there already
    await waitUntil(async () => (await handledAt()) !== undefined && (await handledAt()) !== null, { message: "the update was never marked handled" });
    expect(await get(bot.store.raw.conn, "prompt:6104")).not.toBeNull();
    expect(await bot.store.prompts.read("6104")).toMatchObject({ id: "check-address" });
  });

  it("past the backlog limit a webhook is refused with 503; delivered again, nothing is lost or doubled", async () => {
    const { tg, slowApi, start } = await world();
    const bot = await start({ settings: { maxBacklog: 2 } });
    const updates = [...(await typed(tg, 6104, ["/help"])), ...(await typed(tg, 6105, ["/help"])), ...(await typed(tg, 6106, ["/help"]))];

    expect(await bot.deliver(updates[0]!)).toBe(200);
    expect(await bot.deliver(updates[1]!)).toBe(200);
    await waitUntil(() => slowApi.held() === 2);
    expect(await bot.deliver(updates[2]!)).toBe(503);
    expect(logLines(bot.logs, 40).map((l) => l.msg)).toContainEqual(expect.stringMatching(/inbox full/));

    slowApi.release();
    await waitUntil(() => bot.inbox.load().updates === 0);
    // Telegram delivers the refused update again
    expect(await bot.deliver(updates[2]!)).toBe(200);
    await waitUntil(() => botReplies(tg, 6106).length === 1);
    expect(botReplies(tg, 6104)).toHaveLength(1);
    expect(botReplies(tg, 6105)).toHaveLength(1);
    expect([...bot.handled].sort()).toEqual(updates.map((u) => u.update_id).sort());
  });

  it("while the database fails every webhook is answered 500 at once, logged once; delivered again after, each is handled once", async () => {
    const { tg, slowApi, start } = await world();
    slowApi.release();
    let down = true;
    const failing = (store: Store): InboxStore => ({
      dialect: store.dialect,
      updates: store.updates,
      chatLeases: store.chatLeases,
      transaction: ((fn: never, options: never) => (down ? Promise.reject(new Error("connection refused")) : store.transaction(fn, options))) as Store["transaction"],
    });
    const bot = await start({ inboxStore: failing });
    const updates: Update[] = [];
    for (const user of [6107, 6108, 6109, 6110]) updates.push(...(await typed(tg, user, ["/help"])));

    const started = Date.now();
    expect(await Promise.all(updates.map((u) => bot.deliver(u)))).toEqual([500, 500, 500, 500]);
    expect(Date.now() - started).toBeLessThan(5_000);
    const errors = logLines(bot.logs, 50);
    expect(errors).toHaveLength(1);

    down = false;
    expect(await Promise.all(updates.map((u) => bot.deliver(u)))).toEqual([200, 200, 200, 200]);
    for (const user of [6107, 6108, 6109, 6110]) await waitUntil(() => botReplies(tg, user).length === 1);
    expect(logLines(bot.logs, 30).map((l) => l.msg)).toContainEqual(expect.stringMatching(/back|again/i));
    expect(logLines(bot.logs, 50)).toHaveLength(1);
    // one that ran before its record failed (SQLite runs new updates at once) is not run again
    await waitUntil(async () => bot.inbox.load().updates === 0 && (await bot.store.updates.backlog()).count === 0);
    expect([...bot.handled].sort()).toEqual(updates.map((u) => u.update_id).sort());
  });

  it("a tap behind an update that has run for a while is answered at once, not queued behind it", async () => {
    const { tg, slowApi, start } = await world();
    slowApi.release();
    // a marketplace that never answers: /check stays in hand
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    cleanup.push(() => new Promise((resolve) => silent.close(resolve)));
    cleanup.push(() => silent.closeAllConnections());
    const bot = await start({ marketplaceUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}` });
    const [hello] = await typed(tg, 6113, ["/start"]);
    expect(await bot.deliver(hello!)).toBe(200);
    await waitUntil(() => botReplies(tg, 6113).some((m) => m.replyMarkup !== undefined));
    const [check] = await typed(tg, 6113, ["/check TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7"]);
    expect(await bot.deliver(check!)).toBe(200);
    await waitUntil(() => bot.handled.includes(check!.update_id));
    // past the sign of life's 700 ms, the chat counts as busy
    await new Promise((resolve) => setTimeout(resolve, SIGN_OF_LIFE_MS + 200));

    const card = botReplies(tg, 6113).find((m) => m.replyMarkup !== undefined)!;
    const data = (card.replyMarkup as { inline_keyboard: Array<Array<{ callback_data?: string }>> }).inline_keyboard.flat().find((b) => b.callback_data)!.callback_data!;
    const { callbackQueryId } = await tg.tap({ userId: 6113, messageId: card.messageId, data });
    const [tap] = tg.takeUpdates();
    expect(await bot.deliver(tap!)).toBe(200);
    const answer = await tg.waitForCall("answerCallbackQuery", (p) => p.callback_query_id === callbackQueryId, 2_000);
    expect(answer.payload.text).toBe(en("still-working"));
  });

  it.runIf(testEngine === "sqlite")("updates recorded but not handled when the process stopped are handled after the restart, in order", async () => {
    const { tg, slowApi, start } = await world();
    const first = await start();
    const updates = await typed(tg, 6111, ["/help", "/start", "/cancel"]);
    for (const u of updates) expect(await first.deliver(u)).toBe(200);
    await waitUntil(() => slowApi.held() === 1);
    // stopped while the first update's reply is held: the first is cut off, the others never start
    await first.stop(100);
    expect(first.handled).toEqual([updates[0]!.update_id]);

    slowApi.release();
    const second = await start();
    await waitUntil(() => second.handled.length === 3);
    // the cut-off update runs again (at most its messages repeat), then the rest in order
    expect(second.handled).toEqual(updates.map((u) => u.update_id));
    await waitUntil(async () => (await second.store.updates.backlog()).count === 0);
  });

  it.runIf(testEngine === "pg")("two replicas take turns on one chat without reordering; a redelivery to the other replica is not handled twice", async () => {
    const { tg, slowApi, start } = await world();
    const a = await start({ name: "a" });
    const b = await start({ name: "b" });
    const updates = await typed(tg, 6112, ["/help", "/start", "/help", "/cancel"]);
    const ids = updates.map((u) => u.update_id);

    // a takes the chat with the first update and is held on its reply
    expect(await a.deliver(updates[0]!)).toBe(200);
    await waitUntil(() => slowApi.held() === 1);
    // the next ones land on either replica, one redelivered to the other
    expect(await b.deliver(updates[1]!)).toBe(200);
    expect(await a.deliver(updates[2]!)).toBe(200);
    expect(await b.deliver(updates[3]!)).toBe(200);
    expect(await b.deliver(updates[0]!)).toBe(200);
    slowApi.release();
    await waitUntil(() => botReplies(tg, 6112).length === 4);
    // a held the chat until it ran dry: every update ran there, in order
    expect(a.handled).toEqual(ids);
    expect(b.handled).toEqual([]);

    // the chat is free again: whichever replica receives the next update handles it at once
    const [later] = await typed(tg, 6112, ["/help"]);
    await waitUntil(async () => (await b.store.updates.backlog()).count === 0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await b.deliver(later!)).toBe(200);
    await waitUntil(() => botReplies(tg, 6112).length === 5);
    expect(b.handled).toEqual([later!.update_id]);
  });
});
