/**
 * A saved address is shown by its name where the address is (issue 30 item 5): the preview, the
 * order card, the orders list and its buttons, the rules list and a rule's card.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../support/harness.js";
import { shortAddress } from "../../src/tron/address.js";
import { confirm, freshAddress, intentIdOnCard, nextShown, text } from "./buy-support.js";

const USER = 30_005;

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

describe("an address with a name", () => {
  it("is named in the preview, the order card, /orders and /rules", async () => {
    h = await startHarness();
    const { apiKey } = await h.givenUserWithKey(USER, { trx: "1000", scope: "full" });
    const address = freshAddress();
    await h.store.recentAddresses.remember(USER, address);
    await h.store.recentAddresses.setLabel(USER, address, "Main <wallet>");
    const named = `Main &lt;wallet&gt; · <code>${address}</code>`;
    const namedShort = `Main &lt;wallet&gt; · <code>${shortAddress(address)}</code>`;

    // the check card (private chat) names it too
    await h.tg.sendText({ userId: USER, text: `/check ${address}` });
    expect(text(await nextShown(h, /Limit/))).toContain(named);

    await h.tg.sendText({ userId: USER, text: `/buy ${address} 1` });
    expect(text(await nextShown(h, /Total to pay/))).toContain(named);
    const card = await confirm(h, USER, intentIdOnCard(h, USER), /Status/);
    expect(text(card)).toContain(named);

    await h.tg.sendText({ userId: USER, text: "/orders" });
    const page = await h.tg.waitForCall("sendMessage", (p) => p.chat_id === USER && String(p.text).includes("1. "));
    expect(text(page)).toContain(namedShort);
    expect(h.tg.buttons(USER).map((b) => b.text)[0]).toMatch(/^1\. .* · Main <wallet>$/);

    await h.marketplace.forKey(apiKey).createRefill({ targetAddress: address, minimal: 65_000n, volume: 65_000n, duration: "1h" });
    await h.tg.sendText({ userId: USER, text: "/rules" });
    const rules = await h.tg.waitForCall("sendMessage", (p) => p.chat_id === USER && String(p.text).includes("automation rules"));
    expect(text(rules)).toContain(named);
    expect(h.tg.buttons(USER).map((b) => b.text)[0]).toBe("1. 🔁 Main <wallet>");
    await h.tg.tapButton({ userId: USER, text: /^1\. 🔁/ });
    const ruleCard = await h.tg.waitForCall("editMessageText", (p) => p.chat_id === USER && String(p.text).includes("Auto-refill"));
    expect(text(ruleCard)).toContain(named);
  });
});
