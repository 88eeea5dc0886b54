/**
 * A marketplace that hangs: the chat shows a sign of life within a second, gets a clear answer
 * within the interactive deadline (not 45 s of silence), other chats are answered meanwhile, and a
 * second tap on a card whose action is still running is answered at once.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../support/harness.js";
import { textOf } from "../support/payload.js";
import { createMarketplace, DEFAULT_RETRY, DEFAULT_TIMEOUTS, INTERACTIVE } from "../../src/marketplace/index.js";
import { SIGN_OF_LIFE_MS } from "../../src/bot/ui/feedback.js";

const USER = 5101;
const OTHER = 5102;

let h: Harness | undefined;
let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  await h?.stop();
  h = server = undefined;
});

/** A marketplace whose balance endpoint answers `answered` times, then never again. */
async function hangingMarketplace(answered: number): Promise<string> {
  let calls = 0;
  server = createServer((req, res) => {
    if (req.url?.startsWith("/api/v1/wallet/balance") && calls++ < answered) {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ usdtTrc20: "0", trx: "12.5" }));
    }
    // otherwise: hang, as a stuck upstream does
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The bot's chat marketplace with the interactive policy's shape, its deadlines shortened for the test. */
async function start(answered: number): Promise<Harness> {
  const url = await hangingMarketplace(answered);
  const chat = createMarketplace({ baseUrl: url, timeouts: { connectMs: 500, totalMs: 1_500 }, retry: { ...INTERACTIVE.retry, baseDelayMs: 10 } });
  h = await startHarness({ extendDeps: (deps) => ({ ...deps, marketplace: chat }) });
  await h.givenUserWithKey(USER);
  return h;
}

describe("a marketplace that hangs", () => {
  it("the interactive policy answers within 15 s, the background one keeps its longer deadline", () => {
    const worst = (p: { attempts: number; maxDelayMs: number }, totalMs: number) => p.attempts * totalMs + (p.attempts - 1) * p.maxDelayMs;
    const interactive = { ...DEFAULT_RETRY, ...INTERACTIVE.retry };
    expect(worst(interactive, INTERACTIVE.timeouts!.totalMs!)).toBeLessThanOrEqual(15_000);
    expect(worst(DEFAULT_RETRY, DEFAULT_TIMEOUTS.totalMs)).toBeGreaterThan(15_000);
    expect(SIGN_OF_LIFE_MS).toBeLessThan(1_000);
  });

  it("typing within a second, then a clear answer; another chat is answered meanwhile", async () => {
    const harness = await start(0);
    await harness.tg.sendText({ userId: USER, text: "/balance" });
    const typing = await harness.tg.waitForCall("sendChatAction", (p) => p.chat_id === USER);
    expect(typing.payload.action).toBe("typing");
    await harness.tg.sendText({ userId: OTHER, text: "/help" });
    await harness.tg.waitForCall("sendMessage", (p) => p.chat_id === OTHER);
    // the other chat was answered while this one still waits on the marketplace
    expect(harness.tg.callsOf("sendMessage").filter((c) => c.payload.chat_id === USER)).toHaveLength(0);
    const answer = await harness.tg.waitForCall("sendMessage", (p) => p.chat_id === USER, 10_000);
    expect(textOf(answer.payload)).toContain("not answering right now");
  });

  it("a second tap while the first one's action still runs is answered at once, and the first still completes", async () => {
    const harness = await start(1);
    await harness.tg.sendText({ userId: USER, text: "/balance" });
    await harness.tg.waitForCall("sendMessage", (p) => textOf(p).includes("Your balance"));
    const first = await harness.tg.tapButton({ userId: USER, text: /Refresh/ });
    const working = await harness.tg.waitForCall("answerCallbackQuery", (p) => p.callback_query_id === first.callbackQueryId);
    expect(working.payload.text).toBe("⏳ Working on it…");
    const second = await harness.tg.tapButton({ userId: USER, text: /Refresh/ });
    const still = await harness.tg.waitForCall("answerCallbackQuery", (p) => p.callback_query_id === second.callbackQueryId, 1_000);
    expect(still.payload.text).toBe("⏳ Still working on your last tap: one moment.");
    const answer = await harness.tg.waitForCall(["editMessageText", "sendMessage"], (p) => p.chat_id === USER && textOf(p).includes("not answering"), 10_000);
    expect(answer).toBeDefined();
  });
});
