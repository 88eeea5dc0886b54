import { describe, expect, it } from "vitest";
import { Api, Context } from "grammy";
import type { Update } from "grammy/types";
import { testBotInfo } from "../../src/dev/telegram-fake/bot-info.js";
import { readReply, type ReplyRules } from "../../src/bot/flow/reply-rules.js";

const ME = testBotInfo({ id: 4343 });
const USER = { id: 7, is_bot: false, first_name: "Ann" };
const CHAT = { id: 7, type: "private" as const, first_name: "Ann" };

const ctxOf = (update: Omit<Update, "update_id">) => new Context({ update_id: 1, ...update }, new Api("1:x"), ME);
const message = (extra: Record<string, unknown>, from = USER) => ctxOf({ message: { message_id: 5, date: 0, chat: CHAT, from, ...extra } });
const text = (t: string, from = USER) => message({ text: t }, from);
const tap = (data: string, from = USER, messageId = 3) =>
  ctxOf({ callback_query: { id: "q", from, chat_instance: "c", data, message: { message_id: messageId, date: 0, chat: CHAT } } });

const RULES: ReplyRules = { buttons: /^pick:(\w+)$/, isCancel: (ctx) => ctx.callbackQuery?.data === "cancel" && ctx.callbackQuery.message?.message_id === 3 };

describe("readReply: what an update means to a waiting question", () => {
  it("typed text is the answer (trimmed); a tap on the question's buttons too, with its match", () => {
    expect(readReply(text("  TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t  "), RULES)).toEqual({ kind: "text", text: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t" });
    const read = readReply(tap("pick:energy"), RULES);
    expect(read.kind).toBe("button");
    expect(read.kind === "button" && read.match[1]).toBe("energy");
  });

  it("a /command leaves the question and runs as usual; /cancel leaves it and goes no further", () => {
    expect(readReply(text("/help"), RULES)).toEqual({ kind: "leave", next: true });
    expect(readReply(text("/start@energy_test_bot check_T1"), RULES)).toEqual({ kind: "leave", next: true });
    expect(readReply(text("/cancel"), RULES)).toEqual({ kind: "leave", next: false });
  });

  it("Cancel under this question cancels it; Cancel under another message is another tap, passed on", () => {
    expect(readReply(tap("cancel"), RULES)).toEqual({ kind: "cancel" });
    expect(readReply(tap("cancel", USER, 99), RULES)).toEqual({ kind: "pass" });
    expect(readReply(tap("orders:page:2"), RULES)).toEqual({ kind: "pass" });
  });

  it("a pasted secret leaves the question (the keys feature takes it), unless the question asks for one", () => {
    expect(readReply(text("my key is sbx_purchase_AbCdEf0123456789xyzABCDEF"), RULES)).toEqual({ kind: "leave", next: true });
    expect(readReply(text("sbx_purchase_AbCdEf0123456789xyzABCDEF"), { ...RULES, expectsSecret: true })).toEqual({ kind: "text", text: "sbx_purchase_AbCdEf0123456789xyzABCDEF" });
  });

  it("a message that is not text gets the hint (buttons only: the buttons' hint); other updates are ignored", () => {
    const sticker = message({ sticker: { file_id: "s", file_unique_id: "s", type: "regular", width: 1, height: 1, is_animated: false, is_video: false } });
    expect(readReply(sticker, RULES)).toEqual({ kind: "hint", hintKey: "conversation-send-text" });
    expect(readReply(text("hello"), { ...RULES, acceptText: false })).toEqual({ kind: "hint", hintKey: "conversation-use-buttons" });
    expect(readReply(sticker, { ...RULES, hintKey: "custom-hint" })).toEqual({ kind: "hint", hintKey: "custom-hint" });
    expect(readReply(ctxOf({ edited_message: { message_id: 5, date: 0, edit_date: 1, chat: CHAT, from: USER, text: "x" } }), RULES)).toEqual({ kind: "ignore" });
  });

  it("the bot's own inline result posted by the user answers nothing: passed on", () => {
    expect(readReply(message({ text: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", via_bot: ME }), RULES)).toEqual({ kind: "pass" });
  });

  it("where one person answers: someone else's tap on the question's buttons is not theirs; anything else of theirs passes on", () => {
    const other = { id: 8, is_bot: false, first_name: "Bob" };
    const rules = { ...RULES, from: USER.id };
    expect(readReply(tap("pick:energy", other), rules)).toEqual({ kind: "not-yours" });
    expect(readReply(tap("cancel", other), rules)).toEqual({ kind: "not-yours" });
    expect(readReply(text("/cancel", other), rules)).toEqual({ kind: "pass" });
    expect(readReply(text("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", other), rules)).toEqual({ kind: "pass" });
    expect(readReply(text("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"), rules)).toEqual({ kind: "text", text: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t" });
  });
});
