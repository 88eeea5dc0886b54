/**
 * A key added by any path ends an open /key prompt (issue 30 item 9): a demo-key tap, or Save on a
 * pasted key's offer, while /key's prompt waits. The prompt's message goes on as that key's message
 * (saved, label asked: the prompt's Cancel is gone, no second message); the next text is the
 * label, not a "key".
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../support/harness.js";
import { textOf } from "../support/payload.js";
import { waitUntil } from "../support/wait.js";
import { loadTranslations } from "../../src/i18n/translations.js";
import type { DemoKeys } from "../../src/bot/context.js";

let h: Harness;
const demoKeys: DemoKeys = { read: "", purchase: "", full: "" };
beforeEach(async () => {
  h = await startHarness({ sandbox: { seedDemo: true }, extendDeps: (deps) => ({ ...deps, demoKeys }) });
  Object.assign(demoKeys, h.sandbox.demo!.keys);
});
afterEach(async () => {
  await h.stop();
});

const USER = 3701;
const tr = loadTranslations("en");
const t = (key: string, vars?: Record<string, string>) => tr.t("en", key, vars);
const messageIdOf = (call: { response: unknown }) => (call.response as { result: { message_id: number } }).result.message_id;

/** /key's prompt, open: its message id. */
async function openPrompt(): Promise<number> {
  await h.tg.sendText({ userId: USER, text: "/key" });
  const prompt = await h.tg.waitForCall("sendMessage", (p) => p.chat_id === USER && textOf(p).includes(t("keys-prompt").split("\n")[0]!));
  const id = messageIdOf(prompt);
  expect(h.tg.buttons(USER, id).map((b) => b.text)).toEqual([t("button-cancel")]);
  await waitUntil(async () => JSON.stringify((await h.store.conversations.read(String(USER))) ?? null).includes('"keys-add"'));
  return id;
}

/** The prompt's message became the new key's: saved, label asked, no Cancel. Then a label is taken as one. */
async function expectPromptBecameTheKeys(promptId: number, key: string): Promise<void> {
  await h.tg.waitForCall("editMessageText", (p) => p.message_id === promptId && textOf(p).includes(t("keys-label-ask-new")));
  expect(textOf(h.tg.rawMessage(USER, promptId) as never)).toContain(`…${key.slice(-4)}`);
  // the label step's own buttons, as after a key typed at the prompt (the prompt's Cancel is gone with it)
  expect(h.tg.buttons(USER, promptId).map((b) => b.text)).toEqual([t("keys-button-skip"), t("button-cancel")]);
  await waitUntil(async () => JSON.stringify((await h.store.conversations.read(String(USER))) ?? null).includes('"keys-label"'));

  const { messageId } = await h.tg.sendText({ userId: USER, text: "notakeyjustwords12345" });
  await h.tg.waitForCall("editMessageText", (p) => p.message_id === promptId && textOf(p).includes("notakeyjustwords12345"));
  expect(h.tg.callsOf("deleteMessage").map((c) => c.payload.message_id)).not.toContain(messageId);
  expect((await h.store.apiKeys.list(USER)).map((k) => k.label)).toEqual(["notakeyjustwords12345"]);
  expect(h.tg.buttons(USER, promptId).map((b) => b.text)).not.toContain(t("button-cancel"));
}

describe("an open /key prompt", () => {
  it("ends when a demo key is tapped: the prompt becomes that key's message", async () => {
    await h.tg.sendText({ userId: USER, text: "/start" });
    const welcome = messageIdOf(await h.tg.waitForCall("sendMessage", (p) => p.chat_id === USER && textOf(p).includes(t("start-demo-keys").slice(0, 20))));
    const promptId = await openPrompt();

    await h.tg.tapButton({ userId: USER, messageId: welcome, text: t("start-button-demo-read") });
    await expectPromptBecameTheKeys(promptId, demoKeys.read);
    // one key, one label step: nothing else was left open
    expect(h.tg.callsOf("sendMessage").filter((c) => textOf(c.payload).includes(t("keys-label-ask-new")))).toEqual([]);
  });

  it("ends when Save is tapped on a pasted key's offer: the prompt becomes that key's message, the offer loses its buttons", async () => {
    const { accountId } = h.sandbox.control.createAccount({ trx: "100" });
    const key = h.sandbox.control.createKey(accountId, { scope: "purchase" }).key;
    // the offer first (a key pasted outside the prompt), then /key
    await h.tg.sendText({ userId: USER, text: key });
    const offer = messageIdOf(await h.tg.waitForCall("sendMessage", (p) => p.chat_id === USER && textOf(p).includes(t("keys-pasted-button-save").slice(2)) === false && textOf(p).includes(`…${key.slice(-4)}`)));
    const promptId = await openPrompt();

    await h.tg.tapButton({ userId: USER, messageId: offer, text: t("keys-pasted-button-save") });
    await expectPromptBecameTheKeys(promptId, key);
    expect(h.tg.buttons(USER, offer)).toEqual([]);
  });
});
