/**
 * A key inside a sentence is a pasted key (issue 30 item 6): in private it is deleted and offered
 * to be saved (the key alone, not the sentence), in a group deleted with a revoke note, and at a
 * flow's step (the key label step) the same as a bare pasted key. Ordinary sentences with long
 * tokens (an address, a transaction id, an e-mail address, words with a number) are left alone.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../support/harness.js";
import { textOf } from "../support/payload.js";
import { waitUntil } from "../support/wait.js";
import { loadTranslations } from "../../src/i18n/translations.js";
import { findCredential } from "../../src/credentials/shape.js";

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.stop();
});

const USER = 3601;
const GROUP = -3602;
const tr = loadTranslations("en");
const sentText = (chatId: number, text: string) => h.tg.waitForCall("sendMessage", (p) => p.chat_id === chatId && textOf(p).includes(text));
const deletedIds = (chatId: number) => h.tg.callsOf("deleteMessage").filter((c) => c.payload.chat_id === chatId).map((c) => c.payload.message_id);

function sandboxKey(scope: "read" | "purchase" | "full" = "read"): string {
  const { accountId } = h.sandbox.control.createAccount({ trx: "100" });
  return h.sandbox.control.createKey(accountId, { scope }).key;
}

const helpAnswers = (chatId: number) => h.tg.callsOf("sendMessage").filter((c) => c.payload.chat_id === chatId && textOf(c.payload).startsWith(tr.t("en", "help-title"))).length;
const offer = (key: string) => tr.t("en", "keys-pasted-offer", { fingerprint: `…${key.slice(-4)}` });

describe("a key inside a sentence", () => {
  it("in private: deleted, and Save stores the key itself (not the sentence)", async () => {
    const key = sandboxKey();
    const { messageId } = await h.tg.sendText({ userId: USER, text: `my key is ${key}, can you save it?` });
    await sentText(USER, offer(key));
    expect(deletedIds(USER)).toContain(messageId);
    await h.tg.tapButton({ userId: USER, text: tr.t("en", "keys-pasted-button-save") });
    await waitUntil(async () => (await h.store.apiKeys.list(USER)).length === 1);
    const [row] = await h.store.apiKeys.list(USER);
    expect(await h.store.apiKeys.reveal(row!)).toBe(key);
    expect(h.logs.join("\n")).not.toContain(key);
  });

  it("in a group: deleted, with the note to revoke it", async () => {
    const key = sandboxKey();
    const { messageId } = await h.tg.sendText({ userId: USER, chatId: GROUP, chatType: "group", text: `here: API_KEY=${key}` });
    await sentText(GROUP, tr.t("en", "keys-pasted-group-deleted"));
    expect(deletedIds(GROUP)).toContain(messageId);
    expect(await h.store.pendingKeys.take(USER, Date.now())).toBeUndefined();
  });

  it("at the key label step: deleted and offered to be saved, as a bare pasted key; the step is over", async () => {
    const first = sandboxKey("purchase");
    await h.tg.sendText({ userId: USER, text: `/key ${first}` });
    await h.tg.waitForCall(["sendMessage", "editMessageText"], (p) => textOf(p).includes(tr.t("en", "keys-label-ask-new")));
    await waitUntil(async () => JSON.stringify((await h.store.conversations.read(String(USER))) ?? null).includes('"keys-label"'));

    const second = sandboxKey("full");
    const { messageId } = await h.tg.sendText({ userId: USER, text: `oh and the other one is ${second}` });
    await sentText(USER, offer(second));
    expect(deletedIds(USER)).toContain(messageId);
    expect((await h.store.apiKeys.list(USER)).map((k) => k.label)).toEqual([""]);
    expect(JSON.stringify((await h.store.conversations.read(String(USER))) ?? null)).not.toContain(second);
    // the label step ended: the next text is not a label
    await h.tg.sendText({ userId: USER, text: "Payouts" });
    await h.tg.waitForCall("sendMessage", (p) => p.chat_id === USER && !textOf(p).includes(offer(second)));
    expect((await h.store.apiKeys.list(USER)).map((k) => k.label)).toEqual([""]);
  });
});

describe("ordinary text", () => {
  const sentences = [
    "notakeyjustwords12345",
    "I sent 100 USDT to TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t yesterday, tx 9fceb02d0ae598e95dc970b74767f19372d61af8",
    "write to john.smith1984@example.com or @SupportBot2024_official about order 3f1c2a7e-9b4d-4c1e-8a2f-5d6e7f8a9b0c",
    "see https://example.com/a1b2c3d4e5f6g7h8i9 and t.me/+AbCdEfGh1234567890 for Binance_withdrawals_2024",
  ];

  it("is not taken for a credential", () => {
    for (const text of sentences) expect(findCredential(text), text).toBeUndefined();
    expect(findCredential("the key: sbx_read_UdXlKjOLZjbGDIqTQOfKMble.")).toBe("sbx_read_UdXlKjOLZjbGDIqTQOfKMble");
    expect(findCredential('secret "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"')).toBe("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw");
  });

  it("is left in the chat, in private and in a group", async () => {
    for (const [chatId, chatType] of [
      [USER, "private"],
      [GROUP, "group"],
    ] as const) {
      for (const text of sentences) {
        const { messageId } = await h.tg.sendText({ userId: USER, chatId, chatType, text });
        // a chat's updates are handled in order: once /help is answered, this text was handled
        const answered = helpAnswers(chatId);
        await h.tg.sendText({ userId: USER, chatId, chatType, text: "/help" });
        await waitUntil(() => helpAnswers(chatId) > answered);
        expect(deletedIds(chatId), text).not.toContain(messageId);
      }
    }
    expect(h.tg.callsOf("deleteMessage")).toEqual([]);
  });
});
