import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness, type HarnessOptions } from "../support/harness.js";
import { createMarketplace } from "../../src/marketplace/index.js";
import { waitUntil } from "../support/wait.js";
import { textOf } from "../support/payload.js";
import { en, enPattern, tr } from "../support/locale.js";

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.stop();
});

const USER = 3001;
const GROUP = -700;
/** A first key saved: it is the default key now. */
const SAVED = enPattern("keys-saved", { default: "yes" });
/** The bot showed `text` in a new message or in a flow's message (one message per flow). */
const shown = (pattern: string | RegExp) =>
  h.tg.waitForCall(["sendMessage", "editMessageText"], (p) => (typeof pattern === "string" ? textOf(p).includes(pattern) : pattern.test(textOf(p))));

function sandboxKey(scope: "read" | "purchase" | "full" = "purchase"): string {
  const { accountId } = h.sandbox.control.createAccount({ trx: "100" });
  return h.sandbox.control.createKey(accountId, { scope }).key;
}

/** The database file and its write-ahead log, as bytes: the key must appear in neither. */
function databaseBytes(): Buffer {
  const path = h.location.databasePath;
  return Buffer.concat([path, `${path}-wal`].filter(existsSync).map((f) => readFileSync(f)));
}

function expectNoPlaintext(key: string): void {
  expect(databaseBytes().includes(key)).toBe(false);
  expect(h.logs.join("\n")).not.toContain(key);
  const sent = h.tg.calls.filter((c) => c.method !== "getUpdates").map((c) => JSON.stringify(c.payload));
  for (const payload of sent) expect(payload).not.toContain(key);
}

/** The label step's conversation state has been written (it is written after its prompt is sent). */
function labelStepStored(): Promise<unknown> {
  return waitUntil(async () => JSON.stringify((await h.store.conversations.read(String(USER))) ?? null).includes('"keys-label"'));
}

async function restartWith(options: HarnessOptions): Promise<void> {
  await h.stop();
  h = await startHarness(options);
}

describe("/key", () => {
  it("asks for the key, deletes the message, verifies, asks for a label and stores the key sealed only", async () => {
    const key = sandboxKey();
    await h.tg.sendText({ userId: USER, text: "/key" });
    const prompt = await h.tg.waitForCall("sendMessage", (p) => textOf(p).includes(en("keys-prompt")));
    expect(textOf(prompt.payload)).toBe(en("keys-prompt"));
    expect(h.tg.buttons(USER).map((b) => b.text)).toEqual([en("button-cancel")]);

    const sent = await h.tg.sendText({ userId: USER, text: key });
    await h.tg.waitForCall("deleteMessage", (p) => p.message_id === sent.messageId);
    expect(h.tg.messages(USER).find((m) => m.messageId === sent.messageId)?.deleted).toBe(true);
    const ask = await shown(SAVED);
    // the whole flow lives in the prompt's message
    expect(ask.method).toBe("editMessageText");
    expect(ask.payload.message_id).toBe((prompt.response as { result: { message_id: number } }).result.message_id);
    expect(textOf(ask.payload)).toContain(`…${key.slice(-4)}`);
    expect(textOf(ask.payload)).toMatch(SAVED);
    expect(textOf(ask.payload)).toContain(en("keys-label-ask-new"));
    // The label step keeps neither the key nor its sealed form in its stored state.
    await labelStepStored();
    const state = JSON.stringify((await h.store.conversations.read(String(USER))));
    expect(state).not.toContain(key);
    expect(state).not.toContain((await h.store.apiKeys.list(USER))[0]!.sealedKey);

    await h.tg.sendText({ userId: USER, text: "  Main  " });
    const done = await shown(enPattern("keys-label-saved"));
    expect(h.tg.lastBotMessage(USER)?.text).toContain(`Key …${key.slice(-4)} is now labelled Main`);
    expect(done.payload.reply_markup).toBeDefined();

    const rows = await h.store.apiKeys.list(USER);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ label: "Main", fingerprint: key.slice(-4), isDefault: true });
    expect(await h.store.apiKeys.reveal(rows[0]!)).toBe(key);
    expectNoPlaintext(key);

    // The stored key works for the rest of the bot.
    await h.tg.sendText({ userId: USER, text: "/balance" });
    expect(textOf((await h.tg.waitForCall("sendMessage", (p) => textOf(p).includes("balance"))).payload)).toContain("TRX: <code>100.00</code>");
  });

  it("takes `/key <KEY>` in one message, deletes it, and Skip leaves the key unlabelled", async () => {
    const key = sandboxKey("read");
    const sent = await h.tg.sendText({ userId: USER, text: `/key ${key}` });
    await h.tg.waitForCall("deleteMessage", (p) => p.message_id === sent.messageId);
    await shown(SAVED);
    await h.tg.tapButton({ userId: USER, text: en("keys-button-skip") });
    await shown(en("keys-label-skipped"));
    expect(await h.store.apiKeys.list(USER)).toMatchObject([{ label: "", fingerprint: key.slice(-4) }]);

    await h.tg.sendText({ userId: USER, text: "/keys" });
    const list = await h.tg.waitForCall("sendMessage", (p) => textOf(p).includes(en("keys-list-title")));
    expect(h.tg.lastBotMessage(USER)?.text).toContain(`${en("keys-no-label")} …${key.slice(-4)}`);
    expect(list.payload.text).toContain(`<code>…${key.slice(-4)}</code>`);
    expectNoPlaintext(key);
  });

  it("says so when it cannot delete the message, and still adds the key", async () => {
    const key = sandboxKey();
    h.tg.failNext("deleteMessage", { code: 400, description: "Bad Request: message can't be deleted" });
    await h.tg.sendText({ userId: USER, text: `/key ${key}` });
    const warning = await h.tg.waitForCall("sendMessage", (p) => textOf(p).includes(en("keys-delete-failed")));
    expect(textOf(warning.payload)).toContain(en("keys-delete-failed"));
    await shown(SAVED);
    await labelStepStored();
    expect(await h.store.apiKeys.list(USER)).toHaveLength(1);
    expectNoPlaintext(key);
  });

  it("a wrong key is rejected: nothing stored, and Try again asks once more", async () => {
    const wrong = "sbx_purchase_thisKeyDoesNotExist123";
    await h.tg.sendText({ userId: USER, text: "/key" });
    await h.tg.waitForCall("sendMessage", (p) => textOf(p).includes(en("keys-prompt")));
    const sent = await h.tg.sendText({ userId: USER, text: wrong });
    await h.tg.waitForCall("deleteMessage", (p) => p.message_id === sent.messageId);
    const rejected = await shown(en("keys-rejected"));
    expect(textOf(rejected.payload)).toContain(en("keys-nothing-stored"));
    expect(await h.store.apiKeys.list(USER)).toHaveLength(0);
    expectNoPlaintext(wrong);

    await h.tg.tapButton({ userId: USER, text: en("keys-button-try-again") });
    await h.tg.waitForCall("sendMessage", (p) => textOf(p).includes(en("keys-prompt")));
    const key = sandboxKey();
    await h.tg.sendText({ userId: USER, text: key });
    await shown(SAVED);
    expect(await h.store.apiKeys.list(USER)).toHaveLength(1);
  });

  it("rejects text that cannot be a key before calling the marketplace", async () => {
    await h.tg.sendText({ userId: USER, text: "/key" });
    await h.tg.waitForCall("sendMessage", (p) => textOf(p).includes(en("keys-prompt")));
    const sent = await h.tg.sendText({ userId: USER, text: "my key is\nsecret" });
    await h.tg.waitForCall("deleteMessage", (p) => p.message_id === sent.messageId);
    const answer = await shown(enPattern("keys-invalid-shape"));
    expect(textOf(answer.payload)).toContain(en("keys-nothing-stored"));
    expect(h.tg.buttons(USER).map((b) => b.callbackData)).toContain("key.add");
    expect(await h.store.apiKeys.list(USER)).toHaveLength(0);
  });

  it("a key already added is not added twice", async () => {
    const key = sandboxKey();
    await h.store.users.touch(USER, USER);
    await h.store.apiKeys.add(USER, { apiKey: key, label: "Main" });
    await h.tg.sendText({ userId: USER, text: `/key ${key}` });
    const answer = await h.tg.waitForCall("sendMessage", (p) => enPattern("keys-duplicate").test(textOf(p)));
    expect(textOf(answer.payload)).toContain(`…${key.slice(-4)}`);
    expect(await h.store.apiKeys.list(USER)).toHaveLength(1);
  });

  it("network trouble while verifying: says so and stores nothing", async () => {
    const port = await closedPort();
    await restartWith({ extendDeps: (deps) => ({ ...deps, marketplace: createMarketplace({ baseUrl: `http://127.0.0.1:${port}`, retry: { attempts: 1 } }) }) });
    await h.tg.sendText({ userId: USER, text: "/key sbx_purchase_whateverWhatever1" });
    const answer = await h.tg.waitForCall("sendMessage", (p) => textOf(p).includes(en("error-marketplace-unreachable")));
    expect(textOf(answer.payload)).toContain(en("keys-nothing-stored"));
    expect(await h.store.apiKeys.list(USER)).toHaveLength(0);
  });

  it("works in private chats only: a group gets a pointer, and a pasted key is deleted with a warning", async () => {
    await h.tg.sendText({ userId: USER, chatId: GROUP, chatType: "group", text: "/key" });
    const pointer = await h.tg.waitForCall("sendMessage", (p) => p.chat_id === GROUP);
    expect(textOf(pointer.payload)).toContain(en("private-only"));
    expect(h.tg.buttons(GROUP)[0]?.url).toBe(`https://t.me/${h.tg.botInfo.username}?start`);

    const key = sandboxKey();
    const sent = await h.tg.sendText({ userId: USER, chatId: GROUP, chatType: "group", text: `/key ${key}` });
    await h.tg.waitForCall("deleteMessage", (p) => p.chat_id === GROUP && p.message_id === sent.messageId);
    await h.tg.waitForCall("sendMessage", (p) => p.chat_id === GROUP && textOf(p).includes(en("keys-group-deleted")));

    h.tg.failNext("deleteMessage", { code: 400, description: "Bad Request: message can't be deleted" });
    await h.tg.sendText({ userId: USER, chatId: GROUP, chatType: "group", text: `/key ${key}` });
    await h.tg.waitForCall("sendMessage", (p) => p.chat_id === GROUP && textOf(p).includes(en("keys-group-delete-failed")));
    expect(await h.store.apiKeys.list(USER)).toHaveLength(0);
    expectNoPlaintext(key);

    await h.tg.sendText({ userId: USER, chatId: GROUP, chatType: "group", text: "/balance" });
    expect(textOf((await h.tg.waitForCall("sendMessage", (p) => p.chat_id === GROUP)).payload)).toContain(en("private-only"));
  });

  it("/cancel or another command leaves the prompt, and later text is not taken for a key", async () => {
    await h.tg.sendText({ userId: USER, text: "/key" });
    await h.tg.waitForCall("sendMessage", (p) => textOf(p).includes(en("keys-prompt")));
    await h.tg.sendText({ userId: USER, text: "/cancel" });
    await h.tg.waitForCall("sendMessage", (p) => textOf(p).includes(en("cancel-done")));
    await h.tg.sendText({ userId: USER, text: "hello" });
    await h.tg.waitForCall("sendMessage", (p) => textOf(p).includes(en("fallback-message")));

    await h.tg.sendText({ userId: USER, text: "/key" });
    await h.tg.waitForCall("sendMessage", (p) => textOf(p).includes(en("keys-prompt")));
    await h.tg.sendText({ userId: USER, text: "/help" });
    await h.tg.waitForCall("sendMessage", (p) => textOf(p).includes(en("help-title")));
    await h.tg.sendText({ userId: USER, text: "hello again" });
    await h.tg.waitForCall("sendMessage", (p) => textOf(p).includes(en("fallback-message")));
    expect(h.tg.callsOf("deleteMessage")).toHaveLength(0);
  });

  it("the prompt's Cancel button closes it", async () => {
    await h.tg.sendText({ userId: USER, text: "/key" });
    await h.tg.waitForCall("sendMessage", (p) => textOf(p).includes(en("keys-prompt")));
    await h.tg.tapButton({ userId: USER, text: en("button-cancel") });
    await h.tg.waitForCall("editMessageText", (p) => textOf(p).includes(en("cancel-done")));
    // the prompt is gone: a key sent now is a key pasted outside /key (deleted, and only offered)
    await h.tg.sendText({ userId: USER, text: "sbx_purchase_notAKeyAnymore00" });
    await h.tg.waitForCall("sendMessage", (p) => enPattern("keys-pasted-offer").test(textOf(p)));
    expect(await h.store.apiKeys.list(USER)).toHaveLength(0);
  });

  it("a key pasted where a label is expected is deleted, ends the step and is offered to be saved: not tried, not stored, not kept in the label step", async () => {
    const first = sandboxKey();
    await h.tg.sendText({ userId: USER, text: `/key ${first}` });
    await shown(SAVED);
    await labelStepStored();
    const second = sandboxKey("read");
    const sent = await h.tg.sendText({ userId: USER, text: second });
    await h.tg.waitForCall("deleteMessage", (p) => p.message_id === sent.messageId);
    await shown(enPattern("keys-pasted-offer", { fingerprint: `…${second.slice(-4)}` }));
    await waitUntil(async () => !JSON.stringify((await h.store.conversations.read(String(USER))) ?? null).includes('"keys-label"'));
    expect((await h.store.apiKeys.list(USER)).map((k) => k.fingerprint)).toEqual([first.slice(-4)]);
    expectNoPlaintext(first);
    expectNoPlaintext(second);
  });

  it("the prompt survives a restart", async () => {
    await h.tg.sendText({ userId: USER, text: "/key" });
    await h.tg.waitForCall("sendMessage", (p) => textOf(p).includes(en("keys-prompt")));
    // The prompt is sent before the conversation's state is written: restart only once it is.
    await waitUntil(async () => (await h.store.conversations.read(String(USER))) !== undefined);
    await h.restart();
    const key = sandboxKey();
    await h.tg.sendText({ userId: USER, text: key });
    await shown(SAVED);
    await labelStepStored();
    expect(await h.store.apiKeys.list(USER)).toHaveLength(1);
    expectNoPlaintext(key);
  });
});

describe("/keys", () => {
  it("lists keys and manages them in place: make default, rename, remove with confirmation", async () => {
    const a = await h.givenUserWithKey(USER, { label: "Alpha" });
    const b = await h.givenUserWithKey(USER, { label: "Beta" });
    const fpA = `…${a.apiKey.slice(-4)}`;
    const fpB = `…${b.apiKey.slice(-4)}`;
    await h.store.apiKeys.markMissingScope(b.keyId, "purchase");

    await h.tg.sendText({ userId: USER, text: "/keys" });
    await h.tg.waitForCall("sendMessage", (p) => textOf(p).includes(en("keys-list-title")));
    const list = h.tg.lastBotMessage(USER)!;
    expect(list.text).toContain(`Alpha ${fpA} ⭐ default`);
    expect(list.text).toContain(`Beta ${fpB}`);
    expect(list.text).toContain(en("keys-cannot", { lacks: "purchase" }));
    expect(list.text).toMatch(/added \w{3} \d{1,2}, \d{4}/);

    // the list's buttons open a card per key
    expect(h.tg.buttons(USER).map((b) => b.text)).toEqual([`⭐ Alpha ${fpA}`, `Beta ${fpB}`, en("keys-button-add")]);
    await h.tg.tapButton({ userId: USER, text: `Beta ${fpB}` });
    const card = await h.tg.waitForCall("editMessageText", (p) => p.message_id === list.messageId && textOf(p).includes("Beta"));
    expect(textOf(card.payload)).toContain(en("keys-cannot", { lacks: "purchase" }));
    expect(h.tg.buttons(USER).map((b) => b.text)).toEqual([en("keys-button-make-default", { fingerprint: fpB }), en("keys-button-rename", { fingerprint: fpB }), en("keys-button-remove", { fingerprint: fpB }), en("keys-button-budget-set"), en("button-back")]);

    await h.tg.tapButton({ userId: USER, text: en("keys-button-make-default", { fingerprint: fpB }) });
    const madeDefault = await h.tg.waitForCall("editMessageText", (p) => p.message_id === list.messageId && textOf(p).includes(en("keys-list-title")));
    expect(textOf(madeDefault.payload)).toContain(en("keys-now-default", { fingerprint: fpB }));
    expect((await h.store.apiKeys.getDefault(USER))?.id).toBe(b.keyId);

    // Rename: the card becomes the prompt; a bad label is asked again in the same message
    await h.tg.tapButton({ userId: USER, text: `Alpha ${fpA}` });
    await h.tg.waitForCall("editMessageText", (p) => textOf(p).startsWith("🔑 <b>Alpha"));
    await h.tg.tapButton({ userId: USER, text: en("keys-button-rename", { fingerprint: fpA }) });
    await h.tg.waitForCall("editMessageText", (p) => p.message_id === list.messageId && enPattern("keys-label-ask-rename").test(textOf(p)));
    expect(h.tg.buttons(USER).map((b) => b.text)).toEqual([en("button-cancel")]);
    await h.tg.sendText({ userId: USER, text: "Savings for the long term, from 2026 on" });
    const retry = await h.tg.waitForCall("editMessageText", (p) => textOf(p).includes(en("keys-label-invalid", { max: 32 })));
    expect(retry.payload.message_id).toBe(list.messageId);
    expect(textOf(retry.payload)).toMatch(enPattern("keys-label-ask-rename"));
    await h.tg.sendText({ userId: USER, text: "Savings <&>" });
    const renamed = await h.tg.waitForCall("editMessageText", (p) => enPattern("keys-label-saved").test(textOf(p)));
    expect(textOf(renamed.payload)).toContain("Savings &lt;&amp;&gt;");
    expect((await h.store.apiKeys.get(USER, a.keyId))?.label).toBe("Savings <&>");
    await h.tg.tapButton({ userId: USER, text: en("button-back") });
    await h.tg.waitForCall("editMessageText", (p) => p.message_id === list.messageId && textOf(p).includes(en("keys-list-title")));
    expect(h.tg.lastBotMessage(USER)?.text).toContain(`Savings <&> ${fpA}`);

    // a long label written as one word is a label, not a pasted key
    await h.tg.tapButton({ userId: USER, text: `Savings <&> ${fpA}` });
    await h.tg.waitForCall("editMessageText", (p) => textOf(p).startsWith("🔑 <b>Savings"));
    await h.tg.tapButton({ userId: USER, text: en("keys-button-rename", { fingerprint: fpA }) });
    await h.tg.waitForCall("editMessageText", (p) => p.message_id === list.messageId && enPattern("keys-label-ask-rename").test(textOf(p)));
    const deletesBefore = h.tg.callsOf("deleteMessage").length;
    await h.tg.sendText({ userId: USER, text: "BinanceHotWallet2024" });
    await h.tg.waitForCall("editMessageText", (p) => enPattern("keys-label-saved").test(textOf(p)) && textOf(p).includes("BinanceHotWallet2024"));
    expect((await h.store.apiKeys.get(USER, a.keyId))?.label).toBe("BinanceHotWallet2024");
    expect(h.tg.callsOf("deleteMessage")).toHaveLength(deletesBefore);
    await h.tg.tapButton({ userId: USER, text: en("button-back") });
    await h.tg.waitForCall("editMessageText", (p) => p.message_id === list.messageId && textOf(p).includes(en("keys-list-title")));

    // Rename, then Cancel: nothing changes, and Back returns to the list
    await h.tg.tapButton({ userId: USER, text: `BinanceHotWallet2024 ${fpA}` });
    await h.tg.waitForCall("editMessageText", (p) => textOf(p).startsWith("🔑 <b>BinanceHotWallet2024"));
    await h.tg.tapButton({ userId: USER, text: en("keys-button-rename", { fingerprint: fpA }) });
    await h.tg.waitForCall("editMessageText", (p) => p.message_id === list.messageId && enPattern("keys-label-ask-rename").test(textOf(p)));
    await h.tg.tapButton({ userId: USER, text: en("button-cancel") });
    await h.tg.waitForCall("editMessageText", (p) => p.message_id === list.messageId && textOf(p).includes(en("cancel-done")));
    expect(h.tg.buttons(USER).map((b) => b.text)).toEqual([en("button-back")]);
    await h.tg.tapButton({ userId: USER, text: en("button-back") });
    await h.tg.waitForCall("editMessageText", (p) => p.message_id === list.messageId && textOf(p).includes(en("keys-list-title")));
    expect((await h.store.apiKeys.get(USER, a.keyId))?.label).toBe("BinanceHotWallet2024");
    expect(h.tg.callsOf("sendMessage")).toHaveLength(1); // all of it in the one /keys message

    // Remove asks first; No goes back to the card
    await h.tg.tapButton({ userId: USER, text: `⭐ Beta ${fpB}` });
    await h.tg.waitForCall("editMessageText", (p) => textOf(p).startsWith("🔑 <b>Beta"));
    await h.tg.tapButton({ userId: USER, text: en("keys-button-remove", { fingerprint: fpB }) });
    await h.tg.waitForCall("editMessageText", (p) => enPattern("keys-remove-confirm").test(textOf(p)));
    expect(h.tg.lastBotMessage(USER)?.text).toBe(`Remove key Beta ${fpB}? This cannot be undone.`);
    await h.tg.tapButton({ userId: USER, text: en("button-no") });
    await h.tg.waitForCall("editMessageText", (p) => textOf(p).startsWith("🔑 <b>Beta"));
    expect(await h.store.apiKeys.list(USER)).toHaveLength(2);

    await h.tg.tapButton({ userId: USER, text: en("keys-button-remove", { fingerprint: fpB }) });
    await h.tg.waitForCall("editMessageText", (p) => enPattern("keys-remove-confirm").test(textOf(p)));
    const yes = h.tg.buttons(USER).find((b) => b.text === en("keys-button-remove-yes"))!.callbackData!;
    await h.tg.tapButton({ userId: USER, text: en("keys-button-remove-yes") });
    const removed = await h.tg.waitForCall("editMessageText", (p) => enPattern("keys-removed").test(textOf(p)));
    expect(textOf(removed.payload)).toContain(en("keys-now-default", { fingerprint: fpA }));
    expect(await h.store.apiKeys.list(USER)).toMatchObject([{ id: a.keyId, isDefault: true }]);

    // A second tap on the old confirmation changes nothing.
    await h.tg.tap({ userId: USER, messageId: list.messageId, data: yes });
    const stale = await h.tg.waitForCall("answerCallbackQuery", (p) => textOf(p).includes(en("keys-not-found")));
    expect(stale).toBeDefined();
    expect(await h.store.apiKeys.list(USER)).toHaveLength(1);
  });

  it("another user's key id in a button does nothing", async () => {
    const other = await h.givenUserWithKey(USER + 1);
    const mine = await h.givenUserWithKey(USER);
    await h.tg.sendText({ userId: USER, text: "/keys" });
    await h.tg.waitForCall("sendMessage", (p) => textOf(p).includes(en("keys-list-title")));
    await h.tg.tapButton({ userId: USER, text: /…/ });
    await h.tg.waitForCall("editMessageText", (p) => textOf(p).startsWith("🔑 <b>"));
    await h.tg.tapButton({ userId: USER, text: /Remove/ });
    await h.tg.waitForCall("editMessageText", (p) => enPattern("keys-remove-confirm").test(textOf(p)));
    // the confirmation's Yes with the other user's key id as its payload
    const yes = h.tg.buttons(USER).find((b) => b.text === en("keys-button-remove-yes"))!.callbackData!;
    const forged = yes.replace(`/${mine.keyId}/`, `/${other.keyId}/`);
    expect(forged).not.toBe(yes);
    await h.tg.tap({ userId: USER, messageId: h.tg.lastBotMessage(USER)!.messageId, data: forged });
    await h.tg.waitForCall("answerCallbackQuery", (p) => textOf(p).includes(en("keys-not-found")));
    expect(await h.store.apiKeys.list(USER + 1)).toHaveLength(1);
    expect(await h.store.apiKeys.list(USER)).toHaveLength(1);
  });

  it("Cancel on the label step keeps the key unlabelled; Cancel on Rename keeps the label", async () => {
    const key = sandboxKey();
    await h.tg.sendText({ userId: USER, text: `/key ${key}` });
    await shown(SAVED);
    expect(h.tg.buttons(USER).map((b) => b.text)).toEqual([en("keys-button-skip"), en("button-cancel")]);
    await h.tg.tapButton({ userId: USER, text: en("button-cancel") });
    await h.tg.waitForCall("editMessageText", (p) => textOf(p).includes(en("keys-label-cancelled")));
    expect(h.tg.buttons(USER)).toEqual([]);
    await h.tg.sendText({ userId: USER, text: "Main" });
    await h.tg.waitForCall("sendMessage", (p) => textOf(p).includes(en("fallback-message")));
    expect(await h.store.apiKeys.list(USER)).toMatchObject([{ label: "", fingerprint: key.slice(-4) }]);

    await h.tg.sendText({ userId: USER, text: "/keys" });
    await h.tg.waitForCall("sendMessage", (p) => textOf(p).includes(en("keys-list-title")));
    await h.tg.tapButton({ userId: USER, text: /no label/ });
    await h.tg.waitForCall("editMessageText", (p) => textOf(p).startsWith("🔑"));
    await h.tg.tapButton({ userId: USER, text: /Rename/ });
    await h.tg.waitForCall("editMessageText", (p) => enPattern("keys-label-ask-rename").test(textOf(p)));
    await h.tg.sendText({ userId: USER, text: "x".repeat(40) + " y" });
    await h.tg.waitForCall("editMessageText", (p) => textOf(p).includes(en("keys-label-invalid", { max: 32 })));
    await h.tg.tapButton({ userId: USER, text: en("button-cancel") });
    await h.tg.waitForCall("editMessageText", (p) => textOf(p).includes(en("cancel-done")));
    await h.tg.sendText({ userId: USER, text: "Main" });
    await h.tg.waitForCall("sendMessage", (p) => textOf(p).includes(en("fallback-message")));
    expect(await h.store.apiKeys.list(USER)).toMatchObject([{ label: "" }]);
  });

  it("a keys button forged in a group does nothing", async () => {
    const a = await h.givenUserWithKey(USER, { label: "Alpha" });
    const b = await h.givenUserWithKey(USER, { label: "Beta" });
    await h.tg.sendText({ userId: USER, text: "/keys" });
    await h.tg.waitForCall("sendMessage", (p) => textOf(p).includes(en("keys-list-title")));
    await h.tg.tapButton({ userId: USER, text: /Beta/ });
    await h.tg.waitForCall("editMessageText", (p) => textOf(p).startsWith("🔑 <b>Beta"));
    const card = h.tg.buttons(USER).map((x) => x.callbackData!);
    await h.tg.tapButton({ userId: USER, text: /Remove/ });
    await h.tg.waitForCall("editMessageText", (p) => enPattern("keys-remove-confirm").test(textOf(p)));
    const confirm = h.tg.buttons(USER).map((x) => x.callbackData!);
    const edits = h.tg.callsOf("editMessageText").length;

    await h.tg.sendText({ userId: USER, chatId: GROUP, chatType: "group", text: "/keys" });
    await h.tg.waitForCall("sendMessage", (p) => p.chat_id === GROUP);
    const inGroup = h.tg.lastBotMessage(GROUP)!.messageId;
    for (const data of [...card, ...confirm, "key.list", "keys.back"]) {
      await h.tg.tap({ userId: USER, chatId: GROUP, messageId: inGroup, data });
      await h.tg.waitForCall("answerCallbackQuery", (p) => textOf(p).includes(en("private-only-button")));
    }
    expect(await h.store.apiKeys.list(USER)).toMatchObject([
      { id: a.keyId, isDefault: true, label: "Alpha" },
      { id: b.keyId, isDefault: false, label: "Beta" },
    ]);
    expect(h.tg.callsOf("editMessageText")).toHaveLength(edits);
    expect(await h.store.conversations.read(String(GROUP))).toBeUndefined();
  });

  it("with no key: an empty list with Add key, and a command that needs a key leads to /key", async () => {
    await h.tg.sendText({ userId: USER, text: "/keys" });
    await h.tg.waitForCall("sendMessage", (p) => textOf(p).includes(en("keys-list-empty")));
    await h.tg.sendText({ userId: USER, text: "/stats" });
    await h.tg.waitForCall("sendMessage", (p) => textOf(p).includes(en("error-no-key")));
    await h.tg.tapButton({ userId: USER, text: en("button-add-key") });
    await h.tg.waitForCall("sendMessage", (p) => textOf(p).includes(en("keys-prompt")));
  });
});

function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe("a key pasted outside /key", () => {
  it("in a private chat: deleted at once, held sealed, and saved as a key when the user says so", async () => {
    const key = sandboxKey();
    const { messageId } = await h.tg.sendText({ userId: USER, text: key, languageCode: "ru" });
    const offer = await shown(enPattern("keys-pasted-offer", {}, "ru"));
    expect(h.tg.messages(USER).find((m) => m.messageId === messageId)?.deleted).toBe(true);
    expect(textOf(offer.payload)).toContain(`…${key.slice(-4)}`);
    h.store.raw.sqlite!.pragma("wal_checkpoint(TRUNCATE)");
    expectNoPlaintext(key);
    expect(await h.store.apiKeys.list(USER)).toHaveLength(0);
    await h.tg.tapButton({ userId: USER, text: tr("ru", "keys-pasted-button-save") });
    await waitUntil(async () => (await h.store.apiKeys.list(USER)).length === 1);
    expect(await h.store.apiKeys.reveal((await h.store.apiKeys.list(USER))[0]!)).toBe(key);
    expectNoPlaintext(key);
  });

  it("in a private chat, Don't save keeps nothing; a later Save says the key is gone", async () => {
    const key = sandboxKey();
    await h.tg.sendText({ userId: USER, text: key });
    await shown(enPattern("keys-pasted-offer"));
    await h.tg.tapButton({ userId: USER, text: en("keys-pasted-button-drop") });
    await shown(en("keys-pasted-dropped"));
    const offer = h.tg.messages(USER).find((m) => m.text?.includes("Not saved"))!;
    await h.tg.tap({ userId: USER, messageId: offer.messageId, data: "keys.psave" });
    await shown(en("keys-pasted-expired"));
    expect(await h.store.apiKeys.list(USER)).toHaveLength(0);
  });

  it("in a group: deleted, and the group is told to revoke it; a transaction id is left alone", async () => {
    const key = sandboxKey();
    const { messageId } = await h.tg.sendText({ chatId: GROUP, userId: USER, text: key, chatType: "group" });
    await h.tg.waitForCall("sendMessage", (p) => p.chat_id === GROUP && textOf(p).includes(en("keys-pasted-group-deleted")));
    expect(h.tg.messages(GROUP).find((m) => m.messageId === messageId)?.deleted).toBe(true);
    expectNoPlaintext(key);
    const txId = "ab".repeat(32);
    const tx = await h.tg.sendText({ userId: USER, text: txId });
    await h.tg.waitForCall("sendMessage", (p) => p.chat_id === USER && textOf(p).includes(en("fallback-message")));
    expect(h.tg.messages(USER).find((m) => m.messageId === tx.messageId)?.deleted).toBe(false);
  });
});
