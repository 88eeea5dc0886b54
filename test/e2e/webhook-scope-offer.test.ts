/**
 * The first /webhook with a default key that turns out to lack full access, while the user has a
 * full-access key (issue 30 item 8): the refusal offers that key, as a second /webhook does, and
 * tapping it makes it the default and sets the webhook up. Before, the first attempt was a dead
 * end ("Create a key with full access… /key", only [My keys]). On the embedded sandbox.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startNoticesHarness, type NoticesHarness } from "../support/notices-harness.js";
import { loadTranslations } from "../../src/i18n/translations.js";
import { textOf } from "../support/payload.js";

const USER = 8282;
const tr = loadTranslations("en");

let n: NoticesHarness;
afterEach(async () => {
  await n?.stop();
  n = undefined!;
});

const shown = (text: string, timeoutMs = 5000) =>
  n.h.tg.waitForCall(["sendMessage", "editMessageText"], (p) => p.chat_id === USER && textOf(p).includes(text), timeoutMs);

describe("the first /webhook with a purchase default key", () => {
  it("offers the user's full-access key; tapping it makes it the default and connects the webhook", async () => {
    n = await startNoticesHarness({ embeddedSandbox: true, pingWaitMs: 3000 });
    const { accountId, keyId: purchaseId, apiKey: purchase } = await n.h.givenUserWithKey(USER, { scope: "purchase", label: "Trading" });
    const full = await n.h.store.apiKeys.add(USER, { apiKey: n.h.sandbox.control.createKey(accountId, { scope: "full" }).key, label: "Admin" });
    expect((await n.h.store.apiKeys.getDefault(USER))?.id).toBe(purchaseId);

    await n.h.tg.sendText({ userId: USER, text: "/webhook" });
    const operation = tr.t("en", "keys-scope-op-webhooks");
    const refusal = textOf((await shown(tr.t("en", "keys-pick-other"))).payload);
    expect(refusal).toContain(tr.t("en", "keys-default-cannot", { fingerprint: `…${purchase.slice(-4)}`, operation, lacks: "full" }));
    const useFull = tr.t("en", "keys-button-use", { name: `Admin …${full.fingerprint}` });
    expect(n.h.tg.buttons(USER).map((b) => b.text)).toEqual([useFull, tr.t("en", "button-my-keys")]);

    await n.h.tg.tapButton({ userId: USER, text: useFull });
    await shown("Connected");
    expect((await n.h.store.apiKeys.getDefault(USER))?.id).toBe(full.id);
    expect((await n.h.store.webhooks.forUser(USER))?.keyId).toBe(full.id);
  });

  it("with no key that may: says so with the button to add one", async () => {
    n = await startNoticesHarness({ embeddedSandbox: true, pingWaitMs: 3000 });
    await n.h.givenUserWithKey(USER, { scope: "purchase" });
    await n.h.tg.sendText({ userId: USER, text: "/webhook" });
    await shown(tr.t("en", "keys-no-other", { scope: "full" }));
    expect(n.h.tg.buttons(USER).map((b) => b.text)).toEqual([tr.t("en", "button-add-key"), tr.t("en", "button-my-keys")]);
  });
});
