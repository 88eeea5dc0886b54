/**
 * Notices name a saved address by its name (issue 30 item 5), and a rule-fired notice carries the
 * rule's card (issue 30, wording list): the order card edited on fill, and a firing's notice.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startNoticesHarness, type NoticesHarness } from "../support/notices-harness.js";
import { SharedButtons } from "../../src/telegram/shared-buttons.js";
import { cardMessageId, confirm, freshAddress, intentIdOnCard, nextShown, text } from "./buy-support.js";

const USER = 30_105;

let n: NoticesHarness | undefined;
afterEach(async () => {
  await n?.stop();
  n = undefined;
});

describe("notices and a named address", () => {
  it("the card edited on fill and a firing's notice say the name; the firing's notice opens its rule", async () => {
    n = await startNoticesHarness({ startSender: true });
    const h = n.h;
    const { apiKey } = await h.givenUserWithKey(USER, { trx: "1000" });
    const address = freshAddress();
    h.sandbox.control.setAddress(address, { activated: true });
    await h.store.recentAddresses.remember(USER, address);
    await h.store.recentAddresses.setLabel(USER, address, "Main wallet");
    const named = `Main wallet · <code>${address}</code>`;

    await h.tg.sendText({ userId: USER, text: `/buy ${address} 1` });
    await nextShown(h, /Total to pay/);
    const intentId = intentIdOnCard(h, USER);
    const cardId = await cardMessageId(h, intentId);
    await confirm(h, USER, intentId, /Status/);
    await h.sandbox.control.settleOrders();
    await n.watch.orders.tick();
    const edited = await h.tg.waitForCall("editMessageText", (p) => p.message_id === cardId && /Status: ✅/.test(String(p.text)));
    expect(text(edited)).toContain(named);

    const client = h.marketplace.forKey(apiKey);
    const rule = await client.createRefill({ targetAddress: address, minimal: 65_000n, volume: 65_000n, duration: "1h" });
    await n.watch.rules.tick();
    await h.store.users.update(USER, { notifyFires: true });
    h.sandbox.control.consumeEnergy(address, 1_000n);
    await n.watch.rules.tick();
    const fired = await h.tg.waitForCall("sendMessage", (p) => p.chat_id === USER && String(p.text).includes("Rule fired"));
    expect(text(fired)).toContain(named);
    const firedId = (fired.response as { result: { message_id: number } }).result.message_id;
    expect(h.tg.buttons(USER, firedId).map((b) => b.callbackData)).toEqual([SharedButtons.openRule.pack({ id: rule.id }), SharedButtons.pauseRule.pack({ id: rule.id })]);
  });
});
