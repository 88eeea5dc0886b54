/**
 * /batch (issue 33 item 3): energy for several addresses on one card. A refused line does not stop
 * the others, which are placed once however often Confirm is tapped or delivered (also across a
 * restart mid-batch); bad lines are answered line by line and change nothing; Cancel orders nothing.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../support/harness.js";
import { waitUntil } from "../support/wait.js";
import type { BotDeps } from "../../src/bot/context.js";
import { shortAddress } from "../../src/tron/address.js";
import { BatchCard } from "../../src/bot/features/batch/callbacks.js";
import { aroundPlaceOrder, buttonData, charges, freshAddress, nextShown, text } from "./buy-support.js";

const USER = 3301;
let h: Harness;
afterEach(async () => {
  await h.stop();
});

/** The batch behind the Confirm button of the bot's latest keyboard. */
function batchOnCard(): string {
  const batch = buttonData(h, USER)
    .map((d) => BatchCard.confirm.unpack(d)?.batch)
    .find((b) => b !== undefined);
  expect(batch, `no Confirm in ${JSON.stringify(h.tg.buttons(USER))}`).toBeDefined();
  return batch!;
}

async function cardMessage(batchId: string): Promise<number> {
  return waitUntil(async () => (await h.store.orderBatches.get(batchId))?.messageId ?? undefined);
}

/** /batch with these lines → 65,000 energy each for 1 hour → the preview card. */
async function previewBatch(lines: string[]): Promise<{ batchId: string; card: string }> {
  await h.tg.sendText({ userId: USER, text: ["/batch", ...lines].join("\n") });
  await nextShown(h, /How much energy for each of the 3 addresses/);
  await h.tg.tapButton({ userId: USER, text: /65,000 · 1 USDT transfer/ });
  await nextShown(h, /For how long/);
  await h.tg.tapButton({ userId: USER, text: "1 hour" });
  const card = text(await nextShown(h, /Preview: energy for 3 addresses/));
  return { batchId: batchOnCard(), card };
}

async function intentsOf(batchId: string) {
  const lines = await h.store.orderBatches.lines(batchId);
  return Promise.all(lines.map(async (l) => (await h.store.orders.get(l.intentId))!));
}

describe("/batch", () => {
  it("three addresses, the third refused by the key's spend limit: the other two placed once, a second Confirm places nothing", async () => {
    h = await startHarness();
    // 65,000 energy for 1 hour to a new address: 4.29 TRX + 1.10 TRX activation = 5.39 TRX; two fit in 11 TRX, three do not
    const { accountId } = await h.givenUserWithKey(USER, { trx: "1000", dailyLimitTrx: "11" });
    const addresses = [freshAddress(), freshAddress(), freshAddress()];
    const { batchId, card } = await previewBatch(addresses);

    for (const [i, a] of addresses.entries()) expect(card).toContain(`${i + 1}. <code>${shortAddress(a)}</code>: <code>65,000</code> for <code>5.39 TRX</code>`);
    expect(card).toContain("<b>Total to pay:</b> <code>16.17 TRX</code>");
    expect(card).toContain("Your balance: 1,000.00 TRX → after these orders: 983.83 TRX");
    // one intent per line, each with its own Idempotency-Key, nothing placed yet
    const previewed = await intentsOf(batchId);
    expect(previewed.map((r) => r.state)).toEqual(["previewed", "previewed", "previewed"]);
    expect(new Set(previewed.map((r) => r.idempotencyKey)).size).toBe(3);
    expect(h.sandbox.control.orderCount(accountId)).toBe(0);

    const messageId = await cardMessage(batchId);
    await h.tg.tapButton({ userId: USER, text: /Confirm 3 orders/ });
    const result = text(await h.tg.waitForCall("editMessageText", (p) => p.message_id === messageId && /Placed 2 of 3/.test(String(p.text))));
    const rows = await intentsOf(batchId);
    expect(rows.map((r) => r.state)).toEqual(["placed", "placed", "rejected"]);
    expect(result).toContain(`✅ 1. <code>${shortAddress(addresses[0]!)}</code>: <code>65,000</code>, <code>5.39 TRX</code>, order <code>${rows[0]!.orderId}</code>`);
    expect(result).toContain(`✅ 2. <code>${shortAddress(addresses[1]!)}</code>`);
    expect(result).toMatch(new RegExp(`❌ 3\\. <code>${shortAddress(addresses[2]!)}</code>: <code>65,000</code> not placed\\. 🚫 This would pass the key's daily spend limit`));
    expect(h.sandbox.control.orderCount(accountId)).toBe(2);
    expect(charges(h, accountId)).toHaveLength(2);

    // a second tap on the same Confirm: nothing more is placed, the tap says so
    const answered = h.tg.callsOf("answerCallbackQuery").length;
    await h.tg.tap({ userId: USER, messageId, data: BatchCard.confirm.pack({ batch: batchId }) });
    await waitUntil(() => h.tg.callsOf("answerCallbackQuery").length > answered || undefined);
    expect(String(h.tg.callsOf("answerCallbackQuery").at(-1)!.payload.text)).toBe("These orders have already been placed.");
    expect(h.sandbox.control.orderCount(accountId)).toBe(2);
    expect(charges(h, accountId)).toHaveLength(2);
    expect((await h.store.orderBatches.get(batchId))!.state).toBe("done");
  });

  it("two quick taps on Confirm: each line placed once, both taps answered", async () => {
    h = await startHarness();
    const { accountId } = await h.givenUserWithKey(USER);
    const { batchId } = await previewBatch([freshAddress(), freshAddress(), freshAddress()]);
    const messageId = await cardMessage(batchId);
    const data = BatchCard.confirm.pack({ batch: batchId });
    await Promise.all([h.tg.tap({ userId: USER, messageId, data }), h.tg.tap({ userId: USER, messageId, data })]);
    await h.tg.waitForCall("answerCallbackQuery", (p) => p.text === "These orders have already been placed.");
    expect(h.tg.callsOf("answerCallbackQuery").filter((c) => c.payload.text === "Placing the orders…")).toHaveLength(1);
    expect((await intentsOf(batchId)).map((r) => r.state)).toEqual(["placed", "placed", "placed"]);
    expect(h.sandbox.control.orderCount(accountId)).toBe(3);
    expect(charges(h, accountId)).toHaveLength(3);
  });

  it("a restart mid-batch: the redelivered Confirm sends no line twice and the lost one again with its own key", async () => {
    const calls: string[] = [];
    let hangOn: string | undefined;
    h = await startHarness({
      extendDeps: (deps: BotDeps) =>
        aroundPlaceOrder(deps, async (place, body, options) => {
          calls.push(options.idempotencyKey);
          const order = await place(body, options);
          // the order is made, then the bot never hears back (and the process "dies")
          if (body.targetAddress === hangOn) {
            hangOn = undefined;
            return new Promise<never>(() => undefined);
          }
          return order;
        }),
    });
    const { accountId } = await h.givenUserWithKey(USER);
    const addresses = [freshAddress(), freshAddress(), freshAddress()];
    hangOn = addresses[1];
    const { batchId } = await previewBatch(addresses);
    const messageId = await cardMessage(batchId);
    const update = {
      callback_query: {
        id: "cq-batch-restart",
        from: { id: USER, is_bot: false, first_name: "Test", language_code: "en" },
        chat_instance: "42",
        message: { message_id: messageId, date: 0, chat: { id: USER, type: "private" as const, first_name: "Test" }, text: "card" },
        data: BatchCard.confirm.pack({ batch: batchId }),
      },
    };
    await h.tg.injectUpdate(update);
    await waitUntil(() => h.sandbox.control.orderCount(accountId) === 2 || undefined);
    expect((await intentsOf(batchId)).map((r) => r.state)).toEqual(["placed", "placing", "previewed"]);

    await h.restart();
    await h.tg.injectUpdate(update); // Telegram delivers the same tap again
    await h.tg.waitForCall("editMessageText", (p) => p.message_id === messageId && /Placed 3 of 3/.test(String(p.text)));
    const rows = await intentsOf(batchId);
    expect(rows.map((r) => r.state)).toEqual(["placed", "placed", "placed"]);
    // line 1 was not sent again; line 2 was sent again with its own key; line 3 once
    expect(calls).toEqual([rows[0]!.idempotencyKey, rows[1]!.idempotencyKey, rows[1]!.idempotencyKey, rows[2]!.idempotencyKey]);
    expect(h.sandbox.control.orderCount(accountId)).toBe(3);
    expect(charges(h, accountId)).toHaveLength(3);
  });

  it("bad lines are answered line by line and change nothing; good lines then go on", async () => {
    h = await startHarness();
    await h.givenUserWithKey(USER);
    const [a, b, c] = [freshAddress(), freshAddress(), freshAddress()];
    const broken = `${a.slice(0, -1)}${a.endsWith("a") ? "b" : "a"}`;
    await h.tg.sendText({ userId: USER, text: ["/batch", a, broken, a, `${b} 5k`, `${c} lots`].join("\n") });
    const answer = text(await nextShown(h, /were not taken/));
    expect(answer).toContain("These 4 lines were not taken, so nothing has changed:");
    expect(answer).toContain(`Line 2: “${broken}” is neither a valid TRON address nor one of your saved names.`);
    expect(answer).toContain(`Line 3: “${a}” repeats an address already in the list.`);
    expect(answer).toContain("Line 4: 5,000 is outside the allowed range, from 32,000 to 5,000,000.");
    expect(answer).toContain(`Line 5: the volume in “${c} lots” cannot be read.`);
    expect(await h.store.orders.listByUser(USER)).toEqual([]);

    // the step waits: good lines now, each with its own volume, so no volume is asked
    await h.tg.sendText({ userId: USER, text: [`${a} 65k`, `${b} 131k`, `${c} 65 000`].join("\n") });
    await nextShown(h, /For how long\? Energy for 3 addresses, the volume of each line/);
    await h.tg.tapButton({ userId: USER, text: "1 hour" });
    const card = text(await nextShown(h, /Preview: energy for 3 addresses/));
    expect(card).toContain(`2. <code>${shortAddress(b)}</code>: <code>131,000</code>`);
    expect((await h.store.orders.listByUser(USER)).map((r) => r.volume).sort()).toEqual(["131000", "65000", "65000"]);
  });

  it("in Russian: a bad line is answered in Russian", async () => {
    h = await startHarness();
    await h.givenUserWithKey(USER);
    await h.tg.sendText({ userId: USER, languageCode: "ru", text: ["/batch", freshAddress(), "Tnope"].join("\n") });
    const answer = text(await nextShown(h, /не принята/));
    expect(answer).toContain("Строка 2: «Tnope» — это не адрес TRON");
  });

  it("saved addresses ticked from the list; Cancel orders nothing and the card's Confirm then places nothing", async () => {
    h = await startHarness();
    const { accountId } = await h.givenUserWithKey(USER);
    const [a, b, c] = [freshAddress(), freshAddress(), freshAddress()];
    for (const [i, address] of [a, b, c].entries()) await h.store.recentAddresses.remember(USER, address, 1_000 + i);
    await h.store.recentAddresses.setLabel(USER, c, "Main wallet");

    await h.tg.sendText({ userId: USER, text: "/batch" });
    await nextShown(h, /Tap your saved addresses to tick them/);
    expect(h.tg.buttons(USER).map((b) => b.text)).toEqual([`Main wallet · ${shortAddress(c)}`, shortAddress(b), shortAddress(a), "✖️ Cancel"]);
    await h.tg.tapButton({ userId: USER, text: `Main wallet · ${shortAddress(c)}` });
    await h.tg.waitForCall("editMessageText", (p) => /Continue with 1 address/.test(JSON.stringify(p.reply_markup)));
    await h.tg.tapButton({ userId: USER, text: shortAddress(a) });
    await h.tg.waitForCall("editMessageText", (p) => /Continue with 2 addresses/.test(JSON.stringify(p.reply_markup)));
    expect(h.tg.buttons(USER).map((b) => b.text)).toEqual([`✓ Main wallet · ${shortAddress(c)}`, shortAddress(b), `✓ ${shortAddress(a)}`, "➡️ Continue with 2 addresses", "✖️ Cancel"]);
    await h.tg.tapButton({ userId: USER, text: /Continue with 2/ });
    await nextShown(h, /How much energy for each of the 2 addresses/);
    await h.tg.tapButton({ userId: USER, text: /65,000 · 1 USDT transfer/ });
    await nextShown(h, /For how long\? Energy for 2 addresses, <code>65,000<\/code>/);
    await h.tg.tapButton({ userId: USER, text: "1 day" });
    const card = text(await nextShown(h, /Preview: energy for 2 addresses/));
    expect(card).toContain(`1. Main wallet · <code>${shortAddress(c)}</code>`);
    expect(card).toContain(`2. <code>${shortAddress(a)}</code>`);
    const batchId = batchOnCard();
    const messageId = await cardMessage(batchId);

    await h.tg.tapButton({ userId: USER, text: /Cancel/ });
    await h.tg.waitForCall("editMessageText", (p) => p.message_id === messageId && p.text === "Cancelled. Nothing was ordered.");
    expect((await intentsOf(batchId)).map((r) => r.state)).toEqual(["cancelled", "cancelled"]);
    await h.tg.tap({ userId: USER, messageId, data: BatchCard.confirm.pack({ batch: batchId }) });
    await h.tg.waitForCall("answerCallbackQuery", (p) => p.text === "This batch was cancelled. Start again with /batch.");
    expect(h.sandbox.control.orderCount(accountId)).toBe(0);
  });

  it("/buy's address step offers Several addresses, which goes on to /batch in the same message", async () => {
    h = await startHarness();
    await h.givenUserWithKey(USER);
    await h.tg.sendText({ userId: USER, text: "/buy" });
    await nextShown(h, /What would you like to buy/);
    await h.tg.tapButton({ userId: USER, text: /Energy/ });
    const step = await nextShown(h, /TRON address that should receive ⚡ Energy/);
    expect(h.tg.buttons(USER).map((b) => b.text)).toEqual(["📋 Several addresses", "✖️ Cancel"]);
    await h.tg.tapButton({ userId: USER, text: "📋 Several addresses" });
    const batch = await nextShown(h, /Send the addresses, one per line/);
    expect(batch.method).toBe("editMessageText");
    expect(batch.payload.message_id).toBe((step.response as { result: { message_id: number } }).result.message_id);
    // the buy flow is gone: an address now is a line of the batch
    await h.tg.sendText({ userId: USER, text: [freshAddress(), freshAddress()].join("\n") });
    await nextShown(h, /How much energy for each of the 2 addresses/);
  });

  it("a balance short of the total: the card says what is missing, with Deposit and Refresh instead of Confirm", async () => {
    h = await startHarness();
    const { accountId } = await h.givenUserWithKey(USER, { trx: "12" });
    await h.tg.sendText({ userId: USER, text: "/batch\n" + [freshAddress(), freshAddress(), freshAddress()].join("\n") });
    await nextShown(h, /How much energy for each of the 3 addresses/);
    await h.tg.tapButton({ userId: USER, text: /65,000 · 1 USDT transfer/ });
    await nextShown(h, /For how long/);
    await h.tg.tapButton({ userId: USER, text: "1 hour" });
    const card = text(await nextShown(h, /Preview: energy for 3 addresses/));
    expect(card).toContain("Your balance: 12.00 TRX, missing 4.17 TRX for these orders");
    expect(card).toContain("top up at least <code>4.17 TRX</code>");
    expect(h.tg.buttons(USER).map((b) => b.text)).toEqual(["💳 Deposit", "🔄 Refresh", "✖️ Cancel"]);
    expect(h.sandbox.control.orderCount(accountId)).toBe(0);

    // topped up, Refresh quotes the same lines anew in place: new intents (new keys), the old card's cancelled
    const old = (await h.store.orders.listByUser(USER)).map((r) => r.intentId);
    h.sandbox.control.deposit(accountId, "10");
    await h.tg.tapButton({ userId: USER, text: "🔄 Refresh" });
    const fresh = text(await nextShown(h, /after these orders: 5\.83 TRX/));
    expect(fresh).toContain("<b>Total to pay:</b> <code>16.17 TRX</code>");
    const batchId = batchOnCard();
    const rows = await intentsOf(batchId);
    expect(rows.map((r) => r.state)).toEqual(["previewed", "previewed", "previewed"]);
    expect(rows.some((r) => old.includes(r.intentId))).toBe(false);
    expect((await Promise.all(old.map((id) => h.store.orders.get(id)))).map((r) => r!.state)).toEqual(["cancelled", "cancelled", "cancelled"]);
  });

  it("/cancel cancels an open batch card too: the card says so and its Confirm then places nothing", async () => {
    h = await startHarness();
    const { accountId } = await h.givenUserWithKey(USER);
    const { batchId } = await previewBatch([freshAddress(), freshAddress(), freshAddress()]);
    const messageId = await cardMessage(batchId);
    await h.tg.sendText({ userId: USER, text: "/cancel" });
    // the card says so at once
    await h.tg.waitForCall("editMessageText", (p) => p.message_id === messageId && p.text === "Cancelled. Nothing was ordered.");
    expect((await intentsOf(batchId)).map((r) => r.state)).toEqual(["cancelled", "cancelled", "cancelled"]);
    await h.tg.tap({ userId: USER, messageId, data: BatchCard.confirm.pack({ batch: batchId }) });
    await h.tg.waitForCall("answerCallbackQuery", (p) => p.text === "This batch was cancelled. Start again with /batch.");
    expect((await h.store.orderBatches.get(batchId))!.state).toBe("cancelled");
    expect(h.sandbox.control.orderCount(accountId)).toBe(0);
  });

  it("/addresses offers Several addresses under the list, which starts /batch in a message of its own", async () => {
    h = await startHarness();
    await h.givenUserWithKey(USER);
    const [a, b] = [freshAddress(), freshAddress()];
    await h.store.recentAddresses.remember(USER, a, 1_000);
    await h.store.recentAddresses.remember(USER, b, 2_000);
    await h.tg.sendText({ userId: USER, text: "/addresses" });
    await waitUntil(() => h.tg.buttons(USER).some((x) => x.text === "📋 Several addresses") || undefined);
    const listId = h.tg.lastBotMessage(USER)!.messageId;
    await h.tg.tapButton({ userId: USER, text: "📋 Several addresses" });
    const step = await nextShown(h, /Tap your saved addresses to tick them/);
    expect(step.method).toBe("sendMessage");
    expect(h.tg.buttons(USER).map((x) => x.text)).toEqual([shortAddress(b), shortAddress(a), "✖️ Cancel"]);
    // the list stays as it was
    expect(h.tg.buttons(USER, listId).map((x) => x.text)).toContain("📋 Several addresses");
  });
});
