/**
 * What every button of the bot guarantees, whatever feature it belongs to: each tap is answered
 * exactly once; an answer Telegram refuses ("query is too old") does not stop the action; taps on
 * messages sent through inline mode (no message, no chat) are handled; and account buttons do
 * nothing outside the owner's private chat, even with callback data copied from it.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../support/harness.js";
import { textOf } from "../support/payload.js";
import { SharedButtons } from "../../src/telegram/shared-buttons.js";

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.stop();
});

const USER = 3301;
const GROUP = -100_3301;
const ADDRESS = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const RU_LANGUAGE_CHANGED = "Язык изменён на русский.";
const TOO_OLD = "Bad Request: query is too old and response timeout expired or query ID is invalid";

const answersOf = (callbackQueryId: string) => h.tg.callsOf("answerCallbackQuery").filter((c) => c.payload.callback_query_id === callbackQueryId);

/** Waits until the update has been handled (its answer is the last thing the bot does for a tap). */
async function answered(callbackQueryId: string): Promise<Record<string, unknown>> {
  const call = await h.tg.waitForCall("answerCallbackQuery", (p) => p.callback_query_id === callbackQueryId);
  return call.payload;
}

async function openBalanceCard(): Promise<void> {
  await h.givenUserWithKey(USER, { trx: "25" });
  await h.tg.sendText({ userId: USER, text: "/balance" });
  await h.tg.waitForCall("sendMessage", (p) => String(p.text).includes("Your balance"));
}

describe("every tap is answered exactly once", () => {
  it("a codec button whose handler shows a toast: one answer, with the toast", async () => {
    await openBalanceCard();
    const { callbackQueryId } = await h.tg.tapButton({ userId: USER, text: /Refresh/ });
    const answer = await answered(callbackQueryId);
    expect(["Balance updated", "No change since the last update"]).toContain(answer.text);
    // a later, second answer would have been refused by Telegram: give it the chance to happen
    await h.tg.sendText({ userId: USER, text: "/help" });
    await h.tg.waitForCall("sendMessage", (p) => String(p.text).includes("What I can do"));
    expect(answersOf(callbackQueryId)).toHaveLength(1);
  });

  it("a menu button: one answer, with the handler's toast", async () => {
    await h.tg.sendText({ userId: USER, text: "/language" });
    await h.tg.waitForCall("sendMessage");
    const { callbackQueryId } = await h.tg.tapButton({ userId: USER, text: /Русский/ });
    expect((await answered(callbackQueryId)).text).toBe(RU_LANGUAGE_CHANGED);
    await h.tg.sendText({ userId: USER, text: "/help" });
    await h.tg.waitForCall("sendMessage", (p) => p.chat_id === USER && String(p.text).length > 0);
    expect(answersOf(callbackQueryId)).toHaveLength(1);
  });

  it("a tap a conversation takes (Cancel on a flow's step): one answer", async () => {
    await h.tg.sendText({ userId: USER, text: "/check" });
    await h.tg.waitForCall("sendMessage", (p) => String(p.text).includes("Send me the TRON address"));
    const { callbackQueryId } = await h.tg.tapButton({ userId: USER, text: /Cancel/ });
    await h.tg.waitForCall("editMessageText", (p) => String(p.text).includes("Cancelled"));
    await h.tg.sendText({ userId: USER, text: "/help" });
    await h.tg.waitForCall("sendMessage", (p) => String(p.text).includes("What I can do"));
    expect(answersOf(callbackQueryId)).toHaveLength(1);
  });

  it("a tap nobody handles gets one answer pointing to /help", async () => {
    await openBalanceCard();
    const card = h.tg.lastBotMessage(USER)!;
    const { callbackQueryId } = await h.tg.tap({ userId: USER, messageId: card.messageId, data: "no.such:button" });
    expect((await answered(callbackQueryId)).text).toContain("/help");
    expect(answersOf(callbackQueryId)).toHaveLength(1);
  });
});

describe("an answer Telegram refuses", () => {
  it("is ignored: Refresh still edits the card and no error reaches the user", async () => {
    await openBalanceCard();
    h.tg.failNext("answerCallbackQuery", { code: 400, description: TOO_OLD });
    const card = h.tg.lastBotMessage(USER)!;
    await h.tg.tapButton({ userId: USER, text: /Refresh/ });
    const edit = await h.tg.waitForCall(["editMessageText", "sendMessage"], (p) => p.chat_id === USER && p.message_id === card.messageId);
    expect(String(edit.payload.text)).toContain("Your balance");
    expect(h.tg.callsOf("sendMessage").filter((c) => String(c.payload.text).includes("went wrong"))).toHaveLength(0);
    expect(h.logs.join("")).not.toMatch(/"level":50/);
  });
});

describe("taps on a message sent through inline mode (no message, no chat)", () => {
  function inlineTap(data: string) {
    return h.tg.injectUpdate({
      callback_query: {
        id: "777000111",
        from: { id: USER, is_bot: false, first_name: "Ann", language_code: "en" },
        inline_message_id: "AQAAAGI3ZmFrZQ",
        chat_instance: "42",
        data,
      },
    });
  }

  it("a public button (Refresh of an address card) edits the inline message by its id", async () => {
    await inlineTap(SharedButtons.checkAddress.pack({ address: ADDRESS }));
    const edit = await h.tg.waitForCall("editMessageText", (p) => p.inline_message_id === "AQAAAGI3ZmFrZQ");
    expect(String(edit.payload.text)).toContain(ADDRESS);
    await answered("777000111");
    expect(answersOf("777000111")).toHaveLength(1);
  });

  it("an account button is answered with a note and does nothing", async () => {
    await h.givenUserWithKey(USER);
    await inlineTap(SharedButtons.showBalance.pack());
    expect((await answered("777000111")).text).toContain("private chat");
    expect(h.tg.callsOf("sendMessage")).toHaveLength(0);
    expect(h.tg.callsOf("editMessageText")).toHaveLength(0);
  });
});

describe("account buttons outside the private chat", () => {
  it("forged account callbacks tapped in a group do nothing and post nothing there", async () => {
    await h.givenUserWithKey(USER);
    // a message in the group to tap on, as if someone had forwarded a card there
    await h.tg.sendText({ chatId: GROUP, userId: USER, text: `/check ${ADDRESS}`, chatType: "group" });
    const card = await h.tg.waitForCall("sendMessage", (p) => p.chat_id === GROUP);
    const messageId = (card.response as { result: { message_id: number } }).result.message_id;
    const sentBefore = h.tg.callsOf("sendMessage").length;
    const keysBefore = JSON.stringify(await h.store.apiKeys.list(USER));
    for (const data of [SharedButtons.showBalance.pack(), SharedButtons.addKey.pack(), SharedButtons.listRules.pack(), SharedButtons.buyFor.pack({ address: ADDRESS }), "language/0/1/ru/h0"]) {
      const { callbackQueryId } = await h.tg.tap({ chatId: GROUP, userId: USER, messageId, data });
      expect((await answered(callbackQueryId)).text).toContain("private chat");
    }
    expect(h.tg.callsOf("sendMessage").length).toBe(sentBefore);
    expect(h.tg.callsOf("editMessageText")).toHaveLength(0);
    expect(JSON.stringify(await h.store.apiKeys.list(USER))).toBe(keysBefore);
    expect(await h.store.users.getLanguage(USER)).toBeFalsy();
  });

  it("public buttons still work in a group: the address card's Refresh", async () => {
    await h.tg.sendText({ chatId: GROUP, userId: USER, text: `/check ${ADDRESS}`, chatType: "group" });
    await h.tg.waitForCall("sendMessage", (p) => p.chat_id === GROUP);
    await h.tg.tapButton({ chatId: GROUP, userId: USER, text: /Refresh/ });
    const answer = await h.tg.waitForCall("answerCallbackQuery");
    expect(textOf(answer.payload)).not.toContain("private chat");
    await h.tg.waitForCall("editMessageText", (p) => p.chat_id === GROUP);
  });
});
