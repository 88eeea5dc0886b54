/**
 * Edit on a rule's card (issue 32, item 7). The marketplace cannot change a rule, so the bot walks
 * the rule's steps with today's answers marked (one tap keeps each), shows today's rule above the
 * new one, and on Confirm creates the new rule, then cancels the old one. A cancel that fails is
 * told with both rules and a button that cancels the old one; Cancel mid-edit changes nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../support/harness.js";
import { userChat } from "../support/user-chat.js";
import { ruleKind } from "../../src/marketplace/index.js";
import { trxToSun } from "../../src/tron/amounts.js";
import { testEngine } from "../support/test-store.js";
import { en, enPattern } from "../support/locale.js";

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.stop();
});

const USER = 9711;
const ADDRESS = "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7";
const OTHER = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

const { sent, edited, say, tap } = userChat(() => h.tg, USER);
const labels = () => h.tg.buttons(USER).map((b) => b.text);
/** A step's answer kept from today's rule, as its button or line marks it. */
const kept = (text: string) => `✓ ${text}`;
const shown = (pattern: RegExp) => (t: string) => pattern.test(t);

/** /rules → the first rule's card → Edit: the first step of the edit, in the card's message. */
async function editFirstRule(): Promise<string> {
  await say("/rules");
  await sent((t) => t.includes(en("rules-list-title")));
  await tap(/^1\. /);
  await edited((t) => t.includes("Auto-"));
  expect(labels()).toContain(en("rules-button-edit"));
  await tap(/Edit/);
  return String((await edited((t) => t.includes(en("rules-button-edit")) && t.includes(en("auto-ask-address")))).payload.text);
}

describe(`Edit a rule (${testEngine})`, () => {
  it("keeps each answer with one tap or takes a new one, previews today's rule beside the new one, then creates the new rule and cancels the old one; the max price goes over", async () => {
    const { apiKey, keyId } = await h.givenUserWithKey(USER, { trx: "1000" });
    const client = h.marketplace.forKey(apiKey);
    const old = await client.createRefill({ targetAddress: ADDRESS, minimal: 40_000n, volume: 65_000n, duration: "1h", autoResume: true });
    await h.store.priceCaps.set({ ruleId: old.id, keyId, userId: USER, kind: "refill", volume: 65_000n, duration: "1h", capSun: trxToSun("20") });

    const first = await editFirstRule();
    expect(first).toContain(`<code>${ADDRESS}</code>`);
    // today's address is offered, marked: one tap keeps it
    await tap(/^✓ T/);
    await edited(shown(enPattern("auto-ask-threshold")));
    // today's threshold (not a preset) is one tap too
    expect(labels()).toEqual(["65,000", "131,000", "✓ 40,000", en("button-cancel")]);
    await tap(/^✓ 40,000$/);
    await edited(shown(enPattern("auto-ask-volume")));
    expect(labels()).toContain("✓ 65,000");
    await say("lots");
    await edited((t) => enPattern("auto-invalid-number", { min: "32,000" }).test(t) && enPattern("auto-ask-volume").test(t));
    await say("131k");
    await edited(shown(enPattern("auto-ask-duration")));
    expect(labels()).toContain("✓ 1 hour");
    await tap(/^1 day$/);
    await edited(shown(enPattern("auto-ask-auto-resume")));
    expect(labels()).toEqual([kept(en("button-yes")), en("button-no"), en("button-cancel")]);
    await tap(/^✓ Yes$/);

    const preview = String((await edited((t) => t.includes(en("auto-edit-preview-title-refill")))).payload.text);
    const [today, after] = preview.split(en("auto-edit-after"));
    expect(today).toContain(en("rules-card-volume", { volume: "<code>65,000</code>" }));
    expect(today).toContain(en("rules-card-duration", { duration: "1 hour" }));
    expect(today).toMatch(enPattern("auto-edit-today-price"));
    expect(after).toContain(en("rules-card-threshold", { volume: "<code>40,000</code>" }));
    expect(after).toContain(en("rules-card-volume", { volume: "<code>131,000</code>" }));
    expect(after).toContain(en("rules-card-duration", { duration: "1 day" }));
    expect(after).toContain(en("auto-edit-how-cap"));
    // today's max price is an answer like the others: kept unless changed
    expect(today).toContain("Max price: <code>20");
    expect(after).toContain("Max price: <code>20");
    // the rule being replaced is no "other rule on this address"
    expect(preview).not.toContain("⚠️");
    expect(labels()).toEqual([en("button-confirm"), en("button-change"), en("rules-button-cap"), en("button-cancel")]);
    expect(await client.listRules()).toHaveLength(1);

    // a new max price, on the preview's own button (today's one tap to keep)
    await tap(en("rules-button-cap"));
    await edited((t) => t.includes(en("rules-cap-ask")));
    expect(labels()).toEqual([expect.stringMatching(/^✓ 20(\.0+)? TRX$/), en("rules-button-cap-off"), en("button-cancel")]);
    await say("25");
    const repriced = String((await edited((t) => t.includes(en("auto-edit-preview-title-refill")) && t.includes("Max price: <code>25"))).payload.text);
    expect(repriced.split(en("auto-edit-after"))[0]).toContain("Max price: <code>20");

    await tap(/Confirm/);
    const done = String((await edited((t) => t.includes(en("auto-edit-done")))).payload.text);
    const rules = await client.listRules();
    expect(rules).toHaveLength(2);
    const created = rules.find((r) => r.id !== old.id)!;
    expect(done).toContain(created.id);
    expect(ruleKind(created.type)).toBe("refill");
    expect(created).toMatchObject({ targetAddress: ADDRESS, minimal: 40_000n, volume: 131_000n, duration: "1d", autoResume: true, status: "active" });
    expect(rules.find((r) => r.id === old.id)!.status).toBe("cancelled");
    // the max price (as changed) now belongs to the new rule, priced for its volume and duration
    expect(done).toContain("Max price: <code>25");
    expect(await h.store.priceCaps.get(old.id)).toBeUndefined();
    expect(await h.store.priceCaps.get(created.id)).toMatchObject({ capSun: trxToSun("25").toString(), volume: "131000", duration: "1d", keyId });
    expect(h.tg.buttons(USER).map((b) => b.callbackData)).toEqual([`rule.open:${created.id}`]);
  });

  it("a paused rule's edit says the new one starts active; a cancel that fails: both rules are told, and Cancel the old rule cancels it", async () => {
    const { apiKey } = await h.givenUserWithKey(USER, { trx: "1000" });
    const client = h.marketplace.forKey(apiKey);
    const old = await client.createRenewal({ targetAddress: ADDRESS, volume: 65_000n, autoResume: false });
    await client.pauseRule(old.id);

    await editFirstRule();
    await tap(/^✓ T/);
    await edited(shown(enPattern("auto-ask-renewal-volume")));
    await tap(/^131,000$/);
    await edited(shown(enPattern("auto-ask-auto-resume")));
    await tap(/^✓ No$/);
    const preview = String((await edited((t) => t.includes(en("auto-edit-preview-title-renewal")))).payload.text);
    expect(preview.split(en("auto-edit-after"))[0]).toContain(en("auto-edit-was-paused"));
    // no max price on this rule: nothing said of one going over
    expect(preview).toContain(en("auto-edit-how"));
    expect(preview).not.toContain(en("auto-edit-how-cap"));
    h.sandbox.control.failNextRuleCancel();
    await tap(/Confirm/);

    const both = String((await edited(shown(enPattern("auto-edit-both")))).payload.text);
        const rules = await client.listRules();
    const created = rules.find((r) => r.id !== old.id)!;
    expect(rules.map((r) => [r.id, r.status])).toEqual([
      [created.id, "active"],
      [old.id, "paused"],
    ]);
    expect(created).toMatchObject({ volume: 131_000n, autoResume: false });
    expect(both).toContain(created.id);
    expect(h.tg.buttons(USER).map((b) => b.callbackData)).toEqual([`rule.cx:${old.id}`, `rule.open:${created.id}`]);

    await tap(en("auto-edit-button-cancel-old"));
    const card = String((await sent((t) => t.includes(en("rules-note-cancelled")))).payload.text);
    expect(card).toContain(old.id);
    expect((await client.listRules()).map((r) => [r.id, r.status])).toEqual([
      [created.id, "active"],
      [old.id, "cancelled"],
    ]);
    // a cancelled rule offers no Edit
    expect(labels()).not.toContain(en("rules-button-edit"));
  });

  it("Cancel mid-edit changes nothing: no new rule, the old one as it was", async () => {
    const { apiKey } = await h.givenUserWithKey(USER, { trx: "1000" });
    const client = h.marketplace.forKey(apiKey);
    const old = await client.enableSmart({ targetAddress: ADDRESS, autoResume: true });

    await editFirstRule();
    await say("not an address");
    await edited((t) => enPattern("auto-invalid-address", { text: "not an address" }).test(t) && enPattern("auto-edit-intro-smart").test(t));
    await say(OTHER);
    await edited((t) => enPattern("auto-ask-auto-resume").test(t) && t.includes(OTHER));
    await tap(/^No$/);
    await edited((t) => t.includes(en("auto-edit-preview-title-smart")));
    await tap(/Cancel/);
    await edited((t) => t.includes(en("auto-edit-cancelled")));
    expect(h.tg.buttons(USER).map((b) => b.callbackData)).toEqual([`rule.open:${old.id}`]);
    const rules = await client.listRules();
    expect(rules).toHaveLength(1);
    expect(rules[0]).toMatchObject({ id: old.id, targetAddress: ADDRESS, autoResume: true, status: "active" });
  });

  it("a default key refused purchases: Edit offers the other key, which starts the edit with the rule's answers", async () => {
    const { accountId, apiKey, keyId } = await h.givenUserWithKey(USER, { scope: "read", label: "Reader" });
    await h.store.apiKeys.markMissingScope(keyId, "purchase");
    const purchase = h.sandbox.control.createKey(accountId, { scope: "purchase" }).key;
    const other = await h.store.apiKeys.add(USER, { apiKey: purchase, label: "Buyer" });
    const old = await h.marketplace.forKey(purchase).createRenewal({ targetAddress: ADDRESS, volume: 65_000n });

    await say("/rules");
    await sent((t) => t.includes(en("rules-list-title")));
    await tap(/^1\. /);
    await edited((t) => t.includes("Auto-renewal"));
    await tap(/Edit/);
    await sent((t) => t.includes(`…${apiKey.slice(-4)}`));
    await tap(/Buyer/);
    const first = String((await edited((t) => enPattern("auto-edit-intro-renewal").test(t) && t.includes(en("auto-ask-address")))).payload.text);
    expect(first).toContain(kept(en("rules-card-volume", { volume: "<code>65,000</code>" })));
    expect((await h.store.apiKeys.getDefault(USER))?.id).toBe(other.id);
    await tap(/Cancel/);
    await edited((t) => t.includes(en("auto-edit-cancelled")));
    expect((await h.marketplace.forKey(purchase).listRules()).map((r) => r.id)).toEqual([old.id]);
  });
});
