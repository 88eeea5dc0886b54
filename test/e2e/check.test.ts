import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Harness } from "../support/harness.js";
import { waitUntil } from "../support/wait.js";
import { MarketplaceError } from "../../src/marketplace/errors.js";
import { BAD_CHECKSUM, BOT_USERNAME, botSays, startWatchedHarness, USDT_CONTRACT, ZERO_ADDRESS, type PublicSpy } from "./check-support.js";

let h: Harness;
let spy: PublicSpy;
beforeEach(async () => {
  ({ h, spy } = await startWatchedHarness());
});
afterEach(async () => {
  await h.stop();
});

const USER = 2001;
const GROUP = -2002;

describe("/check", () => {
  it("shows activation, energy and bandwidth limit/used/available and the USDT transfers they cover", async () => {
    h.sandbox.control.setAddress(USDT_CONTRACT, { activated: true, energyLimit: 200_000n });
    h.sandbox.control.consumeEnergy(USDT_CONTRACT, 70_000n);
    await h.tg.sendText({ userId: USER, text: `/check ${USDT_CONTRACT}` });
    const card = await botSays(h, USER);
    expect(card.html).toContain(`<code>${USDT_CONTRACT}</code>`);
    expect(card.text).toContain("✅ Activated");
    expect(card.text).toContain("Energy\nLimit 200,000 · used 70,000 · available 130,000");
    expect(card.text).toContain("Bandwidth\nLimit 600 · used 0 · available 600");
    expect(card.text).toContain("• 2 USDT transfers to an address that holds USDT (~65,000 energy each)");
    expect(card.text).toContain("• 0 USDT transfers to an address without USDT (~131,000 energy each)");
    expect(card.text).toContain("• bandwidth for 1 transfer (~345 each)");
    expect(card.text).not.toContain("Not enough energy");
    expect(h.tg.buttons(USER).map((b) => [b.text, b.callbackData])).toEqual([
      ["⚡ Buy energy", `buy.for:${USDT_CONTRACT}`],
      ["🔄 Refresh", `chk:${USDT_CONTRACT}`],
    ]);
  });

  it("keeps int64 exact and warns about activation for an address that is not activated", async () => {
    h.sandbox.control.setAddress(ZERO_ADDRESS, { activated: false, energyLimit: 10n ** 18n, bandwidthLimit: 0n });
    await h.tg.sendText({ userId: USER, text: `/check ${ZERO_ADDRESS}` });
    const card = await botSays(h, USER);
    expect(card.text).toContain("Not activated: the first transfer to it also pays about 1.10 TRX to activate it.");
    expect(card.text).toContain("available 1,000,000,000,000,000,000");
    expect(card.text).toContain("• 15,384,615,384,615 USDT transfers to an address that holds USDT");
    expect(card.text).toContain("• 7,633,587,786,259 USDT transfers to an address without USDT");
    expect(card.text).toContain("• bandwidth for 0 transfers");
  });

  it("says when the energy covers no transfer; Russian plurals", async () => {
    h.sandbox.control.setAddress(USDT_CONTRACT, { activated: true, energyLimit: 140_000n });
    await h.tg.sendText({ userId: USER, text: `/check ${USDT_CONTRACT}`, languageCode: "ru" });
    const ru = await botSays(h, USER);
    expect(ru.text).toContain("• 2 перевода USDT на адрес, где уже есть USDT");
    expect(ru.text).toContain("• 1 перевод USDT на адрес без USDT");
    h.sandbox.control.setAddress(ZERO_ADDRESS, { activated: true, energyLimit: 64_999n });
    await h.tg.sendText({ userId: USER, text: `/check ${ZERO_ADDRESS}`, languageCode: "en" });
    const none = await botSays(h, USER, new RegExp(ZERO_ADDRESS));
    expect(none.text).toContain("• 0 USDT transfers to an address that holds USDT");
    expect(none.text).toContain("Not enough energy for a USDT transfer");
  });

  it("refuses an invalid address or a wrong checksum without calling the checker", async () => {
    await h.tg.sendText({ userId: USER, text: "/check hello<b>" });
    expect((await botSays(h, USER)).text).toBe("hello<b> is not a valid TRON address. An address starts with T and has 34 characters.");
    // in private, the address is then asked (with the saved ones as buttons): no dead end
    await botSays(h, USER, /Send me the TRON address to check/);
    await h.tg.sendText({ userId: USER, text: `/check ${BAD_CHECKSUM}` });
    expect((await botSays(h, USER, /checksum/)).text).toContain("looks like a TRON address, but its checksum does not match");
    expect(spy.checks).toEqual([]);
  });

  it("maps a 400 from the server to the same invalid-address answer", async () => {
    spy.checkAddress = () => Promise.reject(new MarketplaceError("http", "bad address", 400, "address_checker.invalid_address"));
    await h.tg.sendText({ userId: USER, text: `/check ${USDT_CONTRACT}` });
    expect((await botSays(h, USER)).text).toContain("is not a valid TRON address");
    expect(spy.checks).toEqual([USDT_CONTRACT]);
  });

  it("503: says the node is unavailable with a Refresh button that edits in place once it is back", async () => {
    h.sandbox.control.setCheckerAvailable(false);
    await h.tg.sendText({ userId: USER, text: `/check ${USDT_CONTRACT}` });
    const failed = await botSays(h, USER);
    expect(failed.text).toBe("The TRON network node is unavailable right now. Please try again in a minute.");
    expect(h.tg.buttons(USER).map((b) => b.callbackData)).toEqual([`buy.for:${USDT_CONTRACT}`, `chk:${USDT_CONTRACT}`]);
    h.sandbox.control.setCheckerAvailable(true);
    await h.tg.tapButton({ userId: USER, text: /Refresh/ });
    const edit = await h.tg.waitForCall("editMessageText");
    expect(edit.payload.message_id).toBe(failed.messageId);
    expect(h.tg.lastBotMessage(USER)?.text).toContain("Limit 600 · used 0 · available 600");
  });

  it("Refresh shows new values in the same message; an unchanged card is not re-sent", async () => {
    h.sandbox.control.setAddress(USDT_CONTRACT, { activated: true, energyLimit: 200_000n });
    await h.tg.sendText({ userId: USER, text: `/check ${USDT_CONTRACT}` });
    const card = await botSays(h, USER);
    expect(card.text).toContain("available 200,000");
    h.sandbox.control.consumeEnergy(USDT_CONTRACT, 65_000n);
    await h.tg.tapButton({ userId: USER, text: /Refresh/ });
    await h.tg.waitForCall("editMessageText");
    const edited = h.tg.messages(USER).find((m) => m.messageId === card.messageId);
    expect(edited?.text).toContain("used 65,000 · available 135,000");
    expect(edited?.text).toContain("• 2 USDT transfers");
    await h.tg.tapButton({ userId: USER, text: /Refresh/ });
    await h.tg.waitForCall("answerCallbackQuery", undefined, 5000);
    await h.tg.waitForCall("editMessageText");
    expect(h.tg.messages(USER).filter((m) => m.from === "bot")).toHaveLength(1);
    expect(h.logs.join("")).not.toMatch(/"level":50/);
  });

  it("in a group: usage without an address, and a Buy button that deep-links to the private chat", async () => {
    await h.tg.sendText({ userId: USER, chatId: GROUP, chatType: "group", text: "/check" });
    expect((await botSays(h, GROUP)).text).toContain("Send /check with a TRON address, for example");
    await h.tg.sendText({ userId: USER, chatId: GROUP, chatType: "group", text: `/check@${BOT_USERNAME} ${USDT_CONTRACT}` });
    await botSays(h, GROUP, /Activated|Not activated/);
    expect(h.tg.buttons(GROUP)).toEqual([
      { text: "⚡ Buy energy", url: `https://t.me/${BOT_USERNAME}?start=buy_${USDT_CONTRACT}` },
      { text: "🔄 Refresh", callbackData: `chk:${USDT_CONTRACT}` },
    ]);
    await h.tg.tapButton({ userId: USER + 1, chatId: GROUP, text: /Refresh/ });
    const edit = await h.tg.waitForCall("editMessageText", (p) => p.chat_id === GROUP);
    expect(JSON.stringify(edit.payload.reply_markup)).toContain(`start=buy_${USDT_CONTRACT}`);
  });

  it("/check alone in a private chat asks for the address until a valid one arrives", async () => {
    await h.tg.sendText({ userId: USER, text: "/check" });
    expect((await botSays(h, USER)).text).toContain("Send me the TRON address to check");
    await h.tg.sendText({ userId: USER, text: "not an address" });
    const again = await botSays(h, USER, /not a valid TRON address/);
    // the same message, the question again under the reason, and Cancel
    expect(again.text).toContain("Send me the TRON address to check");
    expect(h.tg.buttons(USER).map((b) => b.text)).toEqual(["✖️ Cancel"]);
    await h.tg.sendText({ userId: USER, text: BAD_CHECKSUM });
    await botSays(h, USER, /checksum/);
    await h.tg.sendText({ userId: USER, text: `  ${USDT_CONTRACT}  ` });
    const card = await botSays(h, USER, /Limit/);
    expect(card.text).toContain("Limit 600 · used 0 · available 600");
    expect(spy.checks).toEqual([USDT_CONTRACT]);
    // The conversation is over: a bare address now gets the usual Check / Buy offer.
    await h.tg.sendText({ userId: USER, text: USDT_CONTRACT });
    expect((await botSays(h, USER)).text).toContain("is a TRON address");
  });

  it("asked for the address: survives a restart, and a node failure comes back as the right sentence", async () => {
    await h.tg.sendText({ userId: USER, text: "/check" });
    await botSays(h, USER, /Send me the TRON address/);
    // restart() does not wait for an update in flight: wait until the question is stored.
    await waitUntil(async () => JSON.stringify((await h.store.conversations.read(String(USER))) ?? null).includes("check-address"));
    await h.restart();
    h.sandbox.control.setCheckerAvailable(false);
    await h.tg.sendText({ userId: USER, text: USDT_CONTRACT });
    expect((await botSays(h, USER)).text).toBe("The TRON network node is unavailable right now. Please try again in a minute.");
    expect(h.tg.buttons(USER).map((b) => b.callbackData)).toEqual([`buy.for:${USDT_CONTRACT}`, `chk:${USDT_CONTRACT}`]);
    expect(spy.checks).toEqual([USDT_CONTRACT]);
  });

  it("Cancel under the question ends the flow in the same message", async () => {
    await h.tg.sendText({ userId: USER, text: "/check" });
    const question = await botSays(h, USER, /Send me the TRON address/);
    await h.tg.tapButton({ userId: USER, text: /Cancel/ });
    const cancelled = await botSays(h, USER, /Cancelled/);
    expect(cancelled.messageId).toBe(question.messageId);
    expect(h.tg.buttons(USER, question.messageId)).toEqual([]);
    await h.tg.sendText({ userId: USER, text: USDT_CONTRACT });
    expect((await botSays(h, USER)).text).toContain("is a TRON address");
    expect(spy.checks).toEqual([]);
  });

  it("a command typed while asked for the address leaves the question; /cancel too", async () => {
    await h.tg.sendText({ userId: USER, text: "/check" });
    await botSays(h, USER, /Send me the TRON address/);
    await h.tg.sendText({ userId: USER, text: "/help" });
    await botSays(h, USER, /What I can do/);
    await h.tg.sendText({ userId: USER, text: "/check" });
    await botSays(h, USER, /Send me the TRON address/);
    await h.tg.sendText({ userId: USER, text: "/cancel" });
    expect((await botSays(h, USER)).text).toContain("Cancelled");
    await h.tg.sendText({ userId: USER, text: "hello" });
    expect((await botSays(h, USER, /did not understand/)).text).toContain("/help");
    expect(spy.checks).toEqual([]);
  });
});

describe("/start deep links", () => {
  it("/start check_<address> and /start buy_<address> run the check with a Buy button", async () => {
    await h.tg.sendText({ userId: USER, text: `/start check_${USDT_CONTRACT}` });
    await botSays(h, USER, /Limit/);
    await h.tg.sendText({ userId: USER, text: `/start buy_${ZERO_ADDRESS}` });
    await botSays(h, USER, new RegExp(ZERO_ADDRESS));
    expect(h.tg.buttons(USER).map((b) => b.callbackData)).toEqual([`buy.for:${ZERO_ADDRESS}`, `chk:${ZERO_ADDRESS}`]);
    expect(spy.checks).toEqual([USDT_CONTRACT, ZERO_ADDRESS]);
  });

  it("a deep link with a broken address says so; other payloads reach the usual /start", async () => {
    await h.tg.sendText({ userId: USER, text: `/start check_${BAD_CHECKSUM}` });
    expect((await botSays(h, USER)).text).toContain("checksum does not match");
    await h.tg.sendText({ userId: USER, text: "/start inline", firstName: "Ann" });
    expect((await botSays(h, USER)).text).toContain("Ann");
    expect(spy.checks).toEqual([]);
  });
});

describe("a bare address in a private chat", () => {
  it("offers Check and Buy energy; Check turns the offer into the card", async () => {
    await h.tg.sendText({ userId: USER, text: `\`${USDT_CONTRACT}\`` });
    const offer = await botSays(h, USER);
    expect(offer.html).toContain(`<code>${USDT_CONTRACT}</code>`);
    expect(h.tg.buttons(USER).map((b) => b.callbackData)).toEqual([`chk:${USDT_CONTRACT}`, `buy.for:${USDT_CONTRACT}`]);
    await h.tg.tapButton({ userId: USER, text: /Check/ });
    const edit = await h.tg.waitForCall("editMessageText");
    expect(edit.payload.message_id).toBe(offer.messageId);
    expect(h.tg.lastBotMessage(USER)?.text).toContain("Limit 600");
  });

  it("a wrong checksum is pointed out; groups are left alone", async () => {
    await h.tg.sendText({ userId: USER, text: BAD_CHECKSUM });
    expect((await botSays(h, USER, /checksum/)).text).toContain("looks like a TRON address, but its checksum does not match");
    await h.tg.sendText({ userId: USER, chatId: GROUP, chatType: "group", text: `send to ${USDT_CONTRACT} please` });
    await h.tg.sendText({ userId: USER, text: "/help" });
    await botSays(h, USER);
    expect(h.tg.callsOf("sendMessage").filter((c) => c.payload.chat_id === GROUP)).toEqual([]);
    expect(spy.checks).toEqual([]);
  });

  it("an address inside a sentence is found and offered (ru); a sentence with only a wrong one gets the usual answer", async () => {
    await h.tg.sendText({ userId: USER, text: `Пополни, пожалуйста, адрес ${USDT_CONTRACT}, спасибо!`, languageCode: "ru" });
    const offer = await botSays(h, USER);
    expect(offer.html).toBe(`В вашем сообщении есть адрес TRON: <code>${USDT_CONTRACT}</code>. Проверить его энергию и пропускную способность или купить для него энергию?`);
    expect(h.tg.buttons(USER).map((b) => b.callbackData)).toEqual([`chk:${USDT_CONTRACT}`, `buy.for:${USDT_CONTRACT}`]);
    await h.tg.tapButton({ userId: USER, text: /Проверить/ });
    await h.tg.waitForCall("editMessageText", (p) => p.message_id === offer.messageId);
    expect(h.tg.lastBotMessage(USER)?.text).toContain("Пропускная способность");

    // the first valid one of several, a wrong one before it skipped
    await h.tg.sendText({ userId: USER, text: `from ${BAD_CHECKSUM} to ${ZERO_ADDRESS}` });
    expect((await botSays(h, USER)).html).toContain(`<code>${ZERO_ADDRESS}</code>`);
    await h.tg.sendText({ userId: USER, text: `send to ${BAD_CHECKSUM} please` });
    expect((await botSays(h, USER)).text).toContain("/help");
  });});
