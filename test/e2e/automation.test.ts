import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../support/harness.js";
import { userChat } from "../support/user-chat.js";
import { createMarketplace, ruleKind, type Marketplace } from "../../src/marketplace/index.js";
import { startProxy } from "../marketplace/support/proxy.js";
import { waitUntil } from "../support/wait.js";
import { textOf } from "../support/payload.js";
import { shortAddress } from "../../src/tron/address.js";
import { en, enPattern } from "../support/locale.js";

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.stop();
});

const USER = 2101;
const ADDRESS = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const OTHER = "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb";

/** The flows' questions, by their texts in en.ftl (the allowed ranges aside). */
const ASK_ADDRESS = en("auto-ask-address");
const ASK_THRESHOLD = enPattern("auto-ask-threshold");
const ASK_VOLUME = enPattern("auto-ask-volume");
const ASK_AUTO_RESUME = en("auto-ask-auto-resume");
/** "`value` is outside the allowed range", of the energy volumes' range unless `min` says otherwise. */
const outOfRange = (value: string, min = "32,000") => enPattern("auto-out-of-range", { value, min, max: "5,000,000" });

const { sent, edited, say, tap } = userChat(() => h.tg, USER);

function rulesOf(apiKey: string) {
  return h.marketplace.forKey(apiKey).listRules();
}

/** The one message of the flow: the step shown last (every step edits the message the first one sent). */
const step = (predicate: (text: string) => boolean) => edited(predicate);

describe("/refill", () => {
  it("asks every value in one message, checks each number against the options, previews and creates one rule", async () => {
    const { apiKey } = await h.givenUserWithKey(USER, { trx: "1000" });
    await say("/refill");
    const first = await sent((t) => t.includes(en("auto-intro-refill")) && t.includes(ASK_ADDRESS));
    const flowId = (first.response as { result: { message_id: number } }).result.message_id;
    expect(h.tg.buttons(USER).map((b) => b.text)).toEqual([en("button-cancel")]);
    // a step with no buttons of its own: Cancel alone, no empty row above it
    expect(first.payload.reply_markup).toEqual({ inline_keyboard: [[{ text: en("button-cancel"), callback_data: "flow.x" }]] });

    await say("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u");
    await step((t) => enPattern("auto-invalid-address").test(t) && t.includes(ASK_ADDRESS));
    await say(ADDRESS);
    const threshold = await step((t) => t.includes(`✓ ${en("rules-card-target", { address: `<code>${ADDRESS}</code>` })}`) && ASK_THRESHOLD.test(t));
    expect(String(threshold.payload.text)).toMatch(enPattern("auto-ask-threshold", { min: "1", max: "5,000,000" }));

    await say("lots");
    await step((t) => enPattern("auto-invalid-number", { min: "1", max: "5,000,000" }).test(t) && ASK_THRESHOLD.test(t));
    await say("0");
    await step((t) => outOfRange("0", "1").test(t) && enPattern("auto-ask-threshold", { min: "1", max: "5,000,000" }).test(t));
    await say("-5");
    await step((t) => outOfRange("-5", "1").test(t) && enPattern("auto-ask-threshold", { min: "1", max: "5,000,000" }).test(t));
    expect(h.tg.buttons(USER).map((b) => b.text)).toEqual(["65,000", "131,000", en("button-cancel")]);
    await tap(/^65,000$/);

    await step((t) => t.includes(`✓ ${en("rules-card-threshold", { volume: "<code>65,000</code>" })}`) && ASK_VOLUME.test(t) && enPattern("auto-ask-volume", { min: "32,000", max: "5,000,000" }).test(t));
    await say("10k");
    await step((t) => outOfRange("10,000").test(t) && outOfRange("10,000", "32,000").test(t));
    await say("6m");
    await step((t) => outOfRange("6,000,000").test(t));
    await say("131 000");

    await step((t) => t.includes(`✓ ${en("rules-card-volume", { volume: "<code>131,000</code>" })}`) && t.includes(en("auto-ask-duration")));
    expect(h.tg.buttons(USER).map((b) => b.text)).toEqual(["1 hour", "1 day", "3 days", "7 days", "14 days", "30 days", en("button-cancel")]);
    await say("2 weeks");
    await step((t) => enPattern("auto-invalid-duration").test(t) && t.includes("1 hour, 1 day"));
    await tap(/^1 hour$/);

    const autoResume = await step((t) => t.includes(ASK_AUTO_RESUME) && t.includes(`✓ ${en("rules-card-duration", { duration: "1 hour" })}`));
    expect(String(autoResume.payload.text)).toContain(ASK_AUTO_RESUME);
    await tap(en("button-yes"));

    const preview = await step((t) => t.includes(en("auto-preview-title-refill")));
    const text = String(preview.payload.text);
    // 131,000 × 60 SUN = 7.86 TRX, plus 10% commission.
    expect(text).toContain(en("auto-preview-price", { price: "<code>8.65 TRX</code>", base: "7.86 TRX", commission: "0.79 TRX" }));
    expect(text).toContain(en("auto-preview-balance", { balance: "<code>1,000.00 TRX</code>" }));
    expect(text).toMatch(enPattern("auto-what-refill", { minimal: "65,000", volume: "131,000", duration: "1 hour" }));
    expect(text).not.toContain("⚠️");
    expect(h.tg.buttons(USER).map((b) => b.text)).toEqual([en("button-confirm"), en("button-change"), en("rules-button-cap"), en("button-cancel")]);
    expect(await rulesOf(apiKey)).toHaveLength(0);
    // Everything happened in the one message.
    expect(h.tg.callsOf("sendMessage").filter((c) => c.payload.chat_id === USER)).toHaveLength(1);
    expect(h.tg.callsOf("editMessageText").every((c) => c.payload.message_id === flowId)).toBe(true);

    // A double tap on Confirm: the second tap reaches the fallback and creates nothing.
    const confirm = h.tg.buttons(USER).find((b) => b.text === en("button-confirm"))!;
    await h.tg.tap({ userId: USER, messageId: flowId, data: confirm.callbackData! });
    await h.tg.tap({ userId: USER, messageId: flowId, data: confirm.callbackData! });
    const card = await step((t) => t.includes(en("auto-created")));
    expect(String(card.payload.text)).toContain(`<code>${ADDRESS}</code>`);
    const expired = await h.tg.waitForCall("answerCallbackQuery", (p) => textOf(p).includes(en("fallback-button")));
    expect(expired).toBeDefined();

    const rules = await rulesOf(apiKey);
    expect(rules).toHaveLength(1);
    expect(rules[0]).toMatchObject({ targetAddress: ADDRESS, minimal: 65_000n, volume: 131_000n, duration: "1h", autoResume: true });
    expect(ruleKind(rules[0]!.type)).toBe("refill");
    expect(h.tg.buttons(USER).map((b) => b.callbackData)).toEqual([`rule.open:${rules[0]!.id}`]);
    // The address is remembered for the next flow.
    expect(await h.store.recentAddresses.list(USER)).toEqual([ADDRESS]);

    // Open rule: the rule's card, to pause or cancel it.
    await tap(en("auto-button-open-rule"));
    await sent((t) => t.includes(rules[0]!.id) && t.includes("🟢 active"));
    expect(h.tg.buttons(USER).map((b) => b.text)).toEqual([en("rules-button-pause"), en("rules-button-cancel"), en("rules-button-cap"), en("rules-button-edit"), en("rules-button-fires"), en("button-refresh"), en("button-back")]);
  });

  it("Cancel on the preview creates nothing, and /cancel leaves the flow mid-way", async () => {
    const { apiKey } = await h.givenUserWithKey(USER);
    await say("/refill");
    await sent((t) => t.includes(ASK_ADDRESS));
    await say(ADDRESS);
    await step((t) => ASK_THRESHOLD.test(t));
    await say("/cancel");
    await sent((t) => t.includes(en("cancel-done")));
    // the flow's own message says so too: no question left on screen
    await step((t) => t.includes(en("auto-cancelled", { kind: en("rules-kind-refill") })));
    await say("65000");
    await sent((t) => t.includes(en("fallback-message")));

    await say("/refill");
    const second = await sent((t) => t.includes(ASK_ADDRESS));
    const flowId = (second.response as { result: { message_id: number } }).result.message_id;
    await say(ADDRESS);
    await step((t) => ASK_THRESHOLD.test(t));
    await say("65k");
    await step((t) => ASK_VOLUME.test(t));
    await say("65k");
    await step((t) => t.includes(en("auto-ask-duration")));
    await tap(/^1 day$/);
    await step((t) => t.includes(ASK_AUTO_RESUME));
    await tap(en("button-no"));
    const preview = await step((t) => t.includes(en("auto-preview-title-refill")));
    expect(String(preview.payload.text)).toContain(en("rules-card-auto-resume-off"));
    await tap(en("button-cancel"));
    await h.tg.waitForCall("editMessageText", (p) => p.message_id === flowId && String(p.text).includes(en("auto-cancelled", { kind: en("rules-kind-refill") })));
    expect(h.tg.buttons(USER, flowId)).toEqual([]);
    expect(await rulesOf(apiKey)).toHaveLength(0);
  });

  it("a flow half-way through survives a restart of the bot", async () => {
    const { apiKey } = await h.givenUserWithKey(USER);
    await say("/refill");
    await sent((t) => t.includes(ASK_ADDRESS));
    await say(ADDRESS);
    await step((t) => ASK_THRESHOLD.test(t));
    await say("40k");
    await step((t) => ASK_VOLUME.test(t));
    // restart() does not wait for an update in flight: wait until the step is stored.
    await waitUntil(async () => JSON.stringify((await h.store.conversations.read(String(USER))) ?? null).includes("40k"));
    await h.restart();
    await say("500k");
    await step((t) => t.includes(en("auto-ask-duration")));
    await tap(/^3 days$/);
    await step((t) => t.includes(ASK_AUTO_RESUME));
    await tap(en("button-yes"));
    await step((t) => t.includes(en("auto-preview-title-refill")));
    await tap(en("button-confirm"));
    await step((t) => t.includes(en("auto-created")));
    expect(await rulesOf(apiKey)).toMatchObject([{ minimal: 40_000n, volume: 500_000n, duration: "3d", autoResume: true }]);
  });

  it("without a key, says how to add one", async () => {
    await say("/refill");
    const reply = await sent((t) => t.includes("/key"));
    expect(h.tg.buttons(USER).map((b) => b.callbackData)).toContain("key.add");
    expect(String(reply.payload.text)).not.toContain(ASK_ADDRESS);
  });
});

describe("/renewal", () => {
  it("creates a daily renewal priced as one day of its volume", async () => {
    const { apiKey } = await h.givenUserWithKey(USER, { trx: "50" });
    await say("/renewal");
    await sent((t) => t.includes(en("auto-intro-renewal")));
    await say(OTHER);
    await step((t) => enPattern("auto-ask-renewal-volume").test(t) && enPattern("auto-ask-renewal-volume", { min: "65,000", max: "5,000,000" }).test(t));
    await say("32000");
    await step((t) => outOfRange("32,000", "65,000").test(t) && outOfRange("32,000", "65,000").test(t));
    await tap(/^65,000$/);
    await step((t) => t.includes(ASK_AUTO_RESUME) && t.includes(`✓ ${en("rules-card-volume", { volume: "<code>65,000</code>" })}`));
    await tap(en("button-no"));
    const preview = await step((t) => t.includes(en("auto-preview-title-renewal")));
    // 65,000 × 75 SUN (one day) = 4.875 TRX, plus 10%.
    expect(String(preview.payload.text)).toContain("<code>5.36 TRX</code>");
    expect(String(preview.payload.text)).toMatch(enPattern("auto-what-renewal"));
    await tap(en("button-confirm"));
    await edited((t) => t.includes(en("auto-created")) && t.includes(en("rules-card-renewal-schedule")));
    const rules = await rulesOf(apiKey);
    expect(rules).toHaveLength(1);
    expect(ruleKind(rules[0]!.type)).toBe("renewal");
    expect(rules[0]).toMatchObject({ targetAddress: OTHER, volume: 65_000n, autoResume: false });
  });

  it("without the balance for one renewal: a warning on the preview, then the 402 with the shortfall and Deposit", async () => {
    const { apiKey } = await h.givenUserWithKey(USER, { trx: "2" });
    await say("/renewal");
    await sent((t) => t.includes(ASK_ADDRESS));
    await say(ADDRESS);
    await step((t) => enPattern("auto-ask-renewal-volume").test(t));
    await say("65k");
    await step((t) => t.includes(ASK_AUTO_RESUME));
    await tap(en("button-yes"));
    const preview = await step((t) => t.includes(en("auto-preview-title-renewal")));
    expect(String(preview.payload.text)).toContain(en("auto-preview-short-create", { missing: "<code>3.37 TRX</code>" }));
    expect(h.tg.buttons(USER).map((b) => b.callbackData)).toContain("dep");
    // Deposit on the preview opens the deposit address; the preview still waits for Confirm.
    const previewId = h.tg.lastBotMessage(USER)!.messageId;
    await tap(en("button-deposit"));
    await h.tg.waitForCall("sendPhoto", (p) => p.chat_id === USER);
    await h.tg.tapButton({ userId: USER, messageId: previewId, text: en("button-confirm") });
    const refused = await edited((t) => t.includes(en("error-insufficient-balance")));
    const text = String(refused.payload.text);
    expect(text).toContain(en("rules-shortfall", { price: "<code>5.36 TRX</code>", balance: "<code>2.00 TRX</code>", missing: "<code>3.37 TRX</code>" }));
    expect(text).toContain(en("rules-shortfall", { price: "<code>5.36 TRX</code>", balance: "<code>2.00 TRX</code>", missing: "<code>3.37 TRX</code>" }));
    // the answers are kept: Deposit, Try again (the preview again) and Cancel
    expect(h.tg.buttons(USER, previewId).map((b) => b.text)).toEqual([en("button-deposit"), en("auto-button-try-again"), en("button-cancel")]);
    expect(await rulesOf(apiKey)).toHaveLength(0);
  });
});

describe("/smart", () => {
  it("offers recent addresses, needs only the address and auto-resume, and turns smart mode on", async () => {
    const { apiKey } = await h.givenUserWithKey(USER);
    await h.store.recentAddresses.remember(USER, OTHER, 1);
    await h.store.recentAddresses.remember(USER, ADDRESS, 2);
    await say("/smart");
    const ask = await sent((t) => t.includes(en("rules-kind-smart")) && t.includes(en("auto-intro-smart")));
    expect(String(ask.payload.text)).toContain(en("auto-ask-address-recent"));
    expect(h.tg.buttons(USER).map((b) => b.text)).toEqual([shortAddress(ADDRESS), shortAddress(OTHER), en("button-cancel")]);
    await tap(new RegExp(`^${shortAddress(OTHER)}$`));
    await step((t) => t.includes(`✓ ${en("rules-card-target", { address: `<code>${OTHER}</code>` })}`) && t.includes(ASK_AUTO_RESUME));
    await tap(en("button-yes"));
    const preview = await step((t) => t.includes(en("auto-preview-title-smart")));
    expect(String(preview.payload.text)).toContain("<code>8.65 TRX</code>");
    expect(String(preview.payload.text)).not.toMatch(enPattern("rules-card-volume"));
    await tap(en("button-confirm"));
    await edited((t) => t.includes(en("auto-created")) && t.includes(en("rules-kind-smart")));
    const rules = await rulesOf(apiKey);
    expect(rules.map((r) => [ruleKind(r.type), r.targetAddress, r.autoResume])).toEqual([["smart", OTHER, true]]);
  });

  it("a stale button from an earlier run does nothing in a new run", async () => {
    await h.givenUserWithKey(USER);
    await h.store.recentAddresses.remember(USER, ADDRESS, 1);
    await say("/smart");
    await sent((t) => t.includes(en("rules-kind-smart")));
    const first = h.tg.lastBotMessage(USER)!;
    const stale = h.tg.buttons(USER, first.messageId).find((b) => b.text === shortAddress(ADDRESS))!.callbackData!;
    await say("/smart");
    await sent((t) => t.includes(en("rules-kind-smart")));
    // The first run's message lost its buttons when /smart left it; its data tapped anyway matches nothing.
    expect(h.tg.buttons(USER, first.messageId)).toEqual([]);
    await h.tg.tap({ userId: USER, messageId: first.messageId, data: stale });
    await h.tg.waitForCall("answerCallbackQuery", (p) => textOf(p).includes(en("fallback-button")));
    await say(OTHER);
    await step((t) => t.includes(`✓ ${en("rules-card-target", { address: `<code>${OTHER}</code>` })}`));
  });
});

describe("Change on the preview", () => {
  it("asks the picked step again with its answer marked, keeps every other answer, and creates the rule as changed", async () => {
    const { apiKey } = await h.givenUserWithKey(USER, { trx: "1000" });
    await say("/refill");
    const first = await sent((t) => t.includes(ASK_ADDRESS));
    const flowId = (first.response as { result: { message_id: number } }).result.message_id;
    await say(ADDRESS);
    await step((t) => ASK_THRESHOLD.test(t));
    await tap(/^65,000$/);
    await step((t) => ASK_VOLUME.test(t));
    await say("131k");
    await step((t) => t.includes(en("auto-ask-duration")));
    await tap(/^1 hour$/);
    await step((t) => t.includes(ASK_AUTO_RESUME));
    await tap(en("button-yes"));
    await step((t) => t.includes(en("auto-preview-title-refill")) && t.includes("<code>8.65 TRX</code>"));

    await tap(en("button-change"));
    const picker = await step((t) => t.includes(en("change-ask")));
    expect(String(picker.payload.text)).toContain(en("rules-card-target", { address: `<code>${ADDRESS}</code>` }));
    expect(h.tg.buttons(USER, flowId).map((b) => b.text)).toEqual([...["address", "threshold", "volume", "duration", "auto-resume"].map((answer) => en(`auto-change-${answer}`)), en("button-back"), en("button-cancel")]);
    // Back: the same preview again, nothing asked
    await tap(en("button-back"));
    await step((t) => t.includes(en("auto-preview-title-refill")));
    await tap(en("button-change"));
    await step((t) => t.includes(en("change-ask")));

    await tap(en("auto-change-volume"));
    const volume = await step((t) => ASK_VOLUME.test(t));
    const text = String(volume.payload.text);
    // the other answers stay above the question; the one being changed is marked on its button
    expect(text).toContain(`✓ ${en("rules-card-threshold", { volume: "<code>65,000</code>" })}`);
    expect(text).toContain(`✓ ${en("rules-card-duration", { duration: "1 hour" })}`);
    expect(text).toContain(`✓ ${en("rules-card-auto-resume-on")}`);
    expect(text).not.toMatch(enPattern("rules-card-volume"));
    expect(h.tg.buttons(USER, flowId).map((b) => b.text)).toEqual(["65,000", "✓ 131,000", en("button-cancel")]);
    await say("10k");
    await step((t) => outOfRange("10,000").test(t));
    await say("262k");
    const preview = await step((t) => t.includes(en("auto-preview-title-refill")) && t.includes("<code>262,000</code>"));
    // 262,000 × 60 SUN = 15.72 TRX, plus 10% commission: priced anew
    expect(String(preview.payload.text)).toContain("<code>17.29 TRX</code>");
    expect(String(preview.payload.text)).toMatch(enPattern("auto-what-refill", { minimal: "65,000", volume: "262,000", duration: "1 hour" }));

    await tap(en("button-change"));
    await step((t) => t.includes(en("change-ask")));
    await tap(en("auto-change-auto-resume"));
    await step((t) => t.includes(ASK_AUTO_RESUME) && t.includes(`✓ ${en("rules-card-volume", { volume: "<code>262,000</code>" })}`));
    expect(h.tg.buttons(USER, flowId).map((b) => b.text)).toEqual([`✓ ${en("button-yes")}`, en("button-no"), en("button-cancel")]);
    await tap(en("button-no"));
    await step((t) => t.includes(en("auto-preview-title-refill")) && t.includes(en("rules-card-auto-resume-off")));
    expect(await rulesOf(apiKey)).toHaveLength(0);

    await tap(en("button-confirm"));
    await step((t) => t.includes(en("auto-created")));
    expect(await rulesOf(apiKey)).toMatchObject([{ targetAddress: ADDRESS, minimal: 65_000n, volume: 262_000n, duration: "1h", autoResume: false }]);
    // all of it in the flow's one message
    expect(h.tg.callsOf("sendMessage").filter((c) => c.payload.chat_id === USER)).toHaveLength(1);
  });

  it("a changed address is offered again, marked, and a Confirm left from before the change creates nothing", async () => {
    const { apiKey } = await h.givenUserWithKey(USER);
    await h.store.recentAddresses.remember(USER, OTHER, 1);
    await say("/smart");
    const first = await sent((t) => t.includes(en("rules-kind-smart")));
    const flowId = (first.response as { result: { message_id: number } }).result.message_id;
    await say(ADDRESS);
    await step((t) => t.includes(ASK_AUTO_RESUME));
    await tap(en("button-yes"));
    await step((t) => t.includes(en("auto-preview-title-smart")));
    const staleConfirm = h.tg.buttons(USER, flowId).find((b) => b.text === en("button-confirm"))!.callbackData!;

    await tap(en("button-change"));
    await step((t) => t.includes(en("change-ask")));
    expect(h.tg.buttons(USER, flowId).map((b) => b.text)).toEqual([en("auto-change-address"), en("auto-change-auto-resume"), en("button-back"), en("button-cancel")]);
    // the preview's Confirm, tapped while the picker is shown, is no answer to it
    await h.tg.tap({ userId: USER, messageId: flowId, data: staleConfirm });
    await h.tg.waitForCall("answerCallbackQuery", (p) => textOf(p).includes(en("fallback-button")));
    expect(await rulesOf(apiKey)).toHaveLength(0);

    await tap(en("auto-change-address"));
    await step((t) => t.includes(ASK_ADDRESS) && t.includes(`✓ ${en("rules-card-auto-resume-on")}`));
    expect(h.tg.buttons(USER, flowId).map((b) => b.text)).toEqual([`✓ ${shortAddress(ADDRESS)}`, shortAddress(OTHER), en("button-cancel")]);
    await tap(new RegExp(`^${shortAddress(OTHER)}$`));
    const preview = await step((t) => t.includes(en("auto-preview-title-smart")) && t.includes(OTHER));
    expect(String(preview.payload.text)).not.toContain(ADDRESS);
    // the first preview's Confirm (as a copy of that message would still show it) confirms nothing now either
    await h.tg.tap({ userId: USER, messageId: flowId, data: staleConfirm });
    await h.tg.waitForCall("answerCallbackQuery", (p) => textOf(p).includes(en("fallback-button")));
    expect(await rulesOf(apiKey)).toHaveLength(0);
    await tap(en("button-confirm"));
    await step((t) => t.includes(en("auto-created")));
    expect((await rulesOf(apiKey)).map((r) => [r.targetAddress, r.autoResume])).toEqual([[OTHER, true]]);
  });
});

describe("rules already on the address", () => {
  it("the preview warns about them (not about cancelled ones), and Change to another address drops the warning", async () => {
    const { apiKey } = await h.givenUserWithKey(USER, { trx: "1000" });
    const client = h.marketplace.forKey(apiKey);
    await client.createRefill({ targetAddress: ADDRESS, minimal: 65_000n, volume: 131_000n, duration: "1h" });
    const old = await client.createRenewal({ targetAddress: ADDRESS, volume: 65_000n });
    await client.cancelRule(old.id);

    await say("/smart");
    await sent((t) => t.includes(en("rules-kind-smart")));
    await say(ADDRESS);
    await step((t) => t.includes(ASK_AUTO_RESUME));
    await tap(en("button-yes"));
    const preview = await step((t) => t.includes(en("auto-preview-title-smart")));
    expect(String(preview.payload.text)).toContain(en("auto-preview-overlap", { rules: en("auto-preview-overlap-rule", { kind: `🔁 ${en("rules-kind-refill")}`, status: `🟢 ${en("rules-status-active")}` }), count: 1 }));
    expect(String(preview.payload.text)).not.toContain(en("rules-kind-renewal"));

    await tap(en("button-change"));
    await step((t) => t.includes(en("change-ask")));
    await tap(en("auto-change-address"));
    await step((t) => t.includes(ASK_ADDRESS));
    await say(OTHER);
    const other = await step((t) => t.includes(en("auto-preview-title-smart")) && t.includes(OTHER));
    expect(String(other.payload.text)).not.toMatch(enPattern("auto-preview-overlap"));
  });
});

describe("an unknown outcome", () => {
  it("a lost answer to the creation is not retried: the user is told the outcome is unknown and pointed to /rules", async () => {
    await h.stop();
    // The bot reaches the sandbox through a proxy that can drop an answer after the sandbox acted.
    const via: { marketplace?: Marketplace } = {};
    h = await startHarness({ extendDeps: (deps) => (via.marketplace ? { ...deps, marketplace: via.marketplace } : deps) });
    const proxy = await startProxy(h.sandbox.url);
    const proxied = createMarketplace({ baseUrl: proxy.url, retry: { attempts: 2, baseDelayMs: 5, maxDelayMs: 20 } });
    via.marketplace = proxied;
    await h.restart();
    try {
      const { apiKey } = await h.givenUserWithKey(USER);
      await say("/smart");
      await sent((t) => t.includes(en("rules-kind-smart")));
      await say(ADDRESS);
      await step((t) => t.includes(ASK_AUTO_RESUME));
      await tap(en("button-no"));
      await step((t) => t.includes(en("auto-preview-title-smart")));
      proxy.dropAnswers((method, url) => method === "POST" && url.includes("/automations/smart"));
      await tap(en("button-confirm"));
      const unknown = await edited((t) => t.includes(en("error-ambiguous")));
      expect(String(unknown.payload.text)).toContain("/rules");
      expect(proxy.requests.filter((r) => r.method === "POST")).toHaveLength(1);
      // It did go through: /rules shows it.
      expect(await rulesOf(apiKey)).toHaveLength(1);
    } finally {
      await proxied.close();
      await proxy.close();
    }
  });
});

describe("Cancel on every step", () => {
  type Answer = () => Promise<unknown>;
  /** Each step: what its text says, and how the user answers it (the last step, the preview, is only cancelled). */
  const flows: Record<string, Array<[marker: RegExp, answer?: Answer]>> = {
    "/refill": [
      [enPattern("auto-ask-address"), () => say(ADDRESS)],
      [ASK_THRESHOLD, () => say("65k")],
      [ASK_VOLUME, () => say("65k")],
      [enPattern("auto-ask-duration"), () => tap(/^1 day$/)],
      [enPattern("auto-ask-auto-resume"), () => tap(en("button-no"))],
      [enPattern("auto-preview-title-refill"), () => tap(en("button-change"))],
      [enPattern("change-ask"), () => tap(en("auto-change-volume"))],
      [ASK_VOLUME],
    ],
    "/renewal": [
      [enPattern("auto-ask-address"), () => say(ADDRESS)],
      [enPattern("auto-ask-renewal-volume"), () => say("65k")],
      [enPattern("auto-ask-auto-resume"), () => tap(en("button-no"))],
      [enPattern("auto-preview-title-renewal"), () => tap(en("button-change"))],
      [enPattern("change-ask")],
    ],
    "/smart": [
      [enPattern("auto-ask-address"), () => say(ADDRESS)],
      [enPattern("auto-ask-auto-resume"), () => tap(en("button-no"))],
      [enPattern("auto-preview-title-smart"), () => tap(en("button-change"))],
      [enPattern("change-ask"), () => tap(en("auto-change-address"))],
      [enPattern("auto-ask-address")],
    ],
  };

  for (const [command, steps] of Object.entries(flows)) {
    it(`${command}: Cancel at each step ends the flow in its message and creates nothing`, async () => {
      const { apiKey } = await h.givenUserWithKey(USER, { trx: "1000" });
      for (let cancelAt = 0; cancelAt < steps.length; cancelAt++) {
        await say(command);
        const first = await sent((t) => steps[0]![0].test(t));
        const flowId = (first.response as { result: { message_id: number } }).result.message_id;
        const inFlow = (marker: RegExp) =>
          h.tg.waitForCall("editMessageText", (p) => p.chat_id === USER && p.message_id === flowId && marker.test(String(p.text)));
        for (let i = 0; i < cancelAt; i++) {
          await steps[i]![1]!();
          await inFlow(steps[i + 1]![0]);
        }
        expect(h.tg.buttons(USER, flowId).at(-1)?.text).toBe(en("button-cancel"));
        await h.tg.tapButton({ userId: USER, messageId: flowId, text: en("button-cancel") });
        await inFlow(enPattern("auto-cancelled"));
        expect(h.tg.buttons(USER, flowId)).toEqual([]);
        // The flow is over: a number now is no answer to anything.
        await say("65000");
        await sent((t) => t.includes(en("fallback-message")));
      }
      expect(await rulesOf(apiKey)).toHaveLength(0);
      expect(h.tg.callsOf("sendMessage").filter((c) => String(c.payload.text).includes(en("auto-created")))).toHaveLength(0);
    });
  }
});
