/** /settings: notices on/off, a notice per firing, and the balance-alert threshold (typed, validated, "off"). */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../support/harness.js";
import { parseAlertAmount } from "../../src/bot/features/settings/flow.js";
import { en, enPattern } from "../support/locale.js";

const USER = 9090;
let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.stop();
});

const say = (text: string, languageCode?: string) => h.tg.sendText({ userId: USER, text, ...(languageCode ? { languageCode } : {}) });
const botSaid = (pattern: RegExp) => h.tg.waitForCall(["sendMessage", "editMessageText"], (p) => p.chat_id === USER && pattern.test(String(p.text)));

describe("/settings", () => {
  it("toggles notices and the per-firing notice in place", async () => {
    await say("/settings");
    const card = String((await botSaid(enPattern("settings-title"))).payload.text);
    expect(card).toContain(en("settings-notices-on"));
    expect(card).toContain(en("settings-fires-off"));
    expect(card).toContain(en("settings-alert-none"));
    await h.tg.tapButton({ userId: USER, text: en("settings-button-notices-off") });
    await h.tg.waitForCall("editMessageText", (p) => String(p.text).includes(en("settings-notices-off")));
    expect((await h.store.users.get(USER))?.noticesEnabled).toBe(false);
    await h.tg.tapButton({ userId: USER, text: en("settings-button-fires-on") });
    await h.tg.waitForCall("editMessageText", (p) => String(p.text).includes(en("settings-fires-on")));
    expect(await h.store.users.get(USER)).toMatchObject({ noticesEnabled: false, notifyFires: true });
  });

  it("sets the balance alert from a typed TRX amount, refuses bad amounts, and turns it off", async () => {
    await h.store.users.touch(USER, USER);
    await h.store.users.update(USER, { balanceAlertTripped: true });
    await say("/settings");
    await botSaid(enPattern("settings-title"));
    await h.tg.tapButton({ userId: USER, text: en("settings-button-alert-set") });
    await botSaid(enPattern("settings-alert-ask"));
    for (const bad of ["lots", "-5", "0.0", "12.1234567", "1e3"]) {
      await say(bad);
      await botSaid(enPattern("settings-alert-bad"));
    }
    expect((await h.store.users.get(USER))?.balanceAlertSun).toBeNull();
    await say("12,5 TRX");
    const set = String((await botSaid(enPattern("settings-alert-set"))).payload.text);
    expect(set).toContain(en("settings-alert-set", { amount: "<code>12.50 TRX</code>" }));
    expect(await h.store.users.get(USER)).toMatchObject({ balanceAlertSun: "12500000", balanceAlertTripped: false });
    // the card, the prompt, every retry and the result: one message
    expect(h.tg.callsOf("sendMessage")).toHaveLength(1);

    await h.tg.tapButton({ userId: USER, text: en("settings-button-open") });
    await h.tg.waitForCall("editMessageText", (p) => enPattern("settings-alert-value").test(String(p.text)));
    await h.tg.tapButton({ userId: USER, text: en("settings-button-alert-clear") });
    await h.tg.waitForCall("editMessageText", (p) => String(p.text).includes(en("settings-alert-none")));
    expect((await h.store.users.get(USER))?.balanceAlertSun).toBeNull();

    await h.tg.tapButton({ userId: USER, text: en("settings-button-alert-set") });
    await botSaid(enPattern("settings-alert-ask"));
    await say("300");
    await botSaid(enPattern("settings-alert-set"));
    await h.tg.tapButton({ userId: USER, text: en("settings-button-open") });
    await botSaid(enPattern("settings-alert-value", { amount: "<code>300.00 TRX</code>" }));
    await h.tg.tapButton({ userId: USER, text: en("settings-button-alert-change") });
    await botSaid(enPattern("settings-alert-ask"));
    await say("off");
    await botSaid(enPattern("settings-alert-cleared"));
    expect((await h.store.users.get(USER))?.balanceAlertSun).toBeNull();
  });

  it("the alert prompt: Alert off on the prompt, and Cancel changes nothing", async () => {
    await h.store.users.touch(USER, USER);
    await h.store.users.update(USER, { balanceAlertSun: "5000000" });
    await say("/settings");
    await botSaid(enPattern("settings-title"));
    await h.tg.tapButton({ userId: USER, text: en("settings-button-alert-change") });
    await botSaid(enPattern("settings-alert-ask"));
    expect(h.tg.buttons(USER).map((b) => b.text)).toEqual([en("settings-button-alert-clear"), en("button-cancel")]);
    await h.tg.tapButton({ userId: USER, text: /Cancel/ });
    const cancelled = await h.tg.waitForCall("editMessageText", (p) => String(p.text).includes("Cancelled"));
    // the way back to the card the prompt came from, and nothing else
    expect(h.tg.buttons(USER).map((b) => b.text)).toEqual([en("settings-button-open")]);
    expect((await h.store.users.get(USER))?.balanceAlertSun).toBe("5000000");
    await say("7");
    await botSaid(enPattern("fallback-message")); // the prompt is gone
    expect((await h.store.users.get(USER))?.balanceAlertSun).toBe("5000000");
    await h.tg.tapButton({ userId: USER, messageId: cancelled.payload.message_id as number, text: en("settings-button-open") });
    await h.tg.waitForCall(["editMessageText", "sendMessage"], (p) => String(p.text).includes(en("settings-title")) && !String(p.text).includes("Cancelled"));

    await say("/settings");
    await botSaid(enPattern("settings-title"));
    await h.tg.tapButton({ userId: USER, text: en("settings-button-alert-change") });
    await botSaid(enPattern("settings-alert-ask"));
    await h.tg.tapButton({ userId: USER, text: en("settings-button-alert-clear") });
    await botSaid(enPattern("settings-alert-cleared"));
    expect((await h.store.users.get(USER))?.balanceAlertSun).toBeNull();
  });

  it("a settings button forged in a group does nothing", async () => {
    await say("/settings");
    await botSaid(enPattern("settings-title"));
    const toggle = h.tg.buttons(USER).find((b) => b.text === en("settings-button-notices-off"))!.callbackData!;
    // a message of the bot's in a group, carrying data copied from the private card
    await h.tg.sendText({ userId: USER, chatId: -300, chatType: "group", text: "/settings" });
    await h.tg.waitForCall("sendMessage", (p) => p.chat_id === -300);
    await h.tg.tap({ userId: USER, chatId: -300, messageId: h.tg.lastBotMessage(-300)!.messageId, data: toggle });
    const refused = await h.tg.waitForCall("answerCallbackQuery", (p) => p.text === en("private-only-button"));
    expect(refused.payload.show_alert).toBe(true);
    expect((await h.store.users.get(USER))?.noticesEnabled).toBe(true);
    expect(h.tg.callsOf("editMessageText")).toHaveLength(0);
  });

  it("speaks the user's language and accepts its word for off; groups are pointed to the private chat", async () => {
    await say("/settings", "ru");
    await botSaid(/Настройки/);
    await h.tg.tapButton({ userId: USER, text: /Задать оповещение/ });
    await botSaid(/Пришлите сумму в TRX/);
    await say("выкл", "ru");
    await botSaid(/Оповещение о балансе выключено/);
    await h.tg.sendText({ userId: USER, chatId: -200, chatType: "group", text: "/settings" });
    await h.tg.waitForCall("sendMessage", (p) => p.chat_id === -200 && /личном чате/.test(String(p.text)));
  });

  it("parses amounts without floats", () => {
    expect(parseAlertAmount("50")).toBe(50_000_000n);
    expect(parseAlertAmount(" 0.000001 ")).toBe(1n);
    expect(parseAlertAmount("1 000")).toBe(1_000_000_000n);
    expect(parseAlertAmount("12,5")).toBe(12_500_000n);
    expect(parseAlertAmount("99999999999")).toBeUndefined();
    expect(parseAlertAmount("0.0000001")).toBeUndefined();
  });
});
