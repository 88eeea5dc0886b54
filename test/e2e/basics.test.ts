import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../support/harness.js";

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.stop();
});

const USER = 1001;

describe("basics through the fake Bot API", () => {
  it("/start welcomes in the user's Telegram language and offers the first step", async () => {
    await h.tg.sendText({ userId: USER, text: "/start", languageCode: "ru", firstName: "Ann" });
    const call = await h.tg.waitForCall("sendMessage");
    expect(call.payload.text).toContain("Привет, Ann");
    expect(call.payload.parse_mode).toBe("HTML");
    expect(h.tg.buttons(USER).map((b) => b.callbackData)).toContain("key.add");
  });

  it("/help lists every command with one line each; groups get the group subset", async () => {
    await h.tg.sendText({ userId: USER, text: "/help" });
    const call = await h.tg.waitForCall("sendMessage");
    const text = String(call.payload.text);
    for (const c of ["/buy", "/balance", "/rules", "/check", "/cancel", "/language"]) expect(text).toContain(c);
    await h.tg.sendText({ userId: USER, chatId: -500, chatType: "group", text: "/help" });
    const group = String((await h.tg.waitForCall("sendMessage", (p) => p.chat_id === -500)).payload.text);
    expect(group).toContain("/check");
    expect(group).not.toContain("/buy");
  });

  it("/language switches the language and the choice survives a restart", async () => {
    await h.tg.sendText({ userId: USER, text: "/language", languageCode: "en" });
    await h.tg.waitForCall("sendMessage");
    await h.tg.tapButton({ userId: USER, text: /中文/ });
    const edit = await h.tg.waitForCall("editMessageText");
    expect(edit.payload.text).toBe("语言已设置为中文。");
    // the same choice again changes nothing on screen: a toast, never an error
    const again = await h.tg.tapButton({ userId: USER, text: /中文/ });
    const answer = await h.tg.waitForCall("answerCallbackQuery", (p) => p.callback_query_id === again.callbackQueryId);
    expect(answer.payload.text).toBe("语言已设置为中文。");
    expect(h.tg.callsOf("sendMessage").filter((c) => String(c.payload.text).includes("出了点问题"))).toHaveLength(0);
    await h.restart();
    await h.tg.sendText({ userId: USER, text: "/start", languageCode: "en" });
    const start = await h.tg.waitForCall("sendMessage", (p) => String(p.text).includes("你好"));
    expect(start.payload.text).toContain("TRON");
  });

  it("/cancel says when there is nothing to cancel; stray buttons and text point to /help", async () => {
    await h.tg.sendText({ userId: USER, text: "/cancel" });
    expect((await h.tg.waitForCall("sendMessage")).payload.text).toContain("nothing to cancel");
    await h.tg.sendText({ userId: USER, text: "hello there" });
    expect((await h.tg.waitForCall("sendMessage")).payload.text).toContain("/help");
    const sent = await h.tg.waitForCall("sendMessage", undefined, 100).catch(() => undefined);
    expect(sent).toBeUndefined();
    await h.tg.sendText({ userId: USER, text: "/start" });
    await h.tg.waitForCall("sendMessage");
    await h.tg.tap({ userId: USER, messageId: h.tg.lastBotMessage(USER)!.messageId, data: "zz:unknown" });
    const answer = await h.tg.waitForCall("answerCallbackQuery");
    expect(answer.payload.text).toContain("/help");
  });
});

describe("account commands in groups", () => {
  it("point to the private chat instead of showing the account", async () => {
    await h.givenUserWithKey(USER);
    for (const command of ["/balance", "/buy", "/orders", "/keys"]) {
      await h.tg.sendText({ userId: USER, chatId: -700, chatType: "supergroup", text: command });
      const call = await h.tg.waitForCall("sendMessage", (p) => p.chat_id === -700);
      expect(call.payload.text).toContain("private chat");
      expect(h.tg.buttons(-700).at(-1)?.url).toBe(`https://t.me/${h.tg.botInfo.username}?start`);
    }
    await h.tg.sendText({ userId: USER, chatId: -700, chatType: "supergroup", text: "/check TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t" });
    const check = await h.tg.waitForCall("sendMessage", (p) => p.chat_id === -700);
    expect(check.payload.text).not.toContain("private chat");
  });

  it("/start in a group welcomes without account buttons: its one button opens the private chat", async () => {
    await h.tg.sendText({ userId: USER, chatId: -701, chatType: "group", text: "/start" });
    await h.tg.waitForCall("sendMessage", (p) => p.chat_id === -701);
    const buttons = h.tg.buttons(-701);
    expect(buttons.map((b) => b.callbackData).filter(Boolean)).toEqual([]);
    expect(buttons.map((b) => b.url)).toEqual([`https://t.me/${h.tg.botInfo.username}?start`]);
  });
});
