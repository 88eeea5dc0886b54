/**
 * The max price offered while a rule is created (issue 32, item 1): optional, on its own button
 * under the preview (Confirm without it creates the rule with none), shown in the preview with a
 * warning when today's price is above it, and stored for the new rule; a bad amount is asked again.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../support/harness.js";
import { userChat } from "../support/user-chat.js";
import { trxToSun } from "../../src/tron/amounts.js";
import { testEngine } from "../support/test-store.js";

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.stop();
});

const USER = 9712;
const ADDRESS = "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7";

const { sent, edited, say, tap } = userChat(() => h.tg, USER);
const labels = () => h.tg.buttons(USER).map((b) => b.text);

/** /renewal for ADDRESS, 65,000 a day, no auto-resume: its preview's text. */
async function renewalPreview(): Promise<string> {
  await say("/renewal");
  await sent((t) => t.includes("New auto-renewal rule"));
  await say(ADDRESS);
  await edited((t) => t.includes("renew each day"));
  await tap(/^65,000$/);
  await edited((t) => t.includes("Auto-resume?"));
  await tap(/^No$/);
  return String((await edited((t) => t.includes("Check the new auto-renewal rule"))).payload.text);
}

describe(`max price in the rule's creation flow (${testEngine})`, () => {
  it("set from the preview's button: shown (with a warning above today's price) and stored for the new rule", async () => {
    const { apiKey } = await h.givenUserWithKey(USER, { trx: "1000" });
    const client = h.marketplace.forKey(apiKey);
    const preview = await renewalPreview();
    expect(preview).toContain("Max price: none");
    expect(labels()).toEqual(["✅ Confirm", "✏️ Change", "💲 Max price", "✖️ Cancel"]);

    await tap(/Max price/);
    await edited((t) => t.includes("the most one firing of this rule may cost") && t.includes("✓ Energy per delivery"));
    expect(labels()).toEqual(["✖️ No max price", "✖️ Cancel"]);
    await say("cheap");
    await edited((t) => t.includes("not a TRX amount") && t.includes("the most one firing"));
    // one renewal of 65,000 costs 5.3625 TRX: a max price of 5 is under it
    await say("5");
    const capped = String((await edited((t) => t.includes("Check the new auto-renewal rule") && t.includes("Max price: <code>5"))).payload.text);
    expect(capped).toContain("per 65,000 energy");
    expect(capped).toContain("costs more than your max price today");
    expect(capped).toContain("a firing between two checks can still cost more");
    expect(await client.listRules()).toHaveLength(0);

    // changed again before Confirm: today's one tap to keep, or a new amount
    await tap(/Max price/);
    await edited((t) => t.includes("the most one firing"));
    expect(labels()).toEqual([expect.stringMatching(/^✓ 5(\.0+)? TRX$/), "✖️ No max price", "✖️ Cancel"]);
    await say("6.5");
    const raised = String((await edited((t) => t.includes("Check the new auto-renewal rule") && t.includes("Max price: <code>6.5"))).payload.text);
    expect(raised).not.toContain("costs more than your max price today");

    await tap(/Confirm/);
    const card = String((await edited((t) => t.includes("Rule created"))).payload.text);
    expect(card).toContain("Max price: <code>6.5");
    const [rule] = await client.listRules();
    expect(await h.store.priceCaps.get(rule!.id)).toMatchObject({ capSun: trxToSun("6.5").toString(), kind: "renewal", volume: "65000", userId: USER });
  });

  it("skipped: Confirm creates the rule with no max price; No max price removes one given", async () => {
    const { apiKey } = await h.givenUserWithKey(USER, { trx: "1000" });
    const client = h.marketplace.forKey(apiKey);
    await renewalPreview();
    await tap(/Max price/);
    await edited((t) => t.includes("the most one firing"));
    await say("7");
    await edited((t) => t.includes("Check the new auto-renewal rule") && t.includes("Max price: <code>7"));
    await tap(/Max price/);
    await edited((t) => t.includes("the most one firing"));
    await tap(/No max price/);
    await edited((t) => t.includes("Check the new auto-renewal rule") && t.includes("Max price: none"));
    await tap(/Confirm/);
    const card = String((await edited((t) => t.includes("Rule created"))).payload.text);
    expect(card).not.toContain("Max price");
    const [rule] = await client.listRules();
    expect(rule).toBeDefined();
    expect(await h.store.priceCaps.get(rule!.id)).toBeUndefined();
  });
});
