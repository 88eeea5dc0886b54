/**
 * /orders with the rules' purchases among the orders (issue 32, item 5): a row of filters, All /
 * Orders only / Rules only, redraws the list in its own message; an order's card goes back to the
 * filtered list; Rules only pages through the purchases alone. Without any rule's purchase there is
 * nothing to filter and no filter row.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../support/harness.js";
import { userChat } from "../support/user-chat.js";
import { freshAddress } from "./buy-support.js";
import { en, enPattern } from "../support/locale.js";

const USER = 32_005;

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

const { sent, say, tap } = userChat(() => h!.tg, USER);
const labels = () => h!.tg.buttons(USER).map((b) => b.text);
/** The order list (whatever its page), a rule's purchase in it (by its rule's kind), and the filter buttons. */
const isList = (t: string) => enPattern("orders-title").test(t);
const RENEWAL = en("rules-kind-renewal");
const renewals = (t: string) => t.split(RENEWAL).length - 1;
const ALL = en("orders-filter-all");
const ORDERS = en("orders-filter-orders");
const RULES = en("orders-filter-rules");
const chosen = (label: string) => `✓ ${label}`;
/** The list's message edited in place: its text once `predicate` holds. */
const listEdited = async (messageId: number, predicate: (text: string) => boolean) =>
  String((await h!.tg.waitForCall("editMessageText", (p) => p.chat_id === USER && p.message_id === messageId && predicate(String(p.text)))).payload.text);

describe("/orders filters", () => {
  it("All / Orders only / Rules only redraw the list in place; a card's Back keeps the filter; Rules only pages its purchases", async () => {
    h = await startHarness();
    const { apiKey } = await h.givenUserWithKey(USER, { trx: "1000", scope: "full" });
    const client = h.marketplace.forKey(apiKey);
    const ruleAddress = freshAddress();
    const rule = await client.createRenewal({ targetAddress: ruleAddress, volume: 65_000n });
    // a renewal buys once a day: eleven more days, twelve purchases (two pages of ten)
    for (let day = 0; day < 11; day++) await h.sandbox.control.advanceClock(86_400_000);
    expect(await client.ruleFires(rule.id)).toHaveLength(12);
    await client.placeOrder({ resource: "energy", targetAddress: freshAddress(), volume: 131_000n, duration: "1h" }, { idempotencyKey: "f-1" });
    await client.placeOrder({ resource: "energy", targetAddress: freshAddress(), volume: 200_000n, duration: "1h" }, { idempotencyKey: "f-2" });

    await say("/orders");
    const first = await sent(isList);
    const listId = (first.response as { result: { message_id: number } }).result.message_id;
    expect(String(first.payload.text)).toContain(RENEWAL);
    expect(labels()).toEqual([expect.stringMatching(/^1\. .*200,000/), expect.stringMatching(/^2\. .*131,000/), chosen(ALL), ORDERS, RULES]);

    await tap(ORDERS);
    const ordersOnly = await listEdited(listId, (t) => isList(t) && !t.includes(RENEWAL));
    expect(ordersOnly).toContain("131,000");
    expect(labels()).toEqual([expect.stringMatching(/^1\. /), expect.stringMatching(/^2\. /), ALL, chosen(ORDERS), RULES]);

    // an order's card, and Back to the list as it was filtered
    await tap(/^2\. /);
    await listEdited(listId, (t) => t.includes("131,000") && !isList(t));
    await tap(/Back/);
    await listEdited(listId, (t) => isList(t) && !t.includes(RENEWAL));
    expect(labels()).toContain(chosen(ORDERS));

    await tap(RULES);
    const rulesOnly = await listEdited(listId, (t) => enPattern("orders-firings-title").test(t));
    expect(rulesOnly).toMatch(enPattern("orders-firings-title", { page: 1, pages: 2, total: 12 }));
    expect(renewals(rulesOnly)).toBe(10);
    expect(rulesOnly).not.toContain("131,000");
    expect(labels()).toEqual([ALL, ORDERS, chosen(RULES), "▶️"]);
    await tap(/▶️/);
    const second = await listEdited(listId, (t) => enPattern("orders-firings-title", { page: 2, pages: 2 }).test(t));
    expect(renewals(second)).toBe(2);
    expect(labels()).toEqual([ALL, ORDERS, chosen(RULES), "◀️"]);

    await tap(ALL);
    const all = await listEdited(listId, (t) => isList(t) && t.includes(RENEWAL));
    expect(all).toContain("200,000");
    expect(labels()).toContain(chosen(ALL));
    // every tap edited the one message
    expect(h.tg.callsOf("sendMessage").filter((c) => c.payload.chat_id === USER)).toHaveLength(1);
  });

  it("without any rule's purchase there is no filter row", async () => {
    h = await startHarness();
    const { apiKey } = await h.givenUserWithKey(USER, { trx: "1000" });
    await h.marketplace.forKey(apiKey).placeOrder({ resource: "energy", targetAddress: freshAddress(), volume: 65_000n, duration: "1h" }, { idempotencyKey: "f-3" });
    await say("/orders");
    await sent(isList);
    expect(labels()).toEqual([expect.stringMatching(/^1\. /)]);
  });
});
