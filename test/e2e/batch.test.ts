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
import { en, enPattern } from "../support/locale.js";

const USER = 3301;
/** The volume step for `count` addresses (no line with a volume of its own). */
const askVolume = (count: number) => enPattern("batch-ask-volume", { count, own: 0 });
const code = (value: string) => `<code>${value}</code>`;
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
  await nextShown(h, askVolume(3));
  await h.tg.tapButton({ userId: USER, text: /65,000 · 1 USDT transfer/ });
  await nextShown(h, enPattern("batch-ask-duration", { count: 3 }));
  await h.tg.tapButton({ userId: USER, text: "1 hour" });
  const card = text(await nextShown(h, enPattern("batch-preview-title", { count: 3 })));
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
    expect(card).toContain(en("batch-preview-total", { total: code("16.17 TRX") }));
    expect(card).toContain(en("batch-preview-balance", { balance: "1,000.00 TRX", after: "983.83 TRX" }));
    // one intent per line, each with its own Idempotency-Key, nothing placed yet
    const previewed = await intentsOf(batchId);
    expect(previewed.map((r) => r.state)).toEqual(["previewed", "previewed", "previewed"]);
    expect(new Set(previewed.map((r) => r.idempotencyKey)).size).toBe(3);
    expect(h.sandbox.control.orderCount(accountId)).toBe(0);

    const messageId = await cardMessage(batchId);
    await h.tg.tapButton({ userId: USER, text: en("batch-button-confirm", { count: 3 }) });
    const result = text(await h.tg.waitForCall("editMessageText", (p) => p.message_id === messageId && String(p.text).includes(en("batch-result-summary", { placed: 2, count: 3 }))));
    const rows = await intentsOf(batchId);
    expect(rows.map((r) => r.state)).toEqual(["placed", "placed", "rejected"]);
    expect(result).toContain(en("batch-result-placed", { n: 1, address: code(shortAddress(addresses[0]!)), volume: code("65,000"), total: code("5.39 TRX"), id: code(rows[0]!.orderId!) }));
    expect(result).toMatch(enPattern("batch-result-placed", { n: 2, address: code(shortAddress(addresses[1]!)) }));
    expect(result).toMatch(enPattern("batch-result-refused", { n: 3, address: code(shortAddress(addresses[2]!)), volume: code("65,000") }));
    expect(result).toMatch(enPattern("error-spend-limit-detail"));
    expect(h.sandbox.control.orderCount(accountId)).toBe(2);
    expect(charges(h, accountId)).toHaveLength(2);

    // a second tap on the same Confirm: nothing more is placed, the tap says so
    const answered = h.tg.callsOf("answerCallbackQuery").length;
    await h.tg.tap({ userId: USER, messageId, data: BatchCard.confirm.pack({ batch: batchId }) });
    await waitUntil(() => h.tg.callsOf("answerCallbackQuery").length > answered || undefined);
    expect(String(h.tg.callsOf("answerCallbackQuery").at(-1)!.payload.text)).toBe(en("batch-already-done"));
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
    await h.tg.waitForCall("answerCallbackQuery", (p) => p.text === en("batch-already-done"));
    expect(h.tg.callsOf("answerCallbackQuery").filter((c) => c.payload.text === en("batch-placing"))).toHaveLength(1);
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
    await h.tg.waitForCall("editMessageText", (p) => p.message_id === messageId && String(p.text).includes(en("batch-result-summary", { placed: 3, count: 3 })));
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
    const answer = text(await nextShown(h, enPattern("batch-bad-lines")));
    expect(answer).toContain(en("batch-bad-lines", { count: 4 }));
    expect(answer).toContain(en("batch-bad-address", { line: 2, text: broken }));
    expect(answer).toContain(en("batch-bad-duplicate", { line: 3, text: a }));
    expect(answer).toContain(en("batch-bad-volume-range", { line: 4, volume: "5,000", min: "32,000", max: "5,000,000" }));
    expect(answer).toMatch(enPattern("batch-bad-volume-unreadable", { line: 5, text: `${c} lots` }));
    expect(await h.store.orders.listByUser(USER)).toEqual([]);

    // the step waits: good lines now, each with its own volume, so no volume is asked
    await h.tg.sendText({ userId: USER, text: [`${a} 65k`, `${b} 131k`, `${c} 65 000`].join("\n") });
    await nextShown(h, enPattern("batch-ask-duration", { count: 3, volume: en("batch-volume-own") }));
    await h.tg.tapButton({ userId: USER, text: "1 hour" });
    const card = text(await nextShown(h, enPattern("batch-preview-title", { count: 3 })));
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
    await nextShown(h, enPattern("batch-ask-addresses"));
    expect(h.tg.buttons(USER).map((b) => b.text)).toEqual([`Main wallet · ${shortAddress(c)}`, shortAddress(b), shortAddress(a), en("button-cancel")]);
    await h.tg.tapButton({ userId: USER, text: `Main wallet · ${shortAddress(c)}` });
    await h.tg.waitForCall("editMessageText", (p) => JSON.stringify(p.reply_markup).includes(en("batch-button-continue", { count: 1 })));
    await h.tg.tapButton({ userId: USER, text: shortAddress(a) });
    await h.tg.waitForCall("editMessageText", (p) => JSON.stringify(p.reply_markup).includes(en("batch-button-continue", { count: 2 })));
    expect(h.tg.buttons(USER).map((b) => b.text)).toEqual([`✓ Main wallet · ${shortAddress(c)}`, shortAddress(b), `✓ ${shortAddress(a)}`, en("batch-button-continue", { count: 2 }), en("button-cancel")]);
    await h.tg.tapButton({ userId: USER, text: en("batch-button-continue", { count: 2 }) });
    await nextShown(h, askVolume(2));
    await h.tg.tapButton({ userId: USER, text: /65,000 · 1 USDT transfer/ });
    await nextShown(h, enPattern("batch-ask-duration", { count: 2, volume: code("65,000") }));
    await h.tg.tapButton({ userId: USER, text: "1 day" });
    const card = text(await nextShown(h, enPattern("batch-preview-title", { count: 2 })));
    expect(card).toContain(`1. Main wallet · <code>${shortAddress(c)}</code>`);
    expect(card).toContain(`2. <code>${shortAddress(a)}</code>`);
    const batchId = batchOnCard();
    const messageId = await cardMessage(batchId);

    await h.tg.tapButton({ userId: USER, text: /Cancel/ });
    await h.tg.waitForCall("editMessageText", (p) => p.message_id === messageId && p.text === en("batch-cancelled"));
    expect((await intentsOf(batchId)).map((r) => r.state)).toEqual(["cancelled", "cancelled"]);
    await h.tg.tap({ userId: USER, messageId, data: BatchCard.confirm.pack({ batch: batchId }) });
    await h.tg.waitForCall("answerCallbackQuery", (p) => p.text === en("batch-was-cancelled"));
    expect(h.sandbox.control.orderCount(accountId)).toBe(0);
  });

  it("/buy's address step offers Several addresses, which goes on to /batch in the same message", async () => {
    h = await startHarness();
    await h.givenUserWithKey(USER);
    await h.tg.sendText({ userId: USER, text: "/buy" });
    await nextShown(h, enPattern("buy-ask-resource"));
    await h.tg.tapButton({ userId: USER, text: /Energy/ });
    const step = await nextShown(h, enPattern("buy-ask-address", { resource: en("buy-resource-energy") }));
    expect(h.tg.buttons(USER).map((b) => b.text)).toEqual([en("batch-button-several"), en("button-cancel")]);
    await h.tg.tapButton({ userId: USER, text: en("batch-button-several") });
    const batch = await nextShown(h, enPattern("batch-ask-addresses-typed"));
    expect(batch.method).toBe("editMessageText");
    expect(batch.payload.message_id).toBe((step.response as { result: { message_id: number } }).result.message_id);
    // the buy flow is gone: an address now is a line of the batch
    await h.tg.sendText({ userId: USER, text: [freshAddress(), freshAddress()].join("\n") });
    await nextShown(h, askVolume(2));
  });

  it("a balance short of the total: the card says what is missing, with Deposit and Refresh instead of Confirm", async () => {
    h = await startHarness();
    const { accountId } = await h.givenUserWithKey(USER, { trx: "12" });
    await h.tg.sendText({ userId: USER, text: "/batch\n" + [freshAddress(), freshAddress(), freshAddress()].join("\n") });
    await nextShown(h, askVolume(3));
    await h.tg.tapButton({ userId: USER, text: /65,000 · 1 USDT transfer/ });
    await nextShown(h, enPattern("batch-ask-duration", { count: 3 }));
    await h.tg.tapButton({ userId: USER, text: "1 hour" });
    const card = text(await nextShown(h, enPattern("batch-preview-title", { count: 3 })));
    expect(card).toContain(en("batch-preview-balance-missing", { balance: "12.00 TRX", missing: "4.17 TRX" }));
    expect(card).toContain(en("batch-preview-short", { shortfall: code("4.17 TRX") }));
    expect(h.tg.buttons(USER).map((b) => b.text)).toEqual([en("button-deposit"), en("buy-button-refresh-preview"), en("button-cancel")]);
    expect(h.sandbox.control.orderCount(accountId)).toBe(0);

    // topped up, Refresh quotes the same lines anew in place: new intents (new keys), the old card's cancelled
    const old = (await h.store.orders.listByUser(USER)).map((r) => r.intentId);
    h.sandbox.control.deposit(accountId, "10");
    await h.tg.tapButton({ userId: USER, text: en("buy-button-refresh-preview") });
    const fresh = text(await nextShown(h, enPattern("batch-preview-balance", { after: "5.83 TRX" })));
    expect(fresh).toContain(en("batch-preview-total", { total: code("16.17 TRX") }));
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
    await h.tg.waitForCall("editMessageText", (p) => p.message_id === messageId && p.text === en("batch-cancelled"));
    expect((await intentsOf(batchId)).map((r) => r.state)).toEqual(["cancelled", "cancelled", "cancelled"]);
    await h.tg.tap({ userId: USER, messageId, data: BatchCard.confirm.pack({ batch: batchId }) });
    await h.tg.waitForCall("answerCallbackQuery", (p) => p.text === en("batch-was-cancelled"));
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
    await waitUntil(() => h.tg.buttons(USER).some((x) => x.text === en("batch-button-several")) || undefined);
    const listId = h.tg.lastBotMessage(USER)!.messageId;
    await h.tg.tapButton({ userId: USER, text: en("batch-button-several") });
    const step = await nextShown(h, enPattern("batch-ask-addresses"));
    expect(step.method).toBe("sendMessage");
    expect(h.tg.buttons(USER).map((x) => x.text)).toEqual([shortAddress(b), shortAddress(a), en("button-cancel")]);
    // the list stays as it was
    expect(h.tg.buttons(USER, listId).map((x) => x.text)).toContain(en("batch-button-several"));
  });
});
