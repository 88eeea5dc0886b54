/**
 * Cross-cutting safety: user text is escaped, a new command replaces a flow, credentials typed at a
 * step that does not ask for one never stay in the chat or the stored conversation state, and a
 * created rule is never reported as a failure.
 */
import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../support/harness.js";
import { userChat } from "../support/user-chat.js";
import { waitUntil } from "../support/wait.js";
import { looksLikeCredential } from "../../src/credentials/shape.js";
import { Clock } from "../../src/dev/sandbox/clock.js";
import { Accounts, SCOPES } from "../../src/dev/sandbox/state.js";

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.stop();
});

const USER = 3301;
const ADDRESS = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const { sent } = userChat(() => h.tg, USER);

async function storedConversations(): Promise<string> {
  const { db, t } = h.store.raw.conn;
  return (await db.select({ value: t.botStorage.value }).from(t.botStorage)).map((r) => r.value).join(" ");
}

/** The SQLite file, after a checkpoint, as text (this suite runs on SQLite). */
function databaseFileText(): string {
  h.store.raw.sqlite!.pragma("wal_checkpoint(TRUNCATE)");
  return readFileSync(h.location.databasePath).toString("latin1");
}

describe("safety", () => {
  it("escapes the user's name in the welcome", async () => {
    await h.tg.sendText({ userId: USER, text: "/start", firstName: "Ann <Dev> & Co" });
    const call = await sent((t) => t.includes("Ann"));
    expect(call.payload.text).toContain("Hi, Ann &lt;Dev&gt; &amp; Co!");
    expect((call.response as { ok: boolean }).ok).toBe(true);
  });

  it("/check with no address during /buy replaces the buy flow instead of failing", async () => {
    await h.givenUserWithKey(USER);
    await h.tg.sendText({ userId: USER, text: "/buy" });
    await sent((t) => t.includes("What would you like to buy?"));
    await h.tg.sendText({ userId: USER, text: "/check" });
    const ask = await sent((t) => !t.includes("Something went wrong"));
    expect(String(ask.payload.text)).not.toContain("Something went wrong");
    await h.tg.sendText({ userId: USER, text: ADDRESS });
    // the check flow's one message becomes the address card
    await h.tg.waitForCall(["sendMessage", "editMessageText"], (p) => p.chat_id === USER && String(p.text).includes(ADDRESS) && String(p.text).toLowerCase().includes("energy"));
  });

  it("an API key pasted at the address step is deleted and offered to be saved, the flow stops, and nothing keeps it", async () => {
    const { apiKey } = await h.givenUserWithKey(USER);
    await h.tg.sendText({ userId: USER, text: "/refill" });
    const step = await sent((t) => t.includes("TRON address"));
    const stepId = (step.response as { result: { message_id: number } }).result.message_id;
    const { messageId } = await h.tg.sendText({ userId: USER, text: apiKey });
    // answered as any pasted key: deleted, and offered to be saved
    await sent((t) => t.includes("looked like an API key") && t.includes(`…${apiKey.slice(-4)}`));
    expect(h.tg.messages(USER).find((m) => m.messageId === messageId)?.deleted).toBe(true);
    // the stopped flow's message keeps no buttons that would answer "expired"
    expect(h.tg.buttons(USER, stepId)).toEqual([]);
    // the flow ended: an address now is just a bare address, not an answer to the refill prompt
    await h.tg.sendText({ userId: USER, text: ADDRESS });
    await waitUntil(() => h.tg.callsOf("sendMessage").some((c) => c.payload.chat_id === USER && String(c.payload.text).includes(ADDRESS)));
    expect(await storedConversations()).not.toContain(apiKey);
    expect(databaseFileText()).not.toContain(apiKey);
  });

  it("a webhook secret pasted where the endpoint id is asked is deleted and not stored", async () => {
    await h.givenUserWithKey(USER, { scope: "full" });
    await h.tg.sendText({ userId: USER, text: "/webhook" });
    await sent((t) => t.includes("/hooks/") && t.includes("endpoint's <b>id</b>"));
    const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    const { messageId } = await h.tg.sendText({ userId: USER, text: secret });
    await sent((t) => t.includes("looked like a secret, so I deleted your message"));
    expect(h.tg.messages(USER).find((m) => m.messageId === messageId)?.deleted).toBe(true);
    expect(await storedConversations()).not.toContain(secret);
  });

  it("a created rule whose card cannot be edited is shown as a new message, never as a failure", async () => {
    await h.givenUserWithKey(USER, { trx: "1000" });
    await h.tg.sendText({ userId: USER, text: "/smart" });
    await sent((t) => t.includes("TRON address"));
    await h.tg.sendText({ userId: USER, text: ADDRESS });
    await waitUntil(() => h.tg.buttons(USER).some((b) => b.text === "Yes"));
    await h.tg.tapButton({ userId: USER, text: /^Yes$/ });
    await waitUntil(() => h.tg.buttons(USER).some((b) => b.text === "✅ Confirm"));
    h.tg.failNext("editMessageText", { code: 400, description: "Bad Request: message can't be edited" });
    await h.tg.tapButton({ userId: USER, text: /Confirm/ });
    const card = await sent((t) => t.includes("Smart"));
    expect(String(card.payload.text)).not.toContain("Something went wrong");
    const calls = h.tg.callsOf("sendMessage").map((c) => String(c.payload.text));
    expect(calls.some((t) => t.includes("Something went wrong"))).toBe(false);
  });
});

describe("credential shapes", () => {
  it("recognises keys and secrets but not addresses, ids, amounts or words", () => {
    expect(looksLikeCredential("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")).toBe(true);
    expect(looksLikeCredential("sbx_purchase_3kT9vQ2xLm8pR4sN7wZ1yA5b")).toBe(true);
    expect(looksLikeCredential("sbx_purchase_UdXlKjOLZjbGDIqTQOfKMble")).toBe(true); // a random tail without a digit
    expect(looksLikeCredential("sbx_purchase_FdN_dBiVokJizke_bQtKzfLk")).toBe(true); // base64url: `_` and no digit
    expect(looksLikeCredential("sbx_full_-xQ_vWkLmNoPqRsTuVwXyZab")).toBe(true);
    expect(looksLikeCredential("my_favourite_addresses_list")).toBe(false);
    expect(looksLikeCredential("sk_live_UdXlKjOLZjbGDIqTQOfKMble")).toBe(true);
    // labels people give, mixed case with underscores and no digit
    expect(looksLikeCredential("cold_Storage_Wallet_Main")).toBe(false);
    expect(looksLikeCredential("wallet_MyBinanceAccount")).toBe(false);
    expect(looksLikeCredential("my_Exchange_Withdrawals")).toBe(false);
    for (const label of [
      "Binance_withdrawals_2024",
      "main-wallet-2026-11-24",
      "Kraken-USDT-TRC20-payouts",
      "OKX_TRC20_withdrawals_main",
      "Bybit_2FA_backup_address",
      "wallet_v2_main_account_x",
      "Binance2024_withdrawals",
      "_Binance_withdrawals_2024",
      "my.binance.withdrawals.2024",
      "BinanceHotWallet2024",
      "MainTronWalletForUSDT2",
    ]) {
      expect(looksLikeCredential(label), label).toBe(false);
    }
    expect(looksLikeCredential("mk_live_4f9a1c7e2b8d")).toBe(true); // a part mixing letters and digits
    expect(looksLikeCredential("ABCD-1234-EFGH-5678-IJKL")).toBe(true); // a licence-style key
    expect(looksLikeCredential(ADDRESS)).toBe(false);
    expect(looksLikeCredential("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u")).toBe(false); // a typo'd address stays an answer
    expect(looksLikeCredential("3f1c2a7e-9b4d-4c1e-8a2f-5d6e7f8a9b0c")).toBe(false);
    expect(looksLikeCredential("131000")).toBe(false);
    expect(looksLikeCredential("my trading bot key")).toBe(false);
    expect(looksLikeCredential("https://example.com/a1b2c3d4e5f6g7h8i9")).toBe(false);
    // other long tokens people paste: a transaction id, a git hash, other chains' addresses, a link without a scheme
    expect(looksLikeCredential("ab".repeat(32))).toBe(false);
    expect(looksLikeCredential("9fceb02d0ae598e95dc970b74767f19372d61af8")).toBe(false);
    expect(looksLikeCredential("0x52908400098527886E0F7030069857D2E4169EE7")).toBe(false);
    expect(looksLikeCredential("bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq")).toBe(false);
    expect(looksLikeCredential("t.me/+AbCdEfGh1234567890")).toBe(false);
  });

  it("recognises random base64url tokens with a digit, bar about one in 100,000 that reads like joined words", () => {
    // a fixed pseudo-random sequence (xorshift32): the same tokens on every run
    let x = 123_456_789;
    const next = () => {
      x ^= x << 13;
      x >>>= 0;
      x ^= x >>> 17;
      x ^= x << 5;
      return (x >>>= 0);
    };
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const tokens = Array.from({ length: 20_000 }, () => Array.from({ length: 22 + (next() % 11) }, () => alphabet[next() % 64]).join("")).filter((t) => /\d/.test(t));
    expect(tokens.length).toBeGreaterThan(19_000);
    expect(tokens.filter((t) => !looksLikeCredential(t)).length).toBeLessThanOrEqual(2);
  });

  it("reads long runs of capitals like any other text (a pattern that backtracks would not return on these)", () => {
    // with a backtracking pattern, 50 capitals took 12 s and each one more about half as long again
    expect(looksLikeCredential("ab" + "A".repeat(60) + "#")).toBe(false); // no digit: not a key
    expect(looksLikeCredential("ab" + "A".repeat(60) + "1#")).toBe(true);
    expect(looksLikeCredential("Ab" + "AB".repeat(40) + "1x")).toBe(true);
    expect(looksLikeCredential("Binance" + "Hot".repeat(20) + "USDT" + "2")).toBe(false); // a very long name is still a name
  });

  it("recognises every key the sandbox issues (random base64url tails, some without a digit)", () => {
    const accounts = new Accounts(new Clock(Date.now));
    const account = accounts.create();
    const missed = Array.from({ length: 3000 }, (_, i) => accounts.createKey(account.id, SCOPES[i % 3]!, null).value).filter((key) => !looksLikeCredential(key));
    expect(missed).toEqual([]);
  });
});
