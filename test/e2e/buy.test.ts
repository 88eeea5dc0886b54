import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../support/harness.js";
import { trxToSun } from "../../src/tron/amounts.js";
import { BuyCard, BuyStep } from "../../src/bot/features/buy/callbacks.js";
import { en, enAny, enPattern, tr } from "../support/locale.js";
import { waitUntil } from "../support/wait.js";
import { cardMessageId, charges, confirm, confirmData, freshAddress, intentIdOnCard, nextShown, previewByOneLiner, text } from "./buy-support.js";

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.stop();
});

const USER = 2001;
/** The steps and cards of /buy, by their texts (any resource, address or figures). */
const askAddress = enPattern("buy-ask-address", { resource: en("buy-resource-energy") });
const askVolume = enAny("buy-ask-volume", "buy-ask-volume-presets", "buy-ask-volume-priced");
const askDuration = enPattern("buy-ask-duration");
const previewShown = enPattern("buy-preview-total");
const statusShown = enPattern("order-card-status");
const volumeLine = (volume: string, duration: string) => en("buy-preview-volume", { volume: `<code>${volume}</code>`, duration });

describe("/buy step by step", () => {
  it("energy: resource → address (with its resources) → preset volume → duration → preview → one order", async () => {
    const { accountId } = await h.givenUserWithKey(USER, { trx: "1000" });
    const address = freshAddress();
    h.sandbox.control.setAddress(address, { activated: false, energyLimit: 0n });

    await h.tg.sendText({ userId: USER, text: "/buy" });
    await nextShown(h, enPattern("buy-ask-resource"));
    expect(h.tg.buttons(USER).map((b) => b.text)).toEqual([en("buy-resource-energy"), en("buy-resource-bandwidth"), en("button-cancel")]);
    await h.tg.tapButton({ userId: USER, text: /Energy/ });
    await nextShown(h, askAddress);

    await h.tg.sendText({ userId: USER, text: address });
    const volumeStep = await nextShown(h, askVolume);
    expect(text(volumeStep)).toContain(
      en("buy-address-info", { address: `<code>${address}</code>`, energyLimit: 0, bandwidthLimit: 600, bandwidth: "600", bandwidthLimitText: "600", activation: en("buy-address-not-activated") }),
    );
    expect(text(volumeStep)).toMatch(enPattern("buy-ask-volume-presets", { min: "32,000", max: "5,000,000" }));
    // USDT-transfer presets × 1 hour / 1 day, each with its total (activation included: the address is new)
    const presets = h.tg.buttons(USER).map((b) => b.text);
    expect(presets).toEqual([
      "1 transfer · 1 hour · 5.39 TRX",
      "1 transfer · 1 day · 6.46 TRX",
      "2 transfers · 1 hour · 9.68 TRX",
      "2 transfers · 1 day · 11.83 TRX",
      "1 transfer to an address without USDT · 1 hour · 9.75 TRX",
      "1 transfer to an address without USDT · 1 day · 11.91 TRX",
      "✖️ Cancel",
    ]);

    // a preset answers the volume and the duration at once
    await h.tg.tapButton({ userId: USER, text: "1 transfer · 1 day · 6.46 TRX" });

    // 65,000 × 75 SUN = 4.875 TRX + 10 % commission; 1.1 TRX activation; burning would cost 6.5 TRX.
    const card = text(await nextShown(h, previewShown));
    expect(card).toContain(en("buy-preview-address", { address: `<code>${address}</code>` }));
    expect(card).toContain(volumeLine("65,000", "1 day"));
    expect(card).toContain(en("buy-preview-price", { price: "<code>5.36 TRX</code>" }));
    expect(card).toContain(en("buy-preview-breakdown", { base: "4.88 TRX", commission: "0.49 TRX" }));
    expect(card).toContain(en("buy-preview-activation", { fee: "<code>1.10 TRX</code>" }));
    expect(card).toContain(en("buy-preview-burn", { burn: "6.50 TRX", savings: "17%" }));
    expect(card).toContain(en("buy-preview-total", { total: "<code>6.46 TRX</code>" }));
    expect(card).toContain(en("buy-preview-balance", { balance: "1,000.00 TRX", after: "993.54 TRX" }));
    const intentId = intentIdOnCard(h, USER);
    expect(await h.store.orders.get(intentId)).toMatchObject({ state: "previewed", resource: "energy", volume: "65000", duration: "1d" });
    // the whole flow, card included, is one message
    const sent = h.tg.callsOf("sendMessage");
    expect(sent).toHaveLength(1);
    expect(await cardMessageId(h, intentId)).toBe((sent[0]!.response as { result: { message_id: number } }).result.message_id);
    expect(h.sandbox.control.orderCount(accountId)).toBe(0);

    const placed = text(await confirm(h, USER, intentId, statusShown));
    const row = (await h.store.orders.get(intentId))!;
    expect(row).toMatchObject({ state: "placed", status: "Created", totalTrx: "6.462500" });
    expect(placed).toContain(`<code>${row.orderId}</code>`);
    expect(placed).toContain(en("order-status-created"));
    expect(placed).toContain(en("order-card-total", { total: "<code>6.46 TRX</code>" }));
    expect(h.sandbox.control.orderCount(accountId)).toBe(1);
    expect(charges(h, accountId).map((c) => c.sun)).toEqual([trxToSun("6.4625")]);
    expect(await h.store.recentAddresses.list(USER)).toEqual([address]);
  });

  it("bandwidth: typed volume, bad address and out-of-range volume are answered and the step waits", async () => {
    const { accountId } = await h.givenUserWithKey(USER);
    const address = freshAddress();
    await h.store.recentAddresses.remember(USER, address);

    await h.tg.sendText({ userId: USER, text: "/buy" });
    await nextShown(h, enPattern("buy-ask-resource"));
    await h.tg.tapButton({ userId: USER, text: /Bandwidth/ });
    await nextShown(h, enPattern("buy-ask-address-recent"));
    const broken = address.slice(0, -1) + (address.endsWith("a") ? "b" : "a");
    await h.tg.sendText({ userId: USER, text: broken });
    const retried = await nextShown(h, enPattern("buy-address-invalid"));
    expect(retried.method).toBe("editMessageText");
    expect(text(retried)).toContain(broken);
    expect(text(retried)).toMatch(enPattern("buy-ask-address-recent"));
    await h.tg.tapButton({ userId: USER, text: `${address.slice(0, 6)}…${address.slice(-4)}` });

    await nextShown(h, enPattern("buy-ask-volume-priced", { resource: en("buy-resource-bandwidth") }));
    // priced presets, as for energy (issue 30): each amount for 1 hour and 1 day, with its total
    const presets = h.tg.buttons(USER).map((b) => b.text);
    expect(presets.slice(0, -1).map((b) => b.replace(/ · [\d.]+ TRX$/, ""))).toEqual([
      "1,035 · 1 hour",
      "1,035 · 1 day",
      "1,725 · 1 hour",
      "1,725 · 1 day",
      "3,450 · 1 hour",
      "3,450 · 1 day",
    ]);
    expect(presets.slice(0, -1).every((b) => / · \d+\.\d{2} TRX$/.test(b))).toBe(true);
    expect(presets.at(-1)).toBe(en("button-cancel"));
    await h.tg.sendText({ userId: USER, text: "10" });
    await nextShown(h, enPattern("buy-volume-out-of-range", { volume: "10", min: "1,000", max: "1,000,000" }));
    await h.tg.sendText({ userId: USER, text: "lots" });
    await nextShown(h, enPattern("buy-volume-unreadable", { text: "lots" }));
    await h.tg.sendText({ userId: USER, text: "1.5k" });
    await nextShown(h, askDuration);
    expect(h.tg.buttons(USER).map((b) => b.text)).toEqual(["1 hour", "1 day", en("button-cancel")]);
    expect(h.tg.callsOf("sendMessage").filter((c) => c.payload.chat_id === USER)).toHaveLength(1);
    await h.tg.tapButton({ userId: USER, text: "1 hour" });

    const card = text(await nextShown(h, previewShown));
    expect(card).toContain(volumeLine("1,500", "1 hour"));
    expect(card).not.toMatch(enPattern("buy-preview-burn"));
    const intentId = intentIdOnCard(h, USER);
    await confirm(h, USER, intentId, statusShown);
    expect(await h.store.orders.get(intentId)).toMatchObject({ state: "placed", resource: "bandwidth", volume: "1500", duration: "1h" });
    expect(h.sandbox.control.orderCount(accountId)).toBe(1);
  });

  it("the checker being down is said in one line and the flow goes on", async () => {
    await h.givenUserWithKey(USER);
    h.sandbox.control.setCheckerAvailable(false);
    await h.tg.sendText({ userId: USER, text: `/buy energy ${freshAddress()}` });
    expect(text(await nextShown(h, askVolume))).toContain(en("buy-address-unchecked"));
  });

  it("Cancel on every step ends the flow in its own message: the buttons go and nothing is ordered", async () => {
    await h.givenUserWithKey(USER);
    const address = freshAddress();
    const prompts = [enPattern("buy-ask-resource"), enPattern("buy-ask-address"), askVolume, askDuration];
    const answers = [
      () => h.tg.tapButton({ userId: USER, text: /Energy/ }),
      () => h.tg.sendText({ userId: USER, text: address }),
      () => h.tg.sendText({ userId: USER, text: "65k" }),
    ];
    for (let step = 0; step < prompts.length; step++) {
      await h.tg.sendText({ userId: USER, text: "/buy" });
      const first = await h.tg.waitForCall("sendMessage", (p) => prompts[0]!.test(String(p.text)));
      const messageId = (first.response as { result: { message_id: number } }).result.message_id;
      for (let i = 0; i < step; i++) {
        await answers[i]!();
        await h.tg.waitForCall("editMessageText", (p) => p.message_id === messageId && prompts[i + 1]!.test(String(p.text)));
      }
      await h.tg.tapButton({ userId: USER, messageId, text: /Cancel/ });
      await h.tg.waitForCall("editMessageText", (p) => p.message_id === messageId && String(p.text) === en("cancel-done"));
      expect(h.tg.buttons(USER, messageId)).toEqual([]);
    }
    // the flow is over: an address now is not an answer to it
    await h.tg.sendText({ userId: USER, text: address });
    await h.tg.waitForCall("sendMessage", (p) => !askVolume.test(String(p.text)) && !askDuration.test(String(p.text)));
    expect(await h.store.orders.listByUser(USER)).toEqual([]);
  });

  it("Change asks which answer to change, re-asks only that one (old choice marked) and previews anew with the others kept", async () => {
    const { accountId } = await h.givenUserWithKey(USER);
    const address = freshAddress();
    const first = await previewByOneLiner(h, USER, `energy ${address} 65k 1h`);
    const cardId = await cardMessageId(h, first.intentId);
    const onCard = (pattern: RegExp) => h.tg.waitForCall("editMessageText", (p) => p.message_id === cardId && pattern.test(String(p.text)));

    await h.tg.tapButton({ userId: USER, text: /Change/ });
    await onCard(enPattern("change-ask"));
    expect(h.tg.buttons(USER).map((b) => b.text)).toEqual(["buy-change-resource", "buy-change-address", "buy-change-volume", "buy-change-duration", "button-back", "button-cancel"].map((key) => en(key)));
    await h.tg.tapButton({ userId: USER, text: en("buy-change-volume") });
    await onCard(askVolume);
    expect((await h.store.orders.get(first.intentId))!.state).toBe("cancelled");
    expect(h.tg.buttons(USER)[0]!.text).toMatch(/^✓ 1 transfer · 1 hour · /);
    await h.tg.tapButton({ userId: USER, text: /^1 transfer to an address without USDT · 1 hour/ });
    const changed = text(await onCard(previewShown));
    expect(changed).toContain(en("buy-preview-address", { address: `<code>${address}</code>` }));
    expect(changed).toContain(volumeLine("131,000", "1 hour"));
    const second = intentIdOnCard(h, USER);
    expect(second).not.toBe(first.intentId);
    expect(await h.store.orders.get(second)).toMatchObject({ state: "previewed", resource: "energy", targetAddress: address, volume: "131000", duration: "1h" });
    expect(await cardMessageId(h, second)).toBe(cardId);

    // another step: only the duration is asked, marked with the current one
    await h.tg.tapButton({ userId: USER, text: /Change/ });
    await onCard(enPattern("change-ask"));
    await h.tg.tapButton({ userId: USER, text: en("buy-change-duration") });
    await onCard(askDuration);
    expect(h.tg.buttons(USER)[0]!.text).toBe("✓ 1 hour");
    await h.tg.tapButton({ userId: USER, text: "3 days" });
    expect(text(await onCard(previewShown))).toContain(volumeLine("131,000", "3 days"));
    const third = intentIdOnCard(h, USER);
    expect(await h.store.orders.get(third)).toMatchObject({ resource: "energy", targetAddress: address, volume: "131000", duration: "3d" });
    expect(h.tg.callsOf("sendMessage").filter((c) => c.payload.chat_id === USER)).toHaveLength(1);

    await h.tg.tapButton({ userId: USER, text: /Cancel/ });
    await onCard(enPattern("buy-cancelled"));
    expect((await h.store.orders.get(third))!.state).toBe("cancelled");
    await h.tg.tap({ userId: USER, messageId: cardId, data: confirmData(third) });
    await h.tg.waitForCall("answerCallbackQuery", (p) => p.text === en("buy-intent-cancelled"));
    expect(h.sandbox.control.orderCount(accountId)).toBe(0);
  });

  it("Change → Resource keeps the answers that still fit and asks again for one that does not", async () => {
    await h.givenUserWithKey(USER);
    const address = freshAddress();
    const first = await previewByOneLiner(h, USER, `energy ${address} 65k 3d`);
    const cardId = await cardMessageId(h, first.intentId);
    await h.tg.tapButton({ userId: USER, text: /Change/ });
    await h.tg.waitForCall("editMessageText", (p) => p.message_id === cardId && enPattern("change-ask").test(String(p.text)));
    await h.tg.tapButton({ userId: USER, text: en("buy-change-resource") });
    await h.tg.waitForCall("editMessageText", (p) => p.message_id === cardId && enPattern("buy-ask-resource").test(String(p.text)));
    expect(h.tg.buttons(USER).map((b) => b.text)).toEqual([`✓ ${en("buy-resource-energy")}`, en("buy-resource-bandwidth"), en("button-cancel")]);
    await h.tg.tapButton({ userId: USER, text: /Bandwidth/ });
    // bandwidth is not sold for 3 days: that answer is asked again; the address and volume stay
    await h.tg.waitForCall("editMessageText", (p) => p.message_id === cardId && askDuration.test(String(p.text)));
    expect(h.tg.buttons(USER).map((b) => b.text)).toEqual(["1 hour", "1 day", en("button-cancel")]);
    await h.tg.tapButton({ userId: USER, text: "1 day" });
    await h.tg.waitForCall("editMessageText", (p) => p.message_id === cardId && previewShown.test(String(p.text)));
    expect(await h.store.orders.get(intentIdOnCard(h, USER))).toMatchObject({ resource: "bandwidth", targetAddress: address, volume: "65000", duration: "1d" });
  });

  it("/cancel with a preview open cancels it: the card says so and its Confirm places nothing", async () => {
    const { accountId } = await h.givenUserWithKey(USER);
    const { intentId } = await previewByOneLiner(h, USER, `energy ${freshAddress()} 65k 1h`);
    const messageId = await cardMessageId(h, intentId);
    await h.tg.sendText({ userId: USER, text: "/cancel" });
    await h.tg.waitForCall("editMessageText", (p) => p.message_id === messageId && enPattern("buy-cancelled").test(String(p.text)));
    await h.tg.waitForCall("sendMessage", (p) => p.text === en("cancel-done"));
    expect((await h.store.orders.get(intentId))!.state).toBe("cancelled");
    expect(h.tg.buttons(USER, messageId)).toEqual([]);

    // the Confirm of that card (a late delivery, or data kept from before) answers "cancelled"
    await h.tg.tap({ userId: USER, messageId, data: confirmData(intentId) });
    await h.tg.waitForCall("answerCallbackQuery", (p) => p.text === en("buy-intent-cancelled"));
    expect((await h.store.orders.get(intentId))!.state).toBe("cancelled");
    expect(h.sandbox.control.orderCount(accountId)).toBe(0);
  });

  it("a Confirm copied from the private chat and tapped in a group does nothing there", async () => {
    const GROUP = -2001;
    const { accountId } = await h.givenUserWithKey(USER);
    const { intentId } = await previewByOneLiner(h, USER, `energy ${freshAddress()} 65k 1h`);
    const { messageId } = await h.tg.sendText({ userId: USER, chatId: GROUP, chatType: "group", text: "look at this" });
    const toGroup = () => h.tg.calls.filter((c) => c.payload.chat_id === GROUP && c.method !== "getUpdates");
    const before = toGroup().length;
    for (const data of [confirmData(intentId), BuyCard.change.pack({ intent: intentId })]) {
      await h.tg.tap({ userId: USER, chatId: GROUP, messageId, data });
      await h.tg.waitForCall("answerCallbackQuery", (p) => p.text === en("private-only-button"));
    }
    // a step's button is public (the flow also runs in a team desk's group): outside an open flow it answers nothing
    await h.tg.tap({ userId: USER, chatId: GROUP, messageId, data: BuyStep.resource.pack({ resource: "energy" }) });
    await h.tg.waitForCall("answerCallbackQuery", (p) => p.text === en("fallback-button"));
    expect(toGroup()).toHaveLength(before);
    expect((await h.store.orders.get(intentId))!.state).toBe("previewed");
    expect(h.sandbox.control.orderCount(accountId)).toBe(0);
  });

  it("/cancel leaves the flow: its message keeps no buttons, and a later address is not taken as an answer", async () => {
    await h.givenUserWithKey(USER);
    await h.tg.sendText({ userId: USER, text: "/buy energy" });
    const step = await nextShown(h, enPattern("buy-ask-address"));
    const stepId = (step.response as { result: { message_id: number } }).result.message_id;
    expect(h.tg.buttons(USER, stepId).map((b) => b.text)).toContain(en("button-cancel"));
    await h.tg.sendText({ userId: USER, text: "/cancel" });
    await h.tg.waitForCall("sendMessage", (p) => p.text === en("cancel-done"));
    expect(h.tg.buttons(USER, stepId)).toEqual([]);
    // answered once: not also by the fallback for messages nobody handled
    expect(h.tg.callsOf("sendMessage").filter((c) => /\/help/.test(String(c.payload.text)))).toEqual([]);
    await h.tg.sendText({ userId: USER, text: freshAddress() });
    const next = text(await h.tg.waitForCall("sendMessage"));
    expect(next).not.toMatch(askVolume);
    expect(await h.store.orders.listByUser(USER)).toEqual([]);
  });

  it("kept in the store, not a conversation (ru): a restart between two steps goes on where it was, in the same message", async () => {
    await h.givenUserWithKey(USER);
    const ru = (key: string, variables = {}) => enPattern(key, variables, "ru");
    const address = freshAddress();
    await h.tg.sendText({ userId: USER, text: "/buy", languageCode: "ru" });
    const first = await nextShown(h, ru("buy-ask-resource"));
    const messageId = (first.response as { result: { message_id: number } }).result.message_id;
    await h.tg.tapButton({ userId: USER, text: tr("ru", "buy-resource-energy"), languageCode: "ru" });
    await nextShown(h, ru("buy-ask-address", { resource: tr("ru", "buy-resource-energy") }));
    // the step asked and the answers so far are the prompt's state; no conversation holds the flow
    await waitUntil(async () => ((await h.store.prompts.read(String(USER)))?.state as { step?: string } | undefined)?.step === "address");
    expect(await h.store.prompts.read(String(USER))).toMatchObject({ id: "buy", messageId, state: { answers: { resource: "energy" } } });
    expect(JSON.stringify((await h.store.conversations.read(String(USER))) ?? null)).not.toContain("buy");

    await h.restart();
    await h.tg.sendText({ userId: USER, text: address, languageCode: "ru" });
    const volume = await h.tg.waitForCall("editMessageText", (p) => p.message_id === messageId && ru("buy-ask-volume-presets").test(String(p.text)));
    expect(text(volume)).toContain(address);
    await h.tg.sendText({ userId: USER, text: "65k", languageCode: "ru" });
    await h.tg.waitForCall("editMessageText", (p) => p.message_id === messageId && ru("buy-ask-duration").test(String(p.text)));
    await h.tg.tapButton({ userId: USER, text: h.tg.buttons(USER, messageId)[0]!.text, languageCode: "ru" });
    const card = await h.tg.waitForCall("editMessageText", (p) => p.message_id === messageId && ru("buy-preview-total").test(String(p.text)));
    expect(text(card)).toMatch(ru("buy-preview-title", { resource: tr("ru", "buy-resource-energy") }));
    expect(await h.store.orders.get(intentIdOnCard(h, USER))).toMatchObject({ state: "previewed", targetAddress: address, volume: "65000", duration: "1h" });
    // done: the prompt is closed, and the whole flow was one message
    await waitUntil(async () => (await h.store.prompts.read(String(USER))) === undefined);
    expect(h.tg.callsOf("sendMessage").filter((c) => c.payload.chat_id === USER)).toHaveLength(1);
  });

  it("a step that takes buttons only (zh): typed text gets the hint and the step waits; a tap on an older step's message is read against the step asked now", async () => {
    await h.givenUserWithKey(USER);
    const zh = (key: string, variables = {}) => enPattern(key, variables, "zh");
    await h.tg.sendText({ userId: USER, text: "/buy", languageCode: "zh" });
    const first = await nextShown(h, zh("buy-ask-resource"));
    const messageId = (first.response as { result: { message_id: number } }).result.message_id;
    await h.tg.sendText({ userId: USER, text: "energy", languageCode: "zh" });
    expect(text(await h.tg.waitForCall("sendMessage", (p) => p.chat_id === USER && p.text === tr("zh", "conversation-use-buttons")))).toBe(tr("zh", "conversation-use-buttons"));
    expect(((await h.store.prompts.read(String(USER)))?.state as { step: string }).step).toBe("resource");
    await h.tg.tapButton({ userId: USER, messageId, text: tr("zh", "buy-resource-bandwidth"), languageCode: "zh" });
    await h.tg.waitForCall("editMessageText", (p) => p.message_id === messageId && zh("buy-ask-address", { resource: tr("zh", "buy-resource-bandwidth") }).test(String(p.text)));
    // the resource button again (a double tap): not an answer to the address step, which waits on
    await h.tg.tap({ userId: USER, messageId, data: BuyStep.resource.pack({ resource: "energy" }), languageCode: "zh" });
    await h.tg.waitForCall("answerCallbackQuery", (p) => p.text === tr("zh", "fallback-button"));
    expect(await h.store.prompts.read(String(USER))).toMatchObject({ state: { step: "address", answers: { resource: "bandwidth" } } });
  });

  it("a /buy prompt written with another shape of its state (an older release) is forgotten, not misread: the address goes its usual way", async () => {
    await h.givenUserWithKey(USER);
    const address = freshAddress();
    await h.store.prompts.write(String(USER), { id: "buy", messageId: 1, question: { text: "?", keyboard: [] }, state: { step: "volume", answers: {} } });
    await h.tg.sendText({ userId: USER, text: address });
    expect(text(await h.tg.waitForCall("sendMessage"))).toMatch(enPattern("address-detected"));
    expect(await h.store.prompts.read(String(USER))).toBeUndefined();
    expect(await h.store.orders.listByUser(USER)).toEqual([]);
  });

  it("without a key /buy asks for one", async () => {
    await h.tg.sendText({ userId: USER, text: "/buy" });
    expect(text(await h.tg.waitForCall("sendMessage"))).toBe(en("error-no-key"));
  });
});

describe("/buy one-liner", () => {
  it("goes straight to the preview for energy and for bandwidth, reading 131 000 and 2k", async () => {
    const { accountId } = await h.givenUserWithKey(USER);
    const address = freshAddress();
    const energy = await previewByOneLiner(h, USER, `energy ${address} 131 000 1d`);
    expect(text(energy.card)).toContain(volumeLine("131,000", "1 day"));
    await confirm(h, USER, energy.intentId, statusShown);
    h.sandbox.control.setAddress(address, { activated: true });
    const bandwidth = await previewByOneLiner(h, USER, `Bandwidth ${address} 2k 24h`);
    expect(text(bandwidth.card)).toContain(volumeLine("2,000", "1 day"));
    expect(text(bandwidth.card)).not.toMatch(enPattern("buy-preview-activation"));
    await confirm(h, USER, bandwidth.intentId, statusShown);
    expect(h.sandbox.control.orderCount(accountId)).toBe(2);
    expect(await h.store.orders.get(bandwidth.intentId)).toMatchObject({ resource: "bandwidth", volume: "2000", duration: "1d", state: "placed" });
  });

  it("answers each bad part with what is allowed and places nothing", async () => {
    const { accountId } = await h.givenUserWithKey(USER);
    const address = freshAddress();
    const corrupted = address.slice(0, -1) + (address.endsWith("1") ? "2" : "1"); // one character changed: checksum breaks
    // the reason, then the step it is about, asked with its buttons (never a dead end)
    const cases: Array<[string, RegExp, RegExp]> = [
      [`water ${address} 65k 1d`, enPattern("buy-resource-unknown", { value: "water" }), enPattern("buy-ask-resource")],
      [`energy TNotAnAddress 65k 1d`, enPattern("buy-address-invalid", { text: "TNotAnAddress" }), askAddress],
      [`energy ${corrupted} 65k 1d`, enPattern("buy-address-invalid"), askAddress],
      [`${corrupted} 2`, enPattern("buy-address-invalid"), askAddress],
      [`energy ${address} 10 1d`, enPattern("buy-volume-out-of-range", { volume: "10", min: "32,000", max: "5,000,000" }), askVolume],
      [`energy ${address} 6m 1d`, enPattern("buy-volume-out-of-range", { volume: "6,000,000" }), askVolume],
      [`energy ${address} much 1d`, enPattern("buy-volume-unreadable", { text: "much" }), askVolume],
      [`energy ${address} 65k 2w`, enPattern("buy-duration-unknown", { value: "2w", allowed: "1 hour, 1 day, 3 days, 7 days, 14 days, and 30 days" }), askDuration],
      [`bandwidth ${address} 2k 3d`, enPattern("buy-duration-unknown", { value: "3d", allowed: "1 hour and 1 day" }), askDuration],
    ];
    for (const [args, reason, step] of cases) {
      await h.tg.sendText({ userId: USER, text: `/buy ${args}` });
      await h.tg.waitForCall("sendMessage", (p) => reason.test(String(p.text)));
      await nextShown(h, step);
      // choices to tap (the address step has none before a first purchase: the address is typed)
      if (step !== askAddress) expect(h.tg.buttons(USER).length).toBeGreaterThan(1);
      await h.tg.tapButton({ userId: USER, text: /Cancel/ });
      await nextShown(h, enPattern("cancel-done"));
    }
    // durations are offered in words, never as raw codes
    expect(h.tg.calls.filter((c) => /<code>1h<\/code>|\(1h\)/.test(String(c.payload.text)))).toEqual([]);
    expect(await h.store.orders.listByUser(USER)).toEqual([]);
    expect(h.sandbox.control.orderCount(accountId)).toBe(0);
  });

  it("a partial one-liner starts the flow at the first missing step", async () => {
    await h.givenUserWithKey(USER);
    await h.tg.sendText({ userId: USER, text: `/buy energy ${freshAddress()} 65k` });
    await nextShown(h, enPattern("buy-ask-duration", { resource: en("buy-resource-energy"), volume: "<code>65,000</code>" }));
  });

  it("the buy.for:<address> button (⚡ Buy energy) starts energy with the address filled in", async () => {
    await h.givenUserWithKey(USER);
    const address = freshAddress();
    const { messageId } = await h.tg.sendText({ userId: USER, text: "hello" });
    await h.tg.waitForCall("sendMessage");
    await h.tg.injectUpdate({
      callback_query: {
        id: "cq-buy-for",
        from: { id: USER, is_bot: false, first_name: "T" },
        chat_instance: "1",
        message: { message_id: messageId, date: 0, chat: { id: USER, type: "private", first_name: "T" }, text: "x" },
        data: `buy.for:${address}`,
      },
    });
    // straight to energy's volume step: the button says energy
    const shown = text(await nextShown(h, enAny("buy-ask-volume", "buy-ask-volume-presets", "buy-ask-volume-priced", "buy-ask-resource")));
    expect(shown).toMatch(enPattern("buy-ask-volume-presets", { resource: en("buy-resource-energy") }));
    expect(shown).toContain(address.slice(0, 6));
  });
});
