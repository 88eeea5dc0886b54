import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../support/harness.js";
import { trxToSun } from "../../src/tron/amounts.js";
import { cardMessageId, charges, confirm, freshAddress, intentIdOnCard, nextShown, previewByOneLiner, text } from "./buy-support.js";

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
    const { accountId } = h.givenUserWithKey(USER, { trx: "1000" });
    const address = freshAddress();
    h.sandbox.control.setAddress(address, { activated: false, energyLimit: 0n });

    await h.tg.sendText({ userId: USER, text: "/buy" });
    await nextShown(h, /What would you like to buy/);
    expect(h.tg.buttons(USER).map((b) => b.text)).toEqual(["⚡ Energy", "📶 Bandwidth"]);
    await h.tg.tapButton({ userId: USER, text: /Energy/ });
    await nextShown(h, /TRON address that should receive ⚡ Energy/);

    await h.tg.sendText({ userId: USER, text: address });
    const volumeStep = await nextShown(h, /How much/);
    expect(text(volumeStep)).toContain(`<code>${address}</code> has 0 of 0 energy and 600 of 600 bandwidth`);
    expect(text(volumeStep)).toContain("not activated yet");
    expect(text(volumeStep)).toContain("Allowed: 32,000 to 5,000,000");
    const presets = h.tg.buttons(USER).map((b) => b.text);
    expect(presets).toEqual(["65,000 · 1 USDT transfer", "131,000 · 2 transfers / new holder", "500,000", "1,000,000"]);

    await h.tg.tapButton({ userId: USER, text: /^65,000/ });
    await nextShown(h, /For how long/);
    expect(h.tg.buttons(USER).map((b) => b.text)).toEqual(["1 hour", "1 day", "3 days", "7 days", "14 days", "30 days"]);
    await h.tg.tapButton({ userId: USER, text: "1 day" });

    // 65,000 × 75 SUN = 4.875 TRX + 10 % commission; 1.1 TRX activation; burning would cost 6.5 TRX.
    const card = text(await nextShown(h, /Total to pay/));
    expect(card).toContain(`Address: <code>${address}</code>`);
    expect(card).toContain("Volume: <code>65,000</code> for 1 day");
    expect(card).toContain("Price: <code>5.3625 TRX</code>");
    expect(card).toContain("(base cost 4.875 TRX + commission 0.4875 TRX)");
    expect(card).toContain("Address activation fee: <code>1.10 TRX</code>");
    expect(card).toContain("would cost 6.50 TRX: you save 17%");
    expect(card).toContain("<b>Total to pay:</b> <code>6.4625 TRX</code>");
    expect(card).toContain("Your balance: 1,000.00 TRX → after this order: 993.5375 TRX");
    const intentId = intentIdOnCard(h, USER);
    expect(h.store.orders.get(intentId)).toMatchObject({ state: "previewed", resource: "energy", volume: "65000", duration: "1d" });
    expect(h.sandbox.control.orderCount(accountId)).toBe(0);

    const placed = text(await confirm(h, USER, intentId, /Status/));
    const row = h.store.orders.get(intentId)!;
    expect(row).toMatchObject({ state: "placed", status: "Created", totalTrx: "6.462500" });
    expect(placed).toContain(`<code>${row.orderId}</code>`);
    expect(placed).toContain("Created, being delivered");
    expect(placed).toContain("Total charged: <code>6.4625 TRX</code>");
    expect(h.sandbox.control.orderCount(accountId)).toBe(1);
    expect(charges(h, accountId).map((c) => c.sun)).toEqual([trxToSun("6.4625")]);
    expect(h.store.recentAddresses.list(USER)).toEqual([address]);
  });

  it("bandwidth: typed volume, bad address and out-of-range volume are answered and the step waits", async () => {
    const { accountId } = h.givenUserWithKey(USER);
    const address = freshAddress();
    h.store.recentAddresses.remember(USER, address);

    await h.tg.sendText({ userId: USER, text: "/buy" });
    await nextShown(h, /What would you like to buy/);
    await h.tg.tapButton({ userId: USER, text: /Bandwidth/ });
    await nextShown(h, /pick a recent one/);
    const broken = address.slice(0, -1) + (address.endsWith("a") ? "b" : "a");
    await h.tg.sendText({ userId: USER, text: broken });
    expect(text(await nextShown(h, /not a valid TRON address/))).toContain(broken);
    await h.tg.tapButton({ userId: USER, text: `${address.slice(0, 6)}…${address.slice(-4)}` });

    await nextShown(h, /How much 📶 Bandwidth/);
    expect(h.tg.buttons(USER).map((b) => b.text)).toEqual(["1,035 · ≈3 transfers", "1,725 · ≈5 transfers", "3,450 · ≈10 transfers", "10,350 · ≈30 transfers"]);
    await h.tg.sendText({ userId: USER, text: "10" });
    expect(text(await nextShown(h, /outside the allowed range/))).toContain("from 1,000 to 1,000,000");
    await h.tg.sendText({ userId: USER, text: "lots" });
    await nextShown(h, /could not read “lots”/);
    await h.tg.sendText({ userId: USER, text: "1.5k" });
    await nextShown(h, /For how long/);
    expect(h.tg.buttons(USER).map((b) => b.text)).toEqual(["1 hour", "1 day"]);
    await h.tg.tapButton({ userId: USER, text: "1 hour" });

    const card = text(await nextShown(h, /Total to pay/));
    expect(card).toContain("Volume: <code>1,500</code> for 1 hour");
    expect(card).not.toContain("you save");
    const intentId = intentIdOnCard(h, USER);
    await confirm(h, USER, intentId, /Status/);
    expect(h.store.orders.get(intentId)).toMatchObject({ state: "placed", resource: "bandwidth", volume: "1500", duration: "1h" });
    expect(h.sandbox.control.orderCount(accountId)).toBe(1);
  });

  it("the checker being down is said in one line and the flow goes on", async () => {
    h.givenUserWithKey(USER);
    h.sandbox.control.setCheckerAvailable(false);
    await h.tg.sendText({ userId: USER, text: `/buy energy ${freshAddress()}` });
    expect(text(await nextShown(h, /How much/))).toContain("could not read this address");
  });

  it("Change re-asks with the previous answers marked; Cancel ends the card and its Confirm does nothing", async () => {
    const { accountId } = h.givenUserWithKey(USER);
    const address = freshAddress();
    const first = await previewByOneLiner(h, USER, `energy ${address} 65k 1h`);
    await h.tg.tapButton({ userId: USER, text: /Change/ });
    await h.tg.waitForCall("editMessageText", (p) => String(p.text).includes("What would you like to buy"));
    expect(h.store.orders.get(first.intentId)!.state).toBe("cancelled");
    expect(h.tg.buttons(USER).map((b) => b.text)).toEqual(["✓ ⚡ Energy", "📶 Bandwidth"]);
    await h.tg.tapButton({ userId: USER, text: /Energy/ });
    await nextShown(h, /TRON address/);
    expect(h.tg.buttons(USER)[0]!.text).toMatch(/^✓ T/);
    await h.tg.tapButton({ userId: USER, text: /^✓/ });
    await nextShown(h, /How much/);
    expect(h.tg.buttons(USER)[0]!.text).toBe("✓ 65,000 · 1 USDT transfer");
    await h.tg.tapButton({ userId: USER, text: /^131,000/ });
    await nextShown(h, /For how long/);
    expect(h.tg.buttons(USER)[0]!.text).toBe("✓ 1 hour");
    await h.tg.tapButton({ userId: USER, text: "3 days" });
    expect(text(await nextShown(h, /Total to pay/))).toContain("Volume: <code>131,000</code> for 3 days");
    const second = intentIdOnCard(h, USER);
    expect(second).not.toBe(first.intentId);

    await h.tg.tapButton({ userId: USER, text: /Cancel/ });
    await nextShown(h, /Cancelled. Nothing was ordered/);
    expect(h.store.orders.get(second)!.state).toBe("cancelled");
    const messageId = await cardMessageId(h, second);
    await h.tg.tap({ userId: USER, messageId, data: `buy:ok:${second}` });
    expect((await h.tg.waitForCall("answerCallbackQuery", (p) => /cancelled/.test(String(p.text)))).payload.text).toContain("/buy");
    expect(h.sandbox.control.orderCount(accountId)).toBe(0);
  });

  it("/cancel leaves the flow: a later address is not taken as an answer", async () => {
    h.givenUserWithKey(USER);
    await h.tg.sendText({ userId: USER, text: "/buy energy" });
    await nextShown(h, /TRON address/);
    await h.tg.sendText({ userId: USER, text: "/cancel" });
    expect(text(await h.tg.waitForCall("sendMessage", (p) => /Cancelled/.test(String(p.text))))).toContain("Nothing was changed");
    await h.tg.sendText({ userId: USER, text: freshAddress() });
    const next = text(await h.tg.waitForCall("sendMessage"));
    expect(next).not.toContain("How much");
    expect(h.store.orders.listByUser(USER)).toEqual([]);
  });

  it("without a key /buy asks for one", async () => {
    await h.tg.sendText({ userId: USER, text: "/buy" });
    expect(text(await h.tg.waitForCall("sendMessage"))).toContain("/key");
  });
});

describe("/buy one-liner", () => {
  it("goes straight to the preview for energy and for bandwidth, reading 131 000 and 2k", async () => {
    const { accountId } = h.givenUserWithKey(USER);
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
    expect(h.store.orders.get(bandwidth.intentId)).toMatchObject({ resource: "bandwidth", volume: "2000", duration: "1d", state: "placed" });
  });

  it("answers each bad part with what is allowed and places nothing", async () => {
    const { accountId } = h.givenUserWithKey(USER);
    const address = freshAddress();
    const corrupted = address.slice(0, -1) + (address.endsWith("1") ? "2" : "1"); // one character changed: checksum breaks
    const cases: Array<[string, RegExp]> = [
      [`water ${address} 65k 1d`, /“water” is not something I sell/],
      [`energy TNotAnAddress 65k 1d`, /“TNotAnAddress” is not a valid TRON address/],
      [`energy ${corrupted} 65k 1d`, /is not a valid TRON address/],
      [`energy ${address} 10 1d`, /10 is outside the allowed range: from 32,000 to 5,000,000/],
      [`energy ${address} 6m 1d`, /6,000,000 is outside the allowed range/],
      [`energy ${address} much 1d`, /could not read “much”/],
      [`energy ${address} 65k 2w`, /“2w” is not one of the durations on offer. Allowed: <code>1h<\/code> \(1 hour\), <code>1d<\/code> \(1 day\)/],
      [`bandwidth ${address} 2k 3d`, /“3d” is not one of the durations on offer. Allowed: <code>1h<\/code> \(1 hour\), <code>1d<\/code> \(1 day\)\./],
    ];
    for (const [args, expected] of cases) {
      await h.tg.sendText({ userId: USER, text: `/buy ${args}` });
      const reply = await h.tg.waitForCall("sendMessage");
      expect(text(reply)).toMatch(expected);
    }
    expect(h.store.orders.listByUser(USER)).toEqual([]);
    expect(h.sandbox.control.orderCount(accountId)).toBe(0);
  });

  it("a partial one-liner starts the flow at the first missing step", async () => {
    h.givenUserWithKey(USER);
    await h.tg.sendText({ userId: USER, text: `/buy energy ${freshAddress()} 65k` });
    await nextShown(h, /For how long\? ⚡ Energy, <code>65,000<\/code>/);
  });

  it("the buy.for:<address> button starts with the address filled in", async () => {
    h.givenUserWithKey(USER);
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
    await nextShown(h, /What would you like to buy/);
    await h.tg.tapButton({ userId: USER, text: /Energy/ });
    expect(text(await nextShown(h, /How much/))).toContain(address.slice(0, 6));
  });
});
