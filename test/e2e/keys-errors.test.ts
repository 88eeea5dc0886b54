/**
 * Marketplace refusals of a key, through the real chat: a read-scope key trying to buy, a key over
 * its daily spend limit, a key the marketplace rejects. (/buy belongs to the buy feature; these
 * tests only rely on its preview card having a Confirm button.)
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../support/harness.js";
import { waitUntil } from "../support/wait.js";
import { textOf } from "../support/payload.js";
import { randomBytes } from "node:crypto";
import { openStore } from "../../src/store/index.js";
import { createSealer } from "../../src/store/secrets.js";

/** 21:30 UTC: the daily limits reset in 2 h 30 min. */
const NOW = Date.UTC(2026, 10, 21, 21, 30);
const USER = 4501;
const ADDRESS = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

let h: Harness;
beforeEach(async () => {
  h = await startHarness({ extendDeps: (deps) => ({ ...deps, now: () => NOW }) });
});
afterEach(async () => {
  await h.stop();
});

async function buyAndConfirm(): Promise<string> {
  await h.tg.sendText({ userId: USER, text: `/buy energy ${ADDRESS} 65000 1h` });
  await h.tg.waitForCall("sendMessage", (p) => textOf(p).includes(ADDRESS));
  await h.tg.tapButton({ userId: USER, text: /Confirm/ });
  const answer = await h.tg.waitForCall(["editMessageText", "sendMessage"], (p) => /can't|limit/.test(textOf(p)));
  return textOf(answer.payload);
}

describe("marketplace refusals of a key", () => {
  it("a read-scope key trying a purchase: says what it can't do, how to get a key that can, and /keys remembers", async () => {
    const { accountId, keyId } = await h.givenUserWithKey(USER, { scope: "read", label: "Viewer" });
    const text = await buyAndConfirm();
    expect(text).toContain("This API key can't place orders");
    expect(text).toContain("<b>buying access</b>");
    expect(text).toContain("dashboard");
    expect(h.tg.buttons(USER).map((b) => b.callbackData)).toContain("key.list");
    expect(h.sandbox.control.orderCount(accountId)).toBe(0);
    await waitUntil(async () => (await h.store.apiKeys.get(USER, keyId))?.missingScopes.includes("purchase"));

    await h.tg.tapButton({ userId: USER, text: /My keys/ });
    await h.tg.waitForCall("sendMessage", (p) => textOf(p).includes("Your API keys"));
    expect(h.tg.lastBotMessage(USER)?.text).toContain("read only: can't buy, run rules or manage webhooks");
  });

  it("a key over its daily spend limit: says it resets at 00:00 UTC and in how long", async () => {
    const { accountId } = await h.givenUserWithKey(USER, { scope: "purchase", dailyLimitTrx: "1" });
    const text = await buyAndConfirm();
    expect(text).toContain("would pass the key's daily spend limit: 0 TRX of 1.00 TRX already spent today");
    expect(text).toContain("resets at 00:00 UTC, in 2 h 30 min");
    expect(h.sandbox.control.orderCount(accountId)).toBe(0);
  });

  it("a rejected key: says so and offers to replace it, which opens the key prompt", async () => {
    await h.store.users.touch(USER, USER);
    await h.store.apiKeys.add(USER, { apiKey: "sbx_purchase_revokedLongAgo0000", label: "Old" });
    await h.tg.sendText({ userId: USER, text: "/balance" });
    const answer = await h.tg.waitForCall("sendMessage");
    expect(textOf(answer.payload)).toContain("rejected this API key");
    await h.tg.tapButton({ userId: USER, text: /Replace key/ });
    await h.tg.waitForCall("sendMessage", (p) => textOf(p).includes("Send me your marketplace"));
  });

  it("a key sealed with a master key the bot no longer has: a clear answer with Add a key, one log line for the operator", async () => {
    const { accountId } = h.sandbox.control.createAccount({ trx: "10" });
    const { key } = h.sandbox.control.createKey(accountId, { scope: "purchase" });
    // stored by a bot that ran with another SECRETS_KEY
    const before = await openStore(h.location, createSealer([randomBytes(32)]));
    await before.users.touch(USER, USER);
    await before.apiKeys.add(USER, { apiKey: key, label: "main" });
    await before.close();
    await h.tg.sendText({ userId: USER, text: "/balance" });
    const answer = await h.tg.waitForCall("sendMessage", (p) => p.chat_id === USER);
    expect(textOf(answer.payload)).toContain("can no longer be read");
    expect(textOf(answer.payload)).not.toContain("went wrong");
    expect(h.tg.buttons(USER).map((b) => b.callbackData)).toEqual(["key.add"]);
    const errors = h.logs.filter((l) => l.includes('"level":50'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("sealed with a master key this bot does not have");
    expect(h.logs.join("")).not.toContain(key);
  });
});
