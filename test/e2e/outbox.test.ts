/**
 * The outbox and its paced sender against the fake Bot API: order and pacing per chat, the global
 * rate, 429 / 403 / 400 / 5xx / network failures, deduplication, and restarts (clean and crashed)
 * that lose nothing and send nothing twice.
 */
import { afterEach, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { startNoticesHarness, type NoticesHarness } from "../support/notices-harness.js";
import { startFakeBotApi, type RecordedCall } from "../../src/dev/telegram-fake/fake-bot-api.js";
import { waitUntil } from "../support/wait.js";
import { openStore } from "../../src/store/index.js";
import { createSealer } from "../../src/store/secrets.js";
import { createLogger } from "../../src/logger.js";
import { createSender, createSenderApi } from "../../src/notices/sender.js";

const A = 5001;
const B = 5002;

let n: NoticesHarness | undefined;
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  await n?.stop();
  n = undefined;
  for (const c of cleanups.splice(0)) await c();
});

async function setUp(options: Parameters<typeof startNoticesHarness>[0] = {}) {
  n = await startNoticesHarness(options);
  for (const chat of [A, B]) await n.h.store.users.touch(chat, chat);
  return n;
}

async function enqueue(chatId: number, count: number, prefix = "n") {
  for (let i = 1; i <= count; i++) await n!.h.store.outbox.enqueue({ chatId, dedupeKey: `${prefix}:${chatId}:${i}`, text: `<b>${prefix}</b> ${chatId} #${i}` });
}

const sendsTo = (chatId: number): RecordedCall[] => n!.h.tg.callsOf("sendMessage").filter((c) => c.payload.chat_id === chatId);
const delivered = (chatId: number) => sendsTo(chatId).filter((c) => (c.response as { ok: boolean }).ok).map((c) => String(c.payload.text));

describe("outbox sender", () => {
  it("keeps each chat's order, paces each chat, sends HTML with the stored buttons, and marks rows sent", async () => {
    await setUp({ sender: { perChatIntervalMs: 150 } });
    await enqueue(A, 4);
    await enqueue(B, 4);
    await n!.h.store.outbox.enqueue({ chatId: B, dedupeKey: "with-button", text: "tap", replyMarkup: { inline_keyboard: [[{ text: "💳 Deposit", callback_data: "dep" }]] } });
    await n!.sender.start();
    await n!.sender.drain();
    expect(delivered(A)).toEqual([1, 2, 3, 4].map((i) => `<b>n</b> ${A} #${i}`));
    expect(delivered(B)).toEqual([...[1, 2, 3, 4].map((i) => `<b>n</b> ${B} #${i}`), "tap"]);
    for (const chat of [A, B]) {
      const at = sendsTo(chat).map((c) => c.at);
      for (let i = 1; i < at.length; i++) expect(at[i]! - at[i - 1]!).toBeGreaterThanOrEqual(150);
    }
    const first = sendsTo(A)[0]!;
    expect(first.payload.parse_mode).toBe("HTML");
    expect(n!.h.tg.buttons(B).map((b) => b.callbackData)).toEqual(["dep"]);
    expect((await n!.h.store.outbox.listForChat(A)).every((r) => r.status === "sent" && r.sentAt !== null && r.leaseUntil === null)).toBe(true);
    expect(n!.sender.figures()).toMatchObject({ sent: 9, rateLimited: 0, retried: 0 });
  });

  it("a notice stored as a reply answers that message; when the user deleted it, it is still sent, without the quote", async () => {
    await setUp({ sender: { perChatIntervalMs: 0 } });
    const kept = await n!.h.bot.api.sendMessage(A, "the order's card");
    const gone = await n!.h.bot.api.sendMessage(A, "another card");
    await n!.h.bot.api.deleteMessage(A, gone.message_id);
    await n!.h.store.outbox.enqueue({ chatId: A, dedupeKey: "reply:kept", text: "filled", replyToMessageId: kept.message_id });
    await n!.h.store.outbox.enqueue({ chatId: A, dedupeKey: "reply:gone", text: "failed", replyToMessageId: gone.message_id });
    await n!.sender.start();
    await n!.sender.drain();
    // (the two cards were sent by the test itself, before the sender started)
    expect(delivered(A)).toEqual(["the order's card", "another card", "filled", "failed"]);
    const [toKept, toGone] = sendsTo(A)
      .slice(2)
      .map((c) => (c.response as { result: { reply_to_message?: { message_id: number } } }).result);
    expect(toKept!.reply_to_message?.message_id).toBe(kept.message_id);
    expect(toGone!.reply_to_message).toBeUndefined();
    expect((await n!.h.store.outbox.listForChat(A)).map((r) => r.status)).toEqual(["sent", "sent"]);
  });

  it("enqueue is idempotent on the dedupe key: the same event's notice is sent once", async () => {
    await setUp({ startSender: true });
    expect(await n!.h.store.outbox.enqueue({ chatId: A, dedupeKey: "order:x:filled", text: "first" })).toBe(true);
    expect(await n!.h.store.outbox.enqueue({ chatId: A, dedupeKey: "order:x:filled", text: "second" })).toBe(false);
    n!.sender.wake();
    await n!.sender.drain();
    expect(delivered(A)).toEqual(["first"]);
  });

  it("on 429 retries after retry_after and pauses every chat meanwhile", async () => {
    await setUp();
    n!.h.tg.failNext("sendMessage", { code: 429, retryAfter: 1 });
    await enqueue(A, 1);
    await n!.sender.start();
    const limited = await n!.h.tg.waitForCall("sendMessage", () => true);
    expect((limited.response as { error_code?: number }).error_code).toBe(429);
    await waitUntil(() => n!.sender.figures().rateLimited === 1);
    await enqueue(B, 1);
    n!.sender.wake();
    await n!.sender.drain();
    expect(delivered(A)).toEqual([`<b>n</b> ${A} #1`]);
    expect(delivered(B)).toEqual([`<b>n</b> ${B} #1`]);
    const after = n!.h.tg.callsOf("sendMessage").filter((c) => c !== limited);
    for (const call of after) expect(call.at - limited.at).toBeGreaterThanOrEqual(950);
    expect(n!.sender.figures().rateLimited).toBe(1);
    expect((await n!.h.store.outbox.listForChat(A))[0]).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("on 403 marks the user blocked and stops the chat's notices; my_chat_member unblocks new ones", async () => {
    await setUp();
    n!.h.tg.blockChat(A);
    await enqueue(A, 2);
    await enqueue(B, 1);
    await n!.sender.start();
    await n!.sender.drain();
    expect(sendsTo(A)).toHaveLength(1); // the second notice was not even tried
    expect((await n!.h.store.outbox.listForChat(A)).map((r) => r.status)).toEqual(["blocked", "blocked"]);
    expect((await n!.h.store.users.get(A))?.blocked).toBe(true);
    expect(delivered(B)).toHaveLength(1);

    await enqueue(A, 1, "while-blocked");
    expect((await n!.h.store.outbox.getByDedupeKey(`while-blocked:${A}:1`))?.status).toBe("blocked");

    await n!.h.tg.myChatMember({ userId: A, status: "member" });
    await waitUntil(async () => (await n!.h.store.users.get(A))?.blocked === false);
    await enqueue(A, 1, "after");
    n!.sender.wake();
    await n!.sender.drain();
    expect(delivered(A)).toEqual([`<b>after</b> ${A} #1`]);
    expect(n!.sender.figures().blocked).toBe(2);
  });

  it("on 400 drops the notice as dead (never looping) and goes on with the chat", async () => {
    await setUp();
    n!.h.tg.failNext("sendMessage", { code: 400, description: "Bad Request: message is too long" });
    await enqueue(A, 2);
    await n!.sender.start();
    await n!.sender.drain();
    expect(sendsTo(A)).toHaveLength(2);
    const [dead, sent] = await n!.h.store.outbox.listForChat(A);
    expect(dead).toMatchObject({ status: "dead", lastError: "Bad Request: message is too long" });
    expect(sent?.status).toBe("sent");
  });

  it("on 5xx retries with backoff until it goes through, once", async () => {
    await setUp();
    n!.h.tg.failNext("sendMessage", { code: 502 }, 2);
    await enqueue(A, 2);
    await n!.sender.start();
    await n!.sender.drain();
    expect(delivered(A)).toEqual([`<b>n</b> ${A} #1`, `<b>n</b> ${A} #2`]);
    const calls = sendsTo(A).map((c) => c.at);
    expect(calls).toHaveLength(4);
    expect(calls[1]! - calls[0]!).toBeGreaterThanOrEqual(45); // backoff base 50 ms
    expect(calls[2]! - calls[1]!).toBeGreaterThanOrEqual(95); // then 100 ms
    expect((await n!.h.store.outbox.listForChat(A))[0]).toMatchObject({ status: "sent", attempts: 3 });
    expect(n!.sender.figures().retried).toBe(2);
  });

  it("keeps notices through network failures (Bot API unreachable) and delivers them later", async () => {
    await setUp();
    await enqueue(A, 1);
    const unreachable = n!.newSender({ api: createSenderApi(n!.h.tg.token, "http://127.0.0.1:9") });
    await unreachable.start();
    await waitUntil(() => unreachable.figures().retried >= 1);
    await unreachable.stop();
    const row = (await n!.h.store.outbox.listForChat(A))[0]!;
    expect(row).toMatchObject({ status: "pending", leaseUntil: null });
    expect(row.attempts).toBeGreaterThanOrEqual(1);
    expect(row.lastError).toBeTruthy();
    await n!.sender.start();
    await n!.sender.drain();
    expect(delivered(A)).toEqual([`<b>n</b> ${A} #1`]);
  });
});

describe("restarts lose nothing and send nothing twice", () => {
  it("a clean stop in the middle of sending, a restart over the same database, and the rest follows in order", async () => {
    await setUp({ sender: { perChatIntervalMs: 60 } });
    await enqueue(A, 10);
    await n!.sender.start();
    await waitUntil(() => sendsTo(A).length >= 3);
    await n!.sender.stop();
    const sentBefore = sendsTo(A).length;
    expect((await n!.h.store.outbox.listForChat(A)).filter((r) => r.status === "sent")).toHaveLength(sentBefore);
    expect((await n!.h.store.outbox.listForChat(A)).every((r) => r.leaseUntil === null)).toBe(true);

    await n!.h.restart();
    const after = n!.newSender({ perChatIntervalMs: 60 });
    await after.start();
    await after.drain();
    expect(delivered(A)).toEqual(Array.from({ length: 10 }, (_, i) => `<b>n</b> ${A} #${i + 1}`));
  });

  it("rows leased by a sender that was killed are sent again at once when the next one starts, once each, in order", async () => {
    await setUp();
    await enqueue(A, 2);
    await enqueue(B, 1);
    // A crashed process claimed A's and B's first notices and never got to mark them.
    const leased = await n!.h.store.outbox.claim({ owner: "killed-sender", limit: 10, leaseMs: 30_000 });
    expect(leased.map((r) => r.chatId).sort()).toEqual([A, B]);
    await enqueue(A + 100, 1);
    await n!.h.store.users.touch(A + 100, A + 100);

    // the next sender starts well within the 30 s lease and does not wait for it (drain gives up after 10 s)
    await n!.sender.start();
    await n!.sender.drain();
    expect(delivered(A)).toEqual([`<b>n</b> ${A} #1`, `<b>n</b> ${A} #2`]);
    expect(delivered(B)).toEqual([`<b>n</b> ${B} #1`]);
    expect(delivered(A + 100)).toEqual([`<b>n</b> ${A + 100} #1`]);
    expect(n!.h.logs.join("")).toContain("sent again (at least once)");
  });
});

describe("pacing against Telegram's limits", () => {
  it("never draws a 429 from a Bot API that enforces the global and per-chat limits", async () => {
    const tg = await startFakeBotApi({ rateLimit: { globalPerSecond: 12, perChatPerSecond: 1 } });
    const dir = mkdtempSync(join(tmpdir(), "outbox-"));
    const store = await openStore({ databasePath: join(dir, "bot.db") }, createSealer([randomBytes(32)]));
    cleanups.push(async () => {
      await tg.stop();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    });
    const chats = Array.from({ length: 12 }, (_, i) => 7000 + i);
    for (const chat of chats) {
      await store.users.touch(chat, chat);
      for (let i = 1; i <= 2; i++) await store.outbox.enqueue({ chatId: chat, dedupeKey: `p:${chat}:${i}`, text: `${chat} #${i}` });
    }
    const sender = createSender({
      store,
      api: createSenderApi(tg.token, tg.apiRoot),
      logger: createLogger({ level: "silent" }),
      globalPerSecond: 12,
      perChatIntervalMs: 1000,
      idleMs: 50,
    });
    await sender.start();
    cleanups.unshift(() => sender.stop());
    await sender.drain(15_000);
    const sends = tg.callsOf("sendMessage");
    expect(sends.filter((c) => (c.response as { ok: boolean }).ok === false)).toEqual([]);
    expect(sends).toHaveLength(24);
    for (const chat of chats) expect(sends.filter((c) => c.payload.chat_id === chat).map((c) => c.payload.text)).toEqual([`${chat} #1`, `${chat} #2`]);
    expect(sender.figures()).toMatchObject({ sent: 24, rateLimited: 0 });
  });
});
