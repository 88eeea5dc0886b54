/** /settings: notices on/off, a notice per firing, and the balance-alert threshold (typed, validated, "off"). */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../support/harness.js";
import { parseAlertAmount } from "../../src/bot/features/settings/flow.js";

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
    const card = String((await botSaid(/Settings/)).payload.text);
    expect(card).toContain("Notices: <b>on</b>");
    expect(card).toContain("every rule firing: <b>off</b>");
    expect(card).toContain("Balance alert: <b>off</b>");
    await h.tg.tapButton({ userId: USER, text: /Turn notices off/ });
    await h.tg.waitForCall("editMessageText", (p) => String(p.text).includes("Notices: <b>off</b>"));
    expect((await h.store.users.get(USER))?.noticesEnabled).toBe(false);
    await h.tg.tapButton({ userId: USER, text: /A notice per firing/ });
    await h.tg.waitForCall("editMessageText", (p) => String(p.text).includes("every rule firing: <b>on</b>"));
    expect(await h.store.users.get(USER)).toMatchObject({ noticesEnabled: false, notifyFires: true });
  });

  it("sets the balance alert from a typed TRX amount, refuses bad amounts, and turns it off", async () => {
    await h.store.users.touch(USER, USER);
    await h.store.users.update(USER, { balanceAlertTripped: true });
    await say("/settings");
    await botSaid(/Settings/);
    await h.tg.tapButton({ userId: USER, text: /Set a balance alert/ });
    await botSaid(/Send the TRX amount/);
    for (const bad of ["lots", "-5", "0.0", "12.1234567", "1e3"]) {
      await say(bad);
      await botSaid(/Please send a TRX amount greater than 0/);
    }
    expect((await h.store.users.get(USER))?.balanceAlertSun).toBeNull();
    await say("12,5 TRX");
    const set = String((await botSaid(/Balance alert set/)).payload.text);
    expect(set).toContain("below <code>12.50 TRX</code>");
    expect(await h.store.users.get(USER)).toMatchObject({ balanceAlertSun: "12500000", balanceAlertTripped: false });
    // the card, the prompt, every retry and the result: one message
    expect(h.tg.callsOf("sendMessage")).toHaveLength(1);

    await h.tg.tapButton({ userId: USER, text: /Settings/ });
    await h.tg.waitForCall("editMessageText", (p) => String(p.text).includes("Balance alert: when the balance falls below"));
    await h.tg.tapButton({ userId: USER, text: /Alert off/ });
    await h.tg.waitForCall("editMessageText", (p) => String(p.text).includes("Balance alert: <b>off</b>"));
    expect((await h.store.users.get(USER))?.balanceAlertSun).toBeNull();

    await h.tg.tapButton({ userId: USER, text: /Set a balance alert/ });
    await botSaid(/Send the TRX amount/);
    await say("300");
    await botSaid(/Balance alert set/);
    await h.tg.tapButton({ userId: USER, text: /Settings/ });
    await botSaid(/below <code>300.00 TRX<\/code>/);
    await h.tg.tapButton({ userId: USER, text: /Change the alert/ });
    await botSaid(/Send the TRX amount/);
    await say("off");
    await botSaid(/Balance alert turned off/);
    expect((await h.store.users.get(USER))?.balanceAlertSun).toBeNull();
  });

  it("the alert prompt: Alert off on the prompt, and Cancel changes nothing", async () => {
    await h.store.users.touch(USER, USER);
    await h.store.users.update(USER, { balanceAlertSun: "5000000" });
    await say("/settings");
    await botSaid(/Settings/);
    await h.tg.tapButton({ userId: USER, text: /Change the alert/ });
    await botSaid(/Send the TRX amount/);
    expect(h.tg.buttons(USER).map((b) => b.text)).toEqual(["✖️ Alert off", "✖️ Cancel"]);
    await h.tg.tapButton({ userId: USER, text: /Cancel/ });
    const cancelled = await h.tg.waitForCall("editMessageText", (p) => String(p.text).includes("Cancelled"));
    // the way back to the card the prompt came from, and nothing else
    expect(h.tg.buttons(USER).map((b) => b.text)).toEqual(["⚙️ Settings"]);
    expect((await h.store.users.get(USER))?.balanceAlertSun).toBe("5000000");
    await say("7");
    await botSaid(/did not understand/); // the prompt is gone
    expect((await h.store.users.get(USER))?.balanceAlertSun).toBe("5000000");
    await h.tg.tapButton({ userId: USER, messageId: cancelled.payload.message_id as number, text: "⚙️ Settings" });
    await h.tg.waitForCall(["editMessageText", "sendMessage"], (p) => String(p.text).includes("Settings") && !String(p.text).includes("Cancelled"));

    await say("/settings");
    await botSaid(/Settings/);
    await h.tg.tapButton({ userId: USER, text: /Change the alert/ });
    await botSaid(/Send the TRX amount/);
    await h.tg.tapButton({ userId: USER, text: /Alert off/ });
    await botSaid(/Balance alert turned off/);
    expect((await h.store.users.get(USER))?.balanceAlertSun).toBeNull();
  });

  it("a settings button forged in a group does nothing", async () => {
    await say("/settings");
    await botSaid(/Settings/);
    const toggle = h.tg.buttons(USER).find((b) => /Turn notices off/.test(b.text))!.callbackData!;
    // a message of the bot's in a group, carrying data copied from the private card
    await h.tg.sendText({ userId: USER, chatId: -300, chatType: "group", text: "/settings" });
    await h.tg.waitForCall("sendMessage", (p) => p.chat_id === -300);
    await h.tg.tap({ userId: USER, chatId: -300, messageId: h.tg.lastBotMessage(-300)!.messageId, data: toggle });
    const refused = await h.tg.waitForCall("answerCallbackQuery", (p) => /only in my private chat/.test(String(p.text)));
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
