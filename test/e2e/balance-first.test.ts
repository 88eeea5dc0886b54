/**
 * The balance card does not wait for its runway: the runway's first reading for a key takes two
 * marketplace calls one after the other (the order options, then the 1-transfer price). A proxy in
 * front of the sandbox holds the price back: the card comes with the balance, and the runway is
 * added to it in place once the price is let through; a runway that stays away does not hold up
 * the chat.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../support/harness.js";
import { startHoldingProxy, type HoldingProxy } from "../support/holding-proxy.js";
import { createMarketplace, type Marketplace } from "../../src/marketplace/index.js";
import { textOf } from "../support/payload.js";
import { waitUntil } from "../support/wait.js";
import { RUNWAY_WAIT } from "../../src/bot/features/balance/index.js";
import { SIGN_OF_LIFE_MS } from "../../src/bot/ui/feedback.js";

const USER = 5401;

let h: Harness | undefined;
let proxy: HoldingProxy | undefined;
let through: Marketplace | undefined;
afterEach(async () => {
  proxy?.release();
  await h?.stop();
  await through?.close();
  await proxy?.close();
  h = proxy = through = undefined;
});

/** `lateMs`: how long the chat may wait for a late runway (long by default: the test decides when it comes). */
async function start(lateMs = 60_000): Promise<Harness> {
  let sandboxUrl = "";
  proxy = await startHoldingProxy(() => sandboxUrl, /\/orders\/preview/);
  const marketplace = createMarketplace({ baseUrl: proxy.url, retry: { attempts: 1 } });
  through = marketplace;
  h = await startHarness({ extendDeps: (deps) => ({ ...deps, marketplace, runwayWait: { lateMs } }) });
  sandboxUrl = h.sandbox.url;
  return h;
}

describe("/balance with a slow runway", () => {
  it("shows the balance at once, then adds the runway to the same card", async () => {
    const harness = await start();
    await harness.givenUserWithKey(USER, { trx: "250" });
    await harness.tg.sendText({ userId: USER, text: "/balance" });
    const card = await harness.tg.waitForCall("sendMessage", (p) => p.chat_id === USER && textOf(p).includes("Your balance"));
    expect(textOf(card.payload)).toContain("TRX: <code>250.00</code>");
    expect(textOf(card.payload)).not.toMatch(/USDT transfers?/);
    // the price is asked (once the order options are in), and held
    await waitUntil(() => proxy!.held() === 1 || undefined, { message: "the price was not asked" });
    const messageId = (card.response as { result: { message_id: number } }).result.message_id;

    proxy!.release();
    const completed = await harness.tg.waitForCall("editMessageText", (p) => p.message_id === messageId);
    expect(textOf(completed.payload)).toContain("TRX: <code>250.00</code>");
    expect(textOf(completed.payload)).toMatch(/Enough for about \d+ USDT transfers/);
    expect(harness.tg.messages(USER).filter((m) => m.from === "bot")).toHaveLength(1);
    // the buttons stay
    expect(harness.tg.buttons(USER, messageId).map((b) => b.callbackData)).toEqual(["dep", "buy", "bal.r"]);
  });

  it("a late edit Telegram refuses leaves the card as it is: no second card, no error", async () => {
    const harness = await start();
    await harness.givenUserWithKey(USER, { trx: "250" });
    await harness.tg.sendText({ userId: USER, text: "/balance" });
    await harness.tg.waitForCall("sendMessage", (p) => p.chat_id === USER && textOf(p).includes("Your balance"));
    harness.tg.failNext("editMessageText", { code: 400, description: "Bad Request: message to edit not found" });
    proxy!.release();
    await harness.tg.waitForCall("editMessageText");
    // the chat's next update is handled once the balance's is done
    await harness.tg.sendText({ userId: USER, text: "/help" });
    await harness.tg.waitForCall("sendMessage", (p) => p.chat_id === USER && textOf(p).includes("/balance"));
    const sent = harness.tg.callsOf("sendMessage").filter((c) => c.payload.chat_id === USER).map((c) => textOf(c.payload));
    expect(sent).toHaveLength(2);
    expect(sent[0]).toContain("Your balance");
  });

  it("waits for a late runway less long than the chat takes to look busy", () => {
    expect(RUNWAY_WAIT.lateMs).toBeLessThan(SIGN_OF_LIFE_MS);
    expect(RUNWAY_WAIT.graceMs).toBeLessThan(RUNWAY_WAIT.lateMs);
  });

  it("a runway that stays away leaves the card as it is and the chat free; Refresh then completes it", async () => {
    const harness = await start(200);
    await harness.givenUserWithKey(USER, { trx: "250" });
    await harness.tg.sendText({ userId: USER, text: "/balance" });
    const card = await harness.tg.waitForCall("sendMessage", (p) => p.chat_id === USER && textOf(p).includes("Your balance"));
    const messageId = (card.response as { result: { message_id: number } }).result.message_id;
    await waitUntil(() => proxy!.held() === 1 || undefined, { message: "the price was not asked" });
    // the chat's next update is handled although the price is still held
    await harness.tg.sendText({ userId: USER, text: "/help" });
    await harness.tg.waitForCall("sendMessage", (p) => p.chat_id === USER && textOf(p).includes("/balance"), 5_000);
    expect(harness.tg.callsOf("editMessageText").filter((c) => c.payload.message_id === messageId)).toHaveLength(0);

    // Refresh edits the card once, complete (the price it waits for is the one still held)
    await harness.tg.tapButton({ userId: USER, messageId, text: /Refresh/ });
    proxy!.release();
    const refreshed = await harness.tg.waitForCall("editMessageText", (p) => p.message_id === messageId);
    expect(textOf(refreshed.payload)).toMatch(/Enough for about \d+ USDT transfers/);
    expect((await harness.tg.waitForCall("answerCallbackQuery")).payload.text).toBe("Balance updated");
    expect(harness.tg.callsOf("editMessageText").filter((c) => c.payload.message_id === messageId)).toHaveLength(1);
  });
});
