import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../support/harness.js";
import { trxToSun } from "../../src/tron/amounts.js";
import { BuyCard, BuyStep } from "../../src/bot/features/buy/callbacks.js";
import { cardMessageId, charges, confirm, confirmData, freshAddress, intentIdOnCard, nextShown, previewByOneLiner, text } from "./buy-support.js";

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.stop();
});

const USER = 2001;

describe("/buy step by step", () => {
  it("energy: resource → address (with its resources) → preset volume → duration → preview → one order", async () => {
    const { accountId } = await h.givenUserWithKey(USER, { trx: "1000" });
    const address = freshAddress();
    h.sandbox.control.setAddress(address, { activated: false, energyLimit: 0n });

    await h.tg.sendText({ userId: USER, text: "/buy" });
    await nextShown(h, /What would you like to buy/);
    expect(h.tg.buttons(USER).map((b) => b.text)).toEqual(["⚡ Energy", "📶 Bandwidth", "✖️ Cancel"]);
    await h.tg.tapButton({ userId: USER, text: /Energy/ });
    await nextShown(h, /TRON address that should receive ⚡ Energy/);

    await h.tg.sendText({ userId: USER, text: address });
    const volumeStep = await nextShown(h, /How much/);
    expect(text(volumeStep)).toContain(`<code>${address}</code> has no energy and 600 of 600 bandwidth`);
    expect(text(volumeStep)).toContain("not activated yet");
    expect(text(volumeStep)).toContain("Allowed: 32,000 to 5,000,000");
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
    const card = text(await nextShown(h, /Total to pay/));
    expect(card).toContain(`Address: <code>${address}</code>`);
    expect(card).toContain("Volume: <code>65,000</code> for 1 day");
    expect(card).toContain("Price: <code>5.36 TRX</code>");
    expect(card).toContain("(base cost 4.88 TRX + commission 0.49 TRX)");
    expect(card).toContain("Address activation fee: <code>1.10 TRX</code>");
    expect(card).toContain("would cost 6.50 TRX: you save 17%");
    expect(card).toContain("<b>Total to pay:</b> <code>6.46 TRX</code>");
    expect(card).toContain("Your balance: 1,000.00 TRX → after this order: 993.54 TRX");
    const intentId = intentIdOnCard(h, USER);
    expect(await h.store.orders.get(intentId)).toMatchObject({ state: "previewed", resource: "energy", volume: "65000", duration: "1d" });
    // the whole flow, card included, is one message
    const sent = h.tg.callsOf("sendMessage");
    expect(sent).toHaveLength(1);
    expect(await cardMessageId(h, intentId)).toBe((sent[0]!.response as { result: { message_id: number } }).result.message_id);
    expect(h.sandbox.control.orderCount(accountId)).toBe(0);

    const placed = text(await confirm(h, USER, intentId, /Status/));
    const row = (await h.store.orders.get(intentId))!;
    expect(row).toMatchObject({ state: "placed", status: "Created", totalTrx: "6.462500" });
    expect(placed).toContain(`<code>${row.orderId}</code>`);
    expect(placed).toContain("Created, being delivered");
    expect(placed).toContain("Total charged: <code>6.46 TRX</code>");
    expect(h.sandbox.control.orderCount(accountId)).toBe(1);
    expect(charges(h, accountId).map((c) => c.sun)).toEqual([trxToSun("6.4625")]);
    expect(await h.store.recentAddresses.list(USER)).toEqual([address]);
  });

  it("bandwidth: typed volume, bad address and out-of-range volume are answered and the step waits", async () => {
    const { accountId } = await h.givenUserWithKey(USER);
    const address = freshAddress();
    await h.store.recentAddresses.remember(USER, address);

    await h.tg.sendText({ userId: USER, text: "/buy" });
    await nextShown(h, /What would you like to buy/);
    await h.tg.tapButton({ userId: USER, text: /Bandwidth/ });
    await nextShown(h, /pick a recent one/);
    const broken = address.slice(0, -1) + (address.endsWith("a") ? "b" : "a");
    await h.tg.sendText({ userId: USER, text: broken });
    const retried = await nextShown(h, /not a valid TRON address/);
    expect(retried.method).toBe("editMessageText");
    expect(text(retried)).toContain(broken);
    expect(text(retried)).toContain("pick a recent one");
    await h.tg.tapButton({ userId: USER, text: `${address.slice(0, 6)}…${address.slice(-4)}` });

    await nextShown(h, /How much 📶 Bandwidth/);
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
    expect(presets.at(-1)).toBe("✖️ Cancel");
    await h.tg.sendText({ userId: USER, text: "10" });
    expect(text(await nextShown(h, /outside the allowed range/))).toContain("from 1,000 to 1,000,000");
    await h.tg.sendText({ userId: USER, text: "lots" });
    await nextShown(h, /could not read “lots”/);
    await h.tg.sendText({ userId: USER, text: "1.5k" });
    await nextShown(h, /For how long/);
    expect(h.tg.buttons(USER).map((b) => b.text)).toEqual(["1 hour", "1 day", "✖️ Cancel"]);
    expect(h.tg.callsOf("sendMessage").filter((c) => c.payload.chat_id === USER)).toHaveLength(1);
    await h.tg.tapButton({ userId: USER, text: "1 hour" });

    const card = text(await nextShown(h, /Total to pay/));
    expect(card).toContain("Volume: <code>1,500</code> for 1 hour");
    expect(card).not.toContain("you save");
    const intentId = intentIdOnCard(h, USER);
    await confirm(h, USER, intentId, /Status/);
    expect(await h.store.orders.get(intentId)).toMatchObject({ state: "placed", resource: "bandwidth", volume: "1500", duration: "1h" });
    expect(h.sandbox.control.orderCount(accountId)).toBe(1);
  });

  it("the checker being down is said in one line and the flow goes on", async () => {
    await h.givenUserWithKey(USER);
    h.sandbox.control.setCheckerAvailable(false);
    await h.tg.sendText({ userId: USER, text: `/buy energy ${freshAddress()}` });
    expect(text(await nextShown(h, /How much/))).toContain("could not read this address");
  });

  it("Cancel on every step ends the flow in its own message: the buttons go and nothing is ordered", async () => {
    await h.givenUserWithKey(USER);
    const address = freshAddress();
    const prompts = [/What would you like to buy/, /TRON address/, /How much/, /For how long/];
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
      await h.tg.waitForCall("editMessageText", (p) => p.message_id === messageId && String(p.text) === "Cancelled. Nothing was changed.");
      expect(h.tg.buttons(USER, messageId)).toEqual([]);
    }
    // the flow is over: an address now is not an answer to it
    await h.tg.sendText({ userId: USER, text: address });
    await h.tg.waitForCall("sendMessage", (p) => !/How much|For how long/.test(String(p.text)));
    expect(await h.store.orders.listByUser(USER)).toEqual([]);
  });

  it("Change asks which answer to change, re-asks only that one (old choice marked) and previews anew with the others kept", async () => {
    const { accountId } = await h.givenUserWithKey(USER);
    const address = freshAddress();
    const first = await previewByOneLiner(h, USER, `energy ${address} 65k 1h`);
    const cardId = await cardMessageId(h, first.intentId);
    const onCard = (pattern: RegExp) => h.tg.waitForCall("editMessageText", (p) => p.message_id === cardId && pattern.test(String(p.text)));

    await h.tg.tapButton({ userId: USER, text: /Change/ });
    await onCard(/What would you like to change/);
    expect(h.tg.buttons(USER).map((b) => b.text)).toEqual(["Resource", "Address", "Volume", "Duration", "⬅️ Back", "✖️ Cancel"]);
    await h.tg.tapButton({ userId: USER, text: "Volume" });
    await onCard(/How much/);
    expect((await h.store.orders.get(first.intentId))!.state).toBe("cancelled");
    expect(h.tg.buttons(USER)[0]!.text).toMatch(/^✓ 1 transfer · 1 hour · /);
    await h.tg.tapButton({ userId: USER, text: /^1 transfer to an address without USDT · 1 hour/ });
    const changed = text(await onCard(/Total to pay/));
    expect(changed).toContain(`Address: <code>${address}</code>`);
    expect(changed).toContain("Volume: <code>131,000</code> for 1 hour");
    const second = intentIdOnCard(h, USER);
    expect(second).not.toBe(first.intentId);
    expect(await h.store.orders.get(second)).toMatchObject({ state: "previewed", resource: "energy", targetAddress: address, volume: "131000", duration: "1h" });
    expect(await cardMessageId(h, second)).toBe(cardId);

    // another step: only the duration is asked, marked with the current one
    await h.tg.tapButton({ userId: USER, text: /Change/ });
    await onCard(/What would you like to change/);
    await h.tg.tapButton({ userId: USER, text: "Duration" });
    await onCard(/For how long/);
    expect(h.tg.buttons(USER)[0]!.text).toBe("✓ 1 hour");
    await h.tg.tapButton({ userId: USER, text: "3 days" });
    expect(text(await onCard(/Total to pay/))).toContain("Volume: <code>131,000</code> for 3 days");
    const third = intentIdOnCard(h, USER);
    expect(await h.store.orders.get(third)).toMatchObject({ resource: "energy", targetAddress: address, volume: "131000", duration: "3d" });
    expect(h.tg.callsOf("sendMessage").filter((c) => c.payload.chat_id === USER)).toHaveLength(1);

    await h.tg.tapButton({ userId: USER, text: /Cancel/ });
    await onCard(/Cancelled. Nothing was ordered/);
    expect((await h.store.orders.get(third))!.state).toBe("cancelled");
    await h.tg.tap({ userId: USER, messageId: cardId, data: confirmData(third) });
    expect((await h.tg.waitForCall("answerCallbackQuery", (p) => /cancelled/.test(String(p.text)))).payload.text).toContain("/buy");
    expect(h.sandbox.control.orderCount(accountId)).toBe(0);
  });

  it("Change → Resource keeps the answers that still fit and asks again for one that does not", async () => {
    await h.givenUserWithKey(USER);
    const address = freshAddress();
    const first = await previewByOneLiner(h, USER, `energy ${address} 65k 3d`);
    const cardId = await cardMessageId(h, first.intentId);
    await h.tg.tapButton({ userId: USER, text: /Change/ });
    await h.tg.waitForCall("editMessageText", (p) => p.message_id === cardId && /What would you like to change/.test(String(p.text)));
    await h.tg.tapButton({ userId: USER, text: "Resource" });
    await h.tg.waitForCall("editMessageText", (p) => p.message_id === cardId && /What would you like to buy/.test(String(p.text)));
    expect(h.tg.buttons(USER).map((b) => b.text)).toEqual(["✓ ⚡ Energy", "📶 Bandwidth", "✖️ Cancel"]);
    await h.tg.tapButton({ userId: USER, text: /Bandwidth/ });
    // bandwidth is not sold for 3 days: that answer is asked again; the address and volume stay
    await h.tg.waitForCall("editMessageText", (p) => p.message_id === cardId && /For how long/.test(String(p.text)));
    expect(h.tg.buttons(USER).map((b) => b.text)).toEqual(["1 hour", "1 day", "✖️ Cancel"]);
    await h.tg.tapButton({ userId: USER, text: "1 day" });
    await h.tg.waitForCall("editMessageText", (p) => p.message_id === cardId && /Total to pay/.test(String(p.text)));
    expect(await h.store.orders.get(intentIdOnCard(h, USER))).toMatchObject({ resource: "bandwidth", targetAddress: address, volume: "65000", duration: "1d" });
  });

  it("/cancel with a preview open cancels it: the card says so and its Confirm places nothing", async () => {
    const { accountId } = await h.givenUserWithKey(USER);
    const { intentId } = await previewByOneLiner(h, USER, `energy ${freshAddress()} 65k 1h`);
    const messageId = await cardMessageId(h, intentId);
    await h.tg.sendText({ userId: USER, text: "/cancel" });
    await h.tg.waitForCall("editMessageText", (p) => p.message_id === messageId && /Cancelled. Nothing was ordered/.test(String(p.text)));
    expect(text(await h.tg.waitForCall("sendMessage", (p) => /Cancelled/.test(String(p.text))))).toContain("Nothing was changed");
    expect((await h.store.orders.get(intentId))!.state).toBe("cancelled");
    expect(h.tg.buttons(USER, messageId)).toEqual([]);

    // the Confirm of that card (a late delivery, or data kept from before) answers "cancelled"
    await h.tg.tap({ userId: USER, messageId, data: confirmData(intentId) });
    expect((await h.tg.waitForCall("answerCallbackQuery", (p) => /cancelled/.test(String(p.text)))).payload.text).toContain("/buy");
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
      await h.tg.waitForCall("answerCallbackQuery", (p) => /only in my private chat/.test(String(p.text)));
    }
    // a step's button is public (the flow also runs in a team desk's group): outside an open flow it answers nothing
    await h.tg.tap({ userId: USER, chatId: GROUP, messageId, data: BuyStep.resource.pack({ resource: "energy" }) });
    await h.tg.waitForCall("answerCallbackQuery", (p) => /This button has expired/.test(String(p.text)));
    expect(toGroup()).toHaveLength(before);
    expect((await h.store.orders.get(intentId))!.state).toBe("previewed");
    expect(h.sandbox.control.orderCount(accountId)).toBe(0);
  });

  it("/cancel leaves the flow: its message keeps no buttons, and a later address is not taken as an answer", async () => {
    await h.givenUserWithKey(USER);
    await h.tg.sendText({ userId: USER, text: "/buy energy" });
    const step = await nextShown(h, /TRON address/);
    const stepId = (step.response as { result: { message_id: number } }).result.message_id;
    expect(h.tg.buttons(USER, stepId).map((b) => b.text)).toContain("✖️ Cancel");
    await h.tg.sendText({ userId: USER, text: "/cancel" });
    expect(text(await h.tg.waitForCall("sendMessage", (p) => /Cancelled/.test(String(p.text))))).toContain("Nothing was changed");
    expect(h.tg.buttons(USER, stepId)).toEqual([]);
    // answered once: not also by the fallback for messages nobody handled
    expect(h.tg.callsOf("sendMessage").filter((c) => /\/help/.test(String(c.payload.text)))).toEqual([]);
    await h.tg.sendText({ userId: USER, text: freshAddress() });
    const next = text(await h.tg.waitForCall("sendMessage"));
    expect(next).not.toContain("How much");
    expect(await h.store.orders.listByUser(USER)).toEqual([]);
  });

  it("without a key /buy asks for one", async () => {
    await h.tg.sendText({ userId: USER, text: "/buy" });
    expect(text(await h.tg.waitForCall("sendMessage"))).toContain("/key");
  });
});

describe("/buy one-liner", () => {
  it("goes straight to the preview for energy and for bandwidth, reading 131 000 and 2k", async () => {
    const { accountId } = await h.givenUserWithKey(USER);
    const address = freshAddress();
    const energy = await previewByOneLiner(h, USER, `energy ${address} 131 000 1d`);
    expect(text(energy.card)).toContain("Volume: <code>131,000</code> for 1 day");
    await confirm(h, USER, energy.intentId, /Status/);
    h.sandbox.control.setAddress(address, { activated: true });
    const bandwidth = await previewByOneLiner(h, USER, `Bandwidth ${address} 2k 24h`);
    expect(text(bandwidth.card)).toContain("Volume: <code>2,000</code> for 1 day");
    expect(text(bandwidth.card)).not.toContain("activation fee");
    await confirm(h, USER, bandwidth.intentId, /Status/);
    expect(h.sandbox.control.orderCount(accountId)).toBe(2);
    expect(await h.store.orders.get(bandwidth.intentId)).toMatchObject({ resource: "bandwidth", volume: "2000", duration: "1d", state: "placed" });
  });

  it("answers each bad part with what is allowed and places nothing", async () => {
    const { accountId } = await h.givenUserWithKey(USER);
    const address = freshAddress();
    const corrupted = address.slice(0, -1) + (address.endsWith("1") ? "2" : "1"); // one character changed: checksum breaks
    // the reason, then the step it is about, asked with its buttons (never a dead end)
    const cases: Array<[string, RegExp, RegExp]> = [
      [`water ${address} 65k 1d`, /“water” is not something I sell/, /What would you like to buy/],
      [`energy TNotAnAddress 65k 1d`, /“TNotAnAddress” is not a valid TRON address/, /TRON address that should receive ⚡ Energy/],
      [`energy ${corrupted} 65k 1d`, /is not a valid TRON address/, /TRON address that should receive ⚡ Energy/],
      [`${corrupted} 2`, /is not a valid TRON address/, /TRON address that should receive ⚡ Energy/],
      [`energy ${address} 10 1d`, /10 is outside the allowed range: from 32,000 to 5,000,000/, /How much/],
      [`energy ${address} 6m 1d`, /6,000,000 is outside the allowed range/, /How much/],
      [`energy ${address} much 1d`, /could not read “much”/, /How much/],
      [`energy ${address} 65k 2w`, /“2w” is not one of the durations on offer \(1 hour, 1 day, 3 days, 7 days, 14 days, and 30 days\)/, /For how long/],
      [`bandwidth ${address} 2k 3d`, /“3d” is not one of the durations on offer \(1 hour and 1 day\)/, /For how long/],
    ];
    for (const [args, reason, step] of cases) {
      await h.tg.sendText({ userId: USER, text: `/buy ${args}` });
      await h.tg.waitForCall("sendMessage", (p) => reason.test(String(p.text)));
      await nextShown(h, step);
      // choices to tap (the address step has none before a first purchase: the address is typed)
      if (!step.source.includes("TRON address")) expect(h.tg.buttons(USER).length).toBeGreaterThan(1);
      await h.tg.tapButton({ userId: USER, text: /Cancel/ });
      await nextShown(h, /Cancelled/);
    }
    // durations are offered in words, never as raw codes
    expect(h.tg.calls.filter((c) => /<code>1h<\/code>|\(1h\)/.test(String(c.payload.text)))).toEqual([]);
    expect(await h.store.orders.listByUser(USER)).toEqual([]);
    expect(h.sandbox.control.orderCount(accountId)).toBe(0);
  });

  it("a partial one-liner starts the flow at the first missing step", async () => {
    await h.givenUserWithKey(USER);
    await h.tg.sendText({ userId: USER, text: `/buy energy ${freshAddress()} 65k` });
    await nextShown(h, /For how long\? ⚡ Energy, <code>65,000<\/code>/);
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
    expect(text(await nextShown(h, /How much|What would you like to buy/))).toMatch(new RegExp(`How much ⚡ Energy[\\s\\S]*${address.slice(0, 6)}`));
  });
});
