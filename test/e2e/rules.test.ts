import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../support/harness.js";
import { userChat } from "../support/user-chat.js";
import { textOf } from "../support/payload.js";
import { en, enPattern } from "../support/locale.js";
import type { MarketplaceClient } from "../../src/marketplace/index.js";
import { trxToSun } from "../../src/tron/amounts.js";
import { createFormatter } from "../../src/format/formatter.js";
import { RuleCallbacks } from "../../src/bot/features/rules/callbacks.js";
import { SharedButtons } from "../../src/telegram/shared-buttons.js";
import { compactUuid } from "../../src/telegram/callback-codec.js";

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.stop();
});

const USER = 2201;
const ADDRESS = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const OTHER = "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb";
/** A rule card's buttons, an active rule's. */
const CARD_BUTTONS = ["rules-button-pause", "rules-button-cancel", "rules-button-cap", "rules-button-edit", "rules-button-fires", "button-refresh", "button-back"].map((key) => en(key));

const { sent, edited, tap } = userChat(() => h.tg, USER);
const toast = (predicate: (text: string) => boolean) =>
  h.tg.waitForCall("answerCallbackQuery", (p) => predicate(textOf(p)));
/** Taps callback data on the last bot message (as a stale or repeated tap would). */
const tapData = (data: string) => h.tg.tap({ userId: USER, messageId: h.tg.lastBotMessage(USER)!.messageId, data });
const labels = () => h.tg.buttons(USER).map((b) => b.text);
/** The callback data of the button labelled so on the last bot message (menu data is opaque). */
const dataOf = (label: RegExp) => h.tg.buttons(USER).find((b) => label.test(b.text))!.callbackData!;
const ruleButtons = () => h.tg.buttons(USER).filter((b) => /^\d+\. /.test(b.text));
/** Menu data aimed at another rule: the same button, another rule id in its payload. */
/** A button's data forged to act on another rule (its id as the codec packs it). */
const aimedAt = (data: string, from: string, to: string) => data.replace(compactUuid(from)!, compactUuid(to)!);

async function userWithClient(trx = "1000"): Promise<{ client: MarketplaceClient; accountId: string }> {
  const { apiKey, accountId } = await h.givenUserWithKey(USER, { trx });
  return { client: h.marketplace.forKey(apiKey), accountId };
}

async function openCard(id: string): Promise<string> {
  await h.tg.sendText({ userId: USER, text: "/rules" });
  await sent((t) => t.includes(en("rules-list-title")));
  // the card in the list's message, as Back to the rule from another view opens it
  await tapData(RuleCallbacks.card.pack({ id, page: 1 }));
  return String((await edited((t) => t.includes(id))).payload.text);
}

describe("/rules list", () => {
  it("says when there are no rules", async () => {
    await userWithClient();
    await h.tg.sendText({ userId: USER, text: "/rules" });
    const reply = await sent((t) => t.includes(en("rules-list-title")));
    expect(String(reply.payload.text)).toContain(en("rules-list-empty"));
  });

  it("groups active, paused and cancelled, newest first, with everything that applies and a button per rule", async () => {
    const { client } = await userWithClient();
    const refill = await client.createRefill({ targetAddress: ADDRESS, minimal: 40_000n, volume: 65_000n, duration: "1d", autoResume: true });
    const renewal = await client.createRenewal({ targetAddress: OTHER, volume: 131_000n });
    const smart = await client.enableSmart({ targetAddress: OTHER });
    const newerRefill = await client.createRefill({ targetAddress: OTHER, minimal: 1_000n, volume: 32_000n, duration: "1h" });
    await client.pauseRule(renewal.id);
    await client.cancelRule(smart.id);

    await h.tg.sendText({ userId: USER, text: "/rules" });
    const list = await h.tg.waitForCall("sendMessage", (p) => String(p.text).includes(en("rules-list-title")));
    const text = String(list.payload.text);
    const at = (s: string) => text.indexOf(s);
    expect(at("Active (2)")).toBeGreaterThan(0);
    expect(at("Paused (1)")).toBeGreaterThan(at("Active (2)"));
    expect(at("Cancelled (1)")).toBeGreaterThan(at("Paused (1)"));
    // Newest first inside Active: the second refill before the first.
    expect(text).toContain("1. 🔁 <b>Auto-refill</b> <code>T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb</code>");
    expect(text).toContain("2. 🔁 <b>Auto-refill</b> <code>TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t</code>");
    expect(text).toContain([en("rules-part-threshold", { volume: "40,000" }), en("rules-part-volume", { volume: "65,000" }), "1 day", en("rules-part-spent", { amount: "0 TRX" }), en("rules-part-auto-resume-on")].join(" · "));
    expect(text).toContain("3. 📅 <b>Auto-renewal</b>");
    // The renewal fired at creation: 131,000 × 75 SUN (one day) plus 10%.
    expect(text).toContain([en("rules-part-volume", { volume: "131,000" }), en("rules-part-spent", { amount: "10.81 TRX" }), en("rules-part-auto-resume-off")].join(" · "));
    expect(text).toContain(`⏸ ${en("rules-pause-user")}`);
    expect(text).toContain("4. 🧠 <b>Smart mode</b>");
    expect(labels().slice(0, 4)).toEqual(["1. 🔁 T9yD14…uWwb", "2. 🔁 TR7NHq…Lj6t", "3. 📅 T9yD14…uWwb", "4. 🧠 T9yD14…uWwb"]);
    expect(labels().slice(4)).toEqual([en("button-refresh")]);
    // Each button opens its own rule's card.
    await tap(/^2\./);
    await edited((t) => t.includes(refill.id));
    await tap(/^⬅️ Back$/);
    await edited((t) => t.includes("Active (2)"));
    await tap(/^3\./);
    await edited((t) => t.includes(renewal.id) && t.includes("⏸ paused"));
    expect(newerRefill.id).not.toBe(smart.id);
  });

  it("pages through many rules, 8 a page", async () => {
    const { client } = await userWithClient();
    for (let i = 0; i < 10; i++) await client.createRefill({ targetAddress: ADDRESS, minimal: BigInt(1000 + i), volume: 32_000n, duration: "1h" });
    await h.tg.sendText({ userId: USER, text: "/rules" });
    const first = await sent((t) => t.includes(en("rules-list-page", { page: 1, pages: 2 })));
    expect(String(first.payload.text)).toContain("Active (10)");
    expect(ruleButtons()).toHaveLength(8);
    expect(labels()).not.toContain("◀️");
    await tap(/▶️/);
    const second = await edited((t) => t.includes(en("rules-list-page", { page: 2, pages: 2 })));
    expect(String(second.payload.text)).toContain("9. 🔁");
    expect(String(second.payload.text)).toContain("below 1,000");
    expect(ruleButtons().map((b) => b.text.split(" ")[0])).toEqual(["9.", "10."]);
    expect(labels()).not.toContain("▶️");
    await tap(/◀️/);
    await edited((t) => t.includes(en("rules-list-page", { page: 1, pages: 2 })));
    await tap(/▶️/);
    await edited((t) => t.includes(en("rules-list-page", { page: 2, pages: 2 })));
    // Back from a card returns to the page it came from.
    await tap(/^10\./);
    await edited((t) => t.includes("ID:"));
    await tap(/^⬅️ Back$/);
    await edited((t) => t.includes(en("rules-list-page", { page: 2, pages: 2 })));
  });
});

describe("rule card and the state table", () => {
  it("active → pause → resume → cancel through the buttons, only the allowed buttons each time; repeats are noted, not errors", async () => {
    const { client } = await userWithClient();
    const rule = await client.createRefill({ targetAddress: ADDRESS, minimal: 40_000n, volume: 65_000n, duration: "1d" });
    const card = await openCard(rule.id);
    expect(card).toContain("Auto-refill</b> · 🟢 active");
    expect(card).toContain(en("rules-card-threshold", { volume: "<code>40,000</code>" }));
    expect(card).toContain(en("rules-card-volume", { volume: "<code>65,000</code>" }));
    expect(card).toContain(en("rules-card-duration", { duration: "1 day" }));
    expect(card).toContain("Auto-resume: off");
    expect(labels()).toEqual(CARD_BUTTONS);
    // Refresh with nothing changed: Telegram says "not modified", which is no error for the user.
    const refresh = await tap(/Refresh/);
    await h.tg.waitForCall("answerCallbackQuery", (p) => p.callback_query_id === refresh.callbackQueryId);
    expect(JSON.stringify((await h.tg.waitForCall("editMessageText")).response)).toContain("not modified");

    const pauseData = dataOf(/Pause/);
    await tap(/Pause/);
    const paused = await edited((t) => t.includes(en("rules-note-paused")));
    expect(String(paused.payload.text)).toContain("⏸ paused");
    expect(String(paused.payload.text)).toContain(en("rules-card-pause-reason", { reason: en("rules-pause-user") }));
    expect(labels()).toEqual([en("rules-button-resume"), ...CARD_BUTTONS.slice(1)]);
    expect((await client.listRules())[0]!.status).toBe("paused");

    // A repeated Pause (a double tap on the card as it was): the server refuses (409), the card says it is already paused.
    await tapData(pauseData);
    await edited((t) => t.includes(en("rules-note-already-paused")) && t.includes("⏸ paused"));

    const resumeData = dataOf(/Resume/);
    await tap(/Resume/);
    await edited((t) => t.includes("Resumed") && t.includes("🟢 active"));
    await tapData(resumeData);
    await edited((t) => t.includes(en("rules-note-already-active")));
    expect(labels()).toEqual(CARD_BUTTONS);

    await tap(en("rules-button-cancel"));
    const confirm = await edited((t) => t.includes(en("rules-cancel-confirm")));
    expect(String(confirm.payload.text)).toContain(en("rules-cancel-confirm"));
    expect(labels()).toEqual([en("rules-button-cancel-confirm"), en("rules-button-keep")]);
    await tap(/No, keep it/);
    await edited((t) => t.includes("🟢 active") && !t.includes(en("rules-cancel-confirm")));
    expect((await client.listRules())[0]!.status).toBe("active");

    await tap(en("rules-button-cancel"));
    await edited((t) => t.includes(en("rules-cancel-confirm")));
    const cancelData = dataOf(/Yes, cancel it/);
    await tap(/Yes, cancel it/);
    const cancelled = await edited((t) => t.includes(en("rules-note-cancelled")));
    expect(h.tg.callsOf("sendMessage").filter((c) => String(c.payload.text).includes(en("error-internal")))).toHaveLength(0);
    expect(String(cancelled.payload.text)).toContain("✖️ cancelled");
    expect(labels()).toEqual(["📜 Fires", "🔄 Refresh", "⬅️ Back"]);
    expect((await client.listRules())[0]!.status).toBe("cancelled");

    await tapData(cancelData);
    await edited((t) => t.includes(en("rules-note-already-cancelled")));
    expect(labels()).toEqual(["📜 Fires", "🔄 Refresh", "⬅️ Back"]);
    await tapData(resumeData);
    await edited((t) => t.includes(en("rules-note-state-changed")));
  });

  it("a paused rule can be cancelled; pausing a rule cancelled elsewhere shows the card as it stands", async () => {
    const { client } = await userWithClient();
    const rule = await client.enableSmart({ targetAddress: OTHER, autoResume: true });
    await client.pauseRule(rule.id);
    const card = await openCard(rule.id);
    expect(card).toContain("Smart mode</b> · ⏸ paused");
    expect(card).toContain(en("rules-card-smart-schedule"));
    expect(card).toContain("Auto-resume: on");
    await tap(en("rules-button-cancel"));
    await edited((t) => t.includes(en("rules-cancel-confirm")));
    await tap(/Yes, cancel it/);
    await edited((t) => t.includes(en("rules-note-cancelled")) && t.includes(en("rules-card-cancelled-final")));

    const other = await client.createRenewal({ targetAddress: ADDRESS, volume: 65_000n });
    await openCard(other.id);
    await client.cancelRule(other.id);
    await tap(/Pause/);
    await edited((t) => t.includes(en("rules-note-state-changed")) && t.includes("✖️ cancelled"));
  });

  it("an unknown or foreign rule id says the rule was not found", async () => {
    const { client } = await userWithClient();
    const own = await client.createRefill({ targetAddress: ADDRESS, minimal: 1_000n, volume: 32_000n, duration: "1h" });
    const stranger = h.sandbox.control.createAccount({ trx: "100" });
    const { key } = h.sandbox.control.createKey(stranger.accountId, { scope: "purchase" });
    const foreign = await h.marketplace.forKey(key).createRefill({ targetAddress: ADDRESS, minimal: 1_000n, volume: 32_000n, duration: "1h" });

    await openCard(own.id);
    const pause = dataOf(/Pause/);
    const fires = dataOf(/Fires/);
    await tapData(RuleCallbacks.card.pack({ id: randomUUID(), page: 1 }));
    await edited((t) => t.includes(en("rules-not-found")));
    expect(labels()).toEqual(["⬅️ Back"]);
    await tapData(aimedAt(pause, own.id, foreign.id));
    await edited((t) => t.includes(en("rules-not-found")));
    await openCard(own.id);
    await tapData(aimedAt(fires, own.id, foreign.id));
    await edited((t) => t.includes(en("rules-not-found")));
    expect((await h.marketplace.forKey(key).listRules())[0]!.status).toBe("active");
    expect((await client.listRules())[0]!.status).toBe("active");
  });

  it("a rules button tapped in a group does nothing: no pause happens", async () => {
    const { client } = await userWithClient();
    const rule = await client.createRefill({ targetAddress: ADDRESS, minimal: 1_000n, volume: 32_000n, duration: "1h" });
    await openCard(rule.id);
    const pause = dataOf(/Pause/);
    const GROUP = -100_220_1;
    await h.tg.sendText({ chatId: GROUP, chatType: "group", userId: USER, text: "hello" });
    const groupMessage = h.tg.messages(GROUP).at(-1)!;
    const forged = await h.tg.tap({ chatId: GROUP, userId: USER, messageId: groupMessage.messageId, data: pause });
    await h.tg.waitForCall("answerCallbackQuery", (p) => p.callback_query_id === forged.callbackQueryId && String(p.text).includes(en("private-only-button")));
    const notice = await h.tg.tap({ chatId: GROUP, userId: USER, messageId: groupMessage.messageId, data: SharedButtons.openRule.pack({ id: rule.id }) });
    await h.tg.waitForCall("answerCallbackQuery", (p) => p.callback_query_id === notice.callbackQueryId && String(p.text).includes(en("private-only-button")));
    expect((await client.listRules())[0]!.status).toBe("active");
    expect(h.tg.callsOf("editMessageText").filter((c) => c.payload.chat_id === GROUP)).toHaveLength(0);
  });

  it("Open rule on a pushed notice sends the card as a new message; the notice stays", async () => {
    const { client } = await userWithClient();
    const rule = await client.createRenewal({ targetAddress: ADDRESS, volume: 65_000n });
    // what the notices send (src/notices/render.ts): a plain keyboard with the shared button
    const { message_id: noticeId } = await h.bot.api.sendMessage(USER, "Rule paused", {
      reply_markup: { inline_keyboard: [[{ text: "⚙️ Open rule", callback_data: SharedButtons.openRule.pack({ id: rule.id }) }]] },
    });
    await h.tg.tapButton({ userId: USER, messageId: noticeId, text: /Open rule/ });
    const card = await sent((t) => t.includes(rule.id));
    expect(String(card.payload.text)).toContain("Auto-renewal</b> · 🟢 active");
    expect(labels()).toEqual(CARD_BUTTONS);
    expect(h.tg.messages(USER).find((m) => m.messageId === noticeId)?.text).toBe("Rule paused");
    await tap(/Pause/);
    await edited((t) => t.includes(en("rules-note-paused")) && t.includes(rule.id));
    expect((await client.listRules())[0]!.status).toBe("paused");
    await tap(/^⬅️ Back$/);
    await edited((t) => t.includes(en("rules-list-title")) && t.includes("Paused (1)"));
  });
});

describe("firings, pauses for balance, and auto-resume", () => {
  it("lists firings after the sandbox consumes energy or a day passes, 10 a page, newest first", async () => {
    const { client } = await userWithClient();
    const refill = await client.createRefill({ targetAddress: ADDRESS, minimal: 65_000n, volume: 32_000n, duration: "1h" });
    const renewal = await client.createRenewal({ targetAddress: OTHER, volume: 65_000n });
    for (let i = 0; i < 12; i++) h.sandbox.control.consumeEnergy(ADDRESS, 60_000n);
    await h.sandbox.control.advanceClock(24 * 3600 * 1000);

    await openCard(refill.id);
    await tap(/Fires/);
    const page1 = String((await edited((t) => enPattern("rules-fires-intro").test(t))).payload.text);
    // 12 falls below the threshold, and at least one more when those 1-hour delegations expired during
    // the day (the sandbox's real-time tick may add another, so the exact count is read from the card).
    const shown = Number(/\((\d+)\)/.exec(page1)?.[1]); // the intro's count, the page's first number in brackets
    expect(shown).toBeGreaterThanOrEqual(13);
    const fires = await client.ruleFires(refill.id);
    expect(fires.length).toBeGreaterThanOrEqual(shown);
    const fmt = createFormatter("en");
    // 32,000 × 60 SUN = 1.92 TRX, plus 10%; newest first.
    expect(page1).toMatch(/1\. .+ — 32,000 energy · 1 hour · <code>2\.11 TRX<\/code>/);
    expect(fires[0]!.createdAt > fires[12]!.createdAt).toBe(true);
    expect(page1).toContain("10. ");
    expect(page1).not.toContain("11. ");
    expect(page1).toContain(en("rules-list-page", { page: 1, pages: 2 }));
    expect(labels()).toEqual(["▶️", en("button-refresh"), en("rules-button-back-to-rule")]);
    await tap(/▶️/);
    const page2 = String((await edited((t) => t.includes(en("rules-list-page", { page: 2, pages: 2 })))).payload.text);
    expect(labels()).toEqual(["◀️", en("button-refresh"), en("rules-button-back-to-rule")]);
    expect(page2).toContain(`${shown}. ${fmt.dateTime(fires[fires.length - 1]!.createdAt)}`);
    await tap(en("rules-button-back-to-rule"));
    const card = String((await edited((t) => t.includes("Spent:"))).payload.text);
    const spent = trxToSun((await client.listRules()).find((r) => r.id === refill.id)!.spentTrx);
    const firingsPaid = spent / 2_112_000n;
    expect(spent % 2_112_000n).toBe(0n); // every firing charged 2.112 TRX
    expect(firingsPaid >= 13n && firingsPaid <= BigInt(fires.length + 1)).toBe(true);
    // the card shows it to the cent, as every amount from 1 TRX up
    expect(card).toContain(`Spent: <code>${fmt.trx(spent)}</code>`);
    expect(card).toMatch(/Spent: <code>[\d,]+\.\d{2} TRX<\/code>/);

    // The renewal fired at creation and again after the UTC day turned.
    await openCard(renewal.id);
    await tap(/Fires/);
    const renewals = String((await edited((t) => enPattern("rules-fires-intro", { count: 2 }).test(t))).payload.text);
    expect(renewals).toContain("65,000 energy · 1 day · <code>5.36 TRX</code>");
  });

  it("a firing the balance cannot cover pauses the rule (System); Resume shows the shortfall; a deposit auto-resumes only auto-resume rules", async () => {
    const { client, accountId } = await userWithClient("10");
    const rule = await client.createRefill({ targetAddress: ADDRESS, minimal: 65_000n, volume: 131_000n, duration: "1h", autoResume: true });
    const manual = await client.createRefill({ targetAddress: ADDRESS, minimal: 65_000n, volume: 131_000n, duration: "1h", autoResume: false });
    h.sandbox.control.consumeEnergy(ADDRESS, 1_000n); // the first fires (8.646 TRX, 1.354 left); the second cannot: System pause
    h.sandbox.control.consumeEnergy(ADDRESS, 200_000n); // the first cannot fire again: System pause
    const card = await openCard(rule.id);
    expect(card).toContain("⏸ paused");
    expect(card).toContain(en("rules-card-pause-reason", { reason: en("rules-pause-system") }));
    expect(card).toContain("Spent: <code>8.65 TRX</code>");

    await tap(/Resume/);
    const refused = String((await edited((t) => t.includes(en("error-insufficient-balance")))).payload.text);
    expect(refused).toContain(en("rules-shortfall", { price: "<code>8.65 TRX</code>", balance: "<code>1.35 TRX</code>", missing: "<code>7.30 TRX</code>" }));
    // 7.292 TRX missing, rounded up: depositing what is shown is enough
    expect(refused).toContain(en("rules-shortfall", { price: "<code>8.65 TRX</code>", balance: "<code>1.35 TRX</code>", missing: "<code>7.30 TRX</code>" }));
    expect(labels()).toEqual([en("button-deposit"), en("rules-button-back-to-rule")]);
    expect(h.tg.buttons(USER).map((b) => b.callbackData)).toEqual(["dep", RuleCallbacks.card.pack({ id: rule.id, page: 1 })]);

    h.sandbox.control.deposit(accountId, "20");
    await tap(en("rules-button-back-to-rule"));
    const resumed = String((await edited((t) => t.includes("Spent:"))).payload.text);
    expect(resumed).toContain("🟢 active");
    expect(resumed).not.toMatch(enPattern("rules-card-pause-reason"));

    // Without auto-resume the rule waits for the user, who can now resume it.
    const waiting = await openCard(manual.id);
    expect(waiting).toContain(en("rules-card-pause-reason", { reason: en("rules-pause-system") }));
    expect(waiting).toContain("Auto-resume: off");
    await tap(/Resume/);
    await edited((t) => t.includes("Resumed") && t.includes(manual.id) && t.includes("🟢 active"));
  });

  it("a rule paused by the user stays paused after a deposit, and Resume works once the balance covers a firing", async () => {
    const { client, accountId } = await userWithClient("1");
    const rule = await client.enableSmart({ targetAddress: OTHER, autoResume: true }).catch(() => undefined);
    expect(rule).toBeUndefined(); // 1 TRX does not cover a smart delivery
    h.sandbox.control.deposit(accountId, "20");
    const smart = await client.enableSmart({ targetAddress: OTHER, autoResume: true });
    await client.pauseRule(smart.id);
    h.sandbox.control.deposit(accountId, "5");
    const card = await openCard(smart.id);
    expect(card).toContain(en("rules-card-pause-reason", { reason: en("rules-pause-user") }));
    await tap(/Resume/);
    await edited((t) => t.includes("Resumed") && t.includes("🟢 active"));
    await toast((t) => t.includes("Resumed"));
  });
});
