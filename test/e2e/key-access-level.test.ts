/**
 * What a key can do, said as soon as it is known (issue 30 item 7): a key that names its level
 * (the sandbox's keys do) is described in words when it is added, in each language, never by the
 * raw scope name; and a flow that key cannot complete says so at its first step with the way out,
 * before any preview (before, a read-only key got the whole preview and failed at Confirm).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../support/harness.js";
import { textOf } from "../support/payload.js";
import { waitUntil } from "../support/wait.js";
import { tr } from "../support/locale.js";

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.stop();
});

const USER = 3801;
const ADDRESS = "TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj";
/** A scope's raw name where a reader would see it: any of them in ru or zh; in English "purchase" or a bold name. */
const rawScope = (lang: string) => (lang === "en" ? /\bpurchase\b|<b>(read|full)<\/b>/ : /\b(read|purchase|full)\b/);

function sandboxKey(scope: "read" | "purchase" | "full"): string {
  const { accountId } = h.sandbox.control.createAccount({ trx: "100" });
  return h.sandbox.control.createKey(accountId, { scope }).key;
}

/** Adds `key` with /key in `lang` and returns the text of the "saved" step (the label is skipped). */
async function addKey(key: string, lang: "en" | "ru" | "zh"): Promise<string> {
  await h.tg.sendText({ userId: USER, text: `/key ${key}`, languageCode: lang });
  const fingerprint = `…${key.slice(-4)}`;
  const saved = await h.tg.waitForCall(["sendMessage", "editMessageText"], (p) => textOf(p).includes(fingerprint) && textOf(p).includes(tr(lang, "keys-label-ask-new")));
  await waitUntil(async () => JSON.stringify((await h.store.conversations.read(String(USER))) ?? null).includes('"keys-label"'));
  await h.tg.tapButton({ userId: USER, text: tr(lang, "keys-button-skip"), languageCode: lang });
  await h.tg.waitForCall("editMessageText", (p) => textOf(p).includes(tr(lang, "keys-label-skipped")));
  return textOf(saved.payload);
}

describe("a new key's level", () => {
  for (const [lang, scope] of [
    ["en", "read"],
    ["ru", "purchase"],
    ["zh", "full"],
  ] as const) {
    it(`${lang}: a ${scope} key is described in words as it is added`, async () => {
      const text = await addKey(sandboxKey(scope), lang);
      expect(text).toContain(tr(lang, "keys-access", { scope }));
      expect(text.replace(/<code>[^<]*<\/code>/g, "")).not.toMatch(rawScope(lang));
    });
  }

  it("/keys says what a read-only key can't do, in words", async () => {
    await addKey(sandboxKey("read"), "ru");
    await h.tg.sendText({ userId: USER, text: "/keys", languageCode: "ru" });
    const list = await h.tg.waitForCall("sendMessage", (p) => textOf(p).includes(tr("ru", "keys-list-title")));
    expect(textOf(list.payload)).toContain(tr("ru", "keys-cannot", { lacks: "purchase" }));
    expect(textOf(list.payload).replace(/<code>[^<]*<\/code>/g, "")).not.toMatch(rawScope("ru"));
  });
});

describe("a flow the new default key cannot complete", () => {
  it("/buy with an address and an amount, after adding a read-only key: refused at once, with the way out, no preview", async () => {
    const key = sandboxKey("read");
    await addKey(key, "en");
    const before = h.tg.calls.length;
    await h.tg.sendText({ userId: USER, text: `/buy ${ADDRESS} 1` });
    const refusal = await h.tg.waitForCall("sendMessage", (p) => p.chat_id === USER && textOf(p).includes(tr("en", "keys-scope-op-orders")));
    expect(textOf(refusal.payload)).toContain(
      tr("en", "keys-default-cannot", { fingerprint: `…${key.slice(-4)}`, operation: tr("en", "keys-scope-op-orders"), lacks: "purchase" }),
    );
    expect(textOf(refusal.payload)).toContain(tr("en", "keys-no-other", { scope: "purchase" }));
    expect(h.tg.buttons(USER).map((b) => b.text)).toEqual([tr("en", "button-add-key"), tr("en", "button-my-keys")]);
    // nothing else was shown for this /buy: no preview, no step
    const shown = h.tg.calls.slice(before).filter((c) => ["sendMessage", "editMessageText"].includes(c.method));
    expect(shown).toHaveLength(1);
  });

  it("/webhook after adding a purchase key, with a full key added before: offers the full key at once", async () => {
    await addKey(sandboxKey("full"), "en");
    const purchase = sandboxKey("purchase");
    await addKey(purchase, "en");
    const [newest] = await h.store.apiKeys.list(USER).then((keys) => keys.filter((k) => k.fingerprint === purchase.slice(-4)));
    await h.store.apiKeys.setDefault(USER, newest!.id);

    await h.tg.sendText({ userId: USER, text: "/webhook" });
    await h.tg.waitForCall("sendMessage", (p) => p.chat_id === USER && textOf(p).includes(tr("en", "keys-scope-op-webhooks")));
    expect(h.tg.buttons(USER).map((b) => b.text)[0]).toMatch(/^⭐ Use \(no label\) …/);
  });
});
