/**
 * Chat replies and the sender's pacing (issue 30, item 16). An answer to a user's own update goes
 * out at once (one or two calls per update, in that user's chat); what is sent without one goes
 * through the outbox and its paced sender. An order card edited because its order filled is of the
 * second kind: when many orders fill at once, the cards of many chats are edited, and those edits
 * (with the brief notice each card gets as a reply) keep to the sender's pace like any notice. Here
 * 16 orders fill together, the sender is held to 8 calls a second, and the fake Bot API enforces the
 * same limit: nothing is sent before the sender runs, every card is edited once and answered once,
 * never more than 8 calls in any second, and Telegram never answers 429.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startNoticesHarness, type NoticesHarness } from "../support/notices-harness.js";
import type { EventOrder } from "../../src/orders/event-order.js";

const PER_SECOND = 8;
const CHATS = Array.from({ length: 16 }, (_, i) => 6301 + i);
const orderId = (chat: number) => `6f1c2b4a-1111-4222-8333-${String(900000000000 + chat)}`;

let n: NoticesHarness;
afterEach(async () => {
  await n?.stop();
});

/** The most calls in any one-second window. */
function busiestSecond(times: readonly number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; j < sorted.length; j++) {
    while (sorted[j]! - sorted[i]! >= 1000) i++;
    most = Math.max(most, j - i + 1);
  }
  return most;
}

describe("order cards edited when their orders fill", () => {
  it("a burst across many chats goes through the outbox at the sender's pace, with no 429", async () => {
    n = await startNoticesHarness({
      harness: { tg: { rateLimit: { globalPerSecond: PER_SECOND, perChatPerSecond: 1 } } },
      sender: { globalPerSecond: PER_SECOND, perChatIntervalMs: 1000, marginMs: 20 },
    });
    const cards = new Map<number, number>();
    for (const chat of CHATS) {
      await n.h.store.users.touch(chat, chat);
      const card = await n.h.bot.api.sendMessage(chat, "⏳ the order's card");
      cards.set(chat, card.message_id);
      await n.h.store.orderCards.remember(orderId(chat), { chatId: chat, messageId: card.message_id });
    }
    // the cards were sent one by one (the bot's api retries a 429 by itself); Telegram's windows pass
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const since = Date.now();

    // the fills arrive together (a webhook burst, or one look of the orders watcher)
    await Promise.all(
      CHATS.map((chat) => {
        const order: EventOrder = { id: orderId(chat), status: "Filled", resource: "energy", targetAddress: "TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC", volume: 65_000n, duration: "1h", totalTrx: "4.290000", txId: "ab".repeat(32) };
        return n.notifier.orderFilled(chat, order);
      }),
    );
    const after = () => n.h.tg.calls.filter((c) => c.at >= since && (c.method === "editMessageText" || c.method === "sendMessage"));
    // written to the outbox, not sent from where the fill was heard
    expect(after()).toEqual([]);
    expect(await n.h.store.outbox.pendingCount()).toBe(2 * CHATS.length);

    await n.sender.start();
    await n.sender.drain(20_000);
    const calls = after();
    const edits = calls.filter((c) => c.method === "editMessageText");
    expect(edits.map((c) => c.payload.chat_id).sort()).toEqual([...CHATS].sort());
    for (const edit of edits) {
      expect(edit.payload.message_id).toBe(cards.get(Number(edit.payload.chat_id)));
      expect(String(edit.payload.text)).toContain("Order filled");
    }
    expect(calls.filter((c) => c.method === "sendMessage")).toHaveLength(CHATS.length);
    expect(calls.filter((c) => (c.response as { ok: boolean }).ok === false)).toEqual([]);
    expect(busiestSecond(calls.map((c) => c.at))).toBeLessThanOrEqual(PER_SECOND);
    expect(n.sender.figures()).toMatchObject({ rateLimited: 0 });
  });
});
