import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Harness } from "../support/harness.js";
import { waitUntil } from "../support/wait.js";
import { CheckStep } from "../../src/bot/features/check/callbacks.js";
import { FlowCancel } from "../../src/bot/flow/flow-message.js";
import { MarketplaceError } from "../../src/marketplace/errors.js";
import { en, enAny, enPattern, tr } from "../support/locale.js";
import { BAD_CHECKSUM, BOT_USERNAME, botSays, startWatchedHarness, USDT_CONTRACT, ZERO_ADDRESS, type PublicSpy } from "./check-support.js";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

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
/** The question for the address. */
const ASK = enPattern("check-ask-address");
/** The "how many transfers" lines, with their figures (the point of the card). */
const holder = (count: string, per: string) => en("check-covers-holder", { count: Number(count.replace(/,/g, "")), countText: count, per });
const newHolder = (count: string, per: string) => en("check-covers-new-holder", { count: Number(count.replace(/,/g, "")), countText: count, per });

describe("/check", () => {
  it("shows activation, energy and bandwidth limit/used/available and the USDT transfers they cover", async () => {
    h.sandbox.control.setAddress(USDT_CONTRACT, { activated: true, energyLimit: 200_000n });
    h.sandbox.control.consumeEnergy(USDT_CONTRACT, 70_000n);
    await h.tg.sendText({ userId: USER, text: `/check ${USDT_CONTRACT}` });
    const card = await botSays(h, USER);
    expect(card.html).toContain(`<code>${USDT_CONTRACT}</code>`);
    expect(card.text).toContain(en("check-activated"));
    expect(card.text).toContain("Energy\nLimit 200,000 · used 70,000 · available 130,000");
    expect(card.text).toContain("Bandwidth\nLimit 600 · used 0 · available 600");
    expect(card.text).toContain(holder("2", "65,000"));
    expect(card.text).toContain(newHolder("0", "131,000"));
    expect(card.text).toContain(en("check-covers-bandwidth", { count: 1, countText: "1", per: "345" }));
    expect(card.text).not.toContain(en("check-covers-none"));
    expect(h.tg.buttons(USER).map((b) => [b.text, b.callbackData])).toEqual([
      [en("button-buy-energy"), `buy.for:${USDT_CONTRACT}`],
      [en("button-refresh"), `chk:${USDT_CONTRACT}`],
    ]);
  });

  it("keeps int64 exact and warns about activation for an address that is not activated", async () => {
    h.sandbox.control.setAddress(ZERO_ADDRESS, { activated: false, energyLimit: 10n ** 18n, bandwidthLimit: 0n });
    await h.tg.sendText({ userId: USER, text: `/check ${ZERO_ADDRESS}` });
    const card = await botSays(h, USER);
    expect(card.text).toContain(en("check-not-activated", { fee: "1.10 TRX" }));
    expect(card.text).toContain("available 1,000,000,000,000,000,000");
    expect(card.text).toMatch(enPattern("check-covers-holder", { count: 15_384_615_384_615, countText: "15,384,615,384,615" }));
    expect(card.text).toMatch(enPattern("check-covers-new-holder", { count: 7_633_587_786_259, countText: "7,633,587,786,259" }));
    expect(card.text).toMatch(enPattern("check-covers-bandwidth", { count: 0, countText: "0" }));
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
    expect(none.text).toMatch(enPattern("check-covers-holder", { count: 0, countText: "0" }));
    expect(none.text).toContain(en("check-covers-none"));
  });

  it("refuses an invalid address or a wrong checksum without calling the checker", async () => {
    await h.tg.sendText({ userId: USER, text: "/check hello<b>" });
    expect((await botSays(h, USER)).text).toBe(en("check-invalid-address", { input: "hello<b>" }));
    // in private, the address is then asked (with the saved ones as buttons): no dead end
    await botSays(h, USER, ASK);
    await h.tg.sendText({ userId: USER, text: `/check ${BAD_CHECKSUM}` });
    expect((await botSays(h, USER, /checksum/)).text).toMatch(enPattern("check-bad-checksum"));
    expect(spy.checks).toEqual([]);
  });

  it("maps a 400 from the server to the same invalid-address answer", async () => {
    spy.checkAddress = () => Promise.reject(new MarketplaceError("http", "bad address", 400, "address_checker.invalid_address"));
    await h.tg.sendText({ userId: USER, text: `/check ${USDT_CONTRACT}` });
    expect((await botSays(h, USER)).text).toMatch(enPattern("check-invalid-address"));
    expect(spy.checks).toEqual([USDT_CONTRACT]);
  });

  it("503: says the node is unavailable with a Refresh button that edits in place once it is back", async () => {
    h.sandbox.control.setCheckerAvailable(false);
    await h.tg.sendText({ userId: USER, text: `/check ${USDT_CONTRACT}` });
    const failed = await botSays(h, USER);
    expect(failed.text).toBe(en("error-checker-unavailable"));
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
    expect((await botSays(h, GROUP)).html).toContain(en("check-usage"));
    await h.tg.sendText({ userId: USER, chatId: GROUP, chatType: "group", text: `/check@${BOT_USERNAME} ${USDT_CONTRACT}` });
    await botSays(h, GROUP, enAny("check-activated", "check-not-activated"));
    expect(h.tg.buttons(GROUP)).toEqual([
      { text: en("button-buy-energy"), url: `https://t.me/${BOT_USERNAME}?start=buy_${USDT_CONTRACT}` },
      { text: en("button-refresh"), callbackData: `chk:${USDT_CONTRACT}` },
    ]);
    await h.tg.tapButton({ userId: USER + 1, chatId: GROUP, text: /Refresh/ });
    const edit = await h.tg.waitForCall("editMessageText", (p) => p.chat_id === GROUP);
    expect(JSON.stringify(edit.payload.reply_markup)).toContain(`start=buy_${USDT_CONTRACT}`);
  });

  it("/check alone in a private chat asks for the address until a valid one arrives", async () => {
    await h.tg.sendText({ userId: USER, text: "/check" });
    expect((await botSays(h, USER)).text).toContain(en("check-ask-address"));
    await h.tg.sendText({ userId: USER, text: "not an address" });
    const again = await botSays(h, USER, enPattern("check-invalid-address"));
    // the same message, the question again under the reason, and Cancel
    expect(again.text).toContain(en("check-ask-address"));
    expect(h.tg.buttons(USER).map((b) => b.text)).toEqual([en("button-cancel")]);
    await h.tg.sendText({ userId: USER, text: BAD_CHECKSUM });
    await botSays(h, USER, /checksum/);
    await h.tg.sendText({ userId: USER, text: `  ${USDT_CONTRACT}  ` });
    const card = await botSays(h, USER, /Limit/);
    expect(card.text).toContain("Limit 600 · used 0 · available 600");
    expect(spy.checks).toEqual([USDT_CONTRACT]);
    // The question is answered: a bare address now gets the usual Check / Buy offer.
    await h.tg.sendText({ userId: USER, text: USDT_CONTRACT });
    expect((await botSays(h, USER)).text).toMatch(enPattern("address-detected"));
  });

  it("asked for the address: survives a restart, and a node failure comes back as the right sentence", async () => {
    await h.tg.sendText({ userId: USER, text: "/check" });
    const question = await botSays(h, USER, ASK);
    // restart() does not wait for an update in flight: wait until the question is stored.
    await waitUntil(async () => (await h.store.prompts.read(String(USER))) !== undefined);
    // the store keeps which question is open and its message, not the message itself;
    // no conversation is open for it
    expect(await h.store.prompts.read(String(USER))).toMatchObject({ id: "check-address", messageId: question.messageId, question: { text: en("check-ask-address") } });
    expect(JSON.stringify((await h.store.conversations.read(String(USER))) ?? null)).not.toContain("check-address");
    await h.restart();
    h.sandbox.control.setCheckerAvailable(false);
    await h.tg.sendText({ userId: USER, text: USDT_CONTRACT });
    expect((await botSays(h, USER)).text).toBe(en("error-checker-unavailable"));
    expect(h.tg.buttons(USER).map((b) => b.callbackData)).toEqual([`buy.for:${USDT_CONTRACT}`, `chk:${USDT_CONTRACT}`]);
    expect(spy.checks).toEqual([USDT_CONTRACT]);
  });

  it("Cancel under the question ends the flow in the same message", async () => {
    await h.tg.sendText({ userId: USER, text: "/check" });
    const question = await botSays(h, USER, ASK);
    await h.tg.tapButton({ userId: USER, text: /Cancel/ });
    const cancelled = await botSays(h, USER, /Cancelled/);
    expect(cancelled.messageId).toBe(question.messageId);
    expect(h.tg.buttons(USER, question.messageId)).toEqual([]);
    await h.tg.sendText({ userId: USER, text: USDT_CONTRACT });
    expect((await botSays(h, USER)).text).toMatch(enPattern("address-detected"));
    expect(spy.checks).toEqual([]);
  });

  it("asked for the address (ru): a saved address's button answers; a sticker gets the hint; a pasted key leaves the question and is deleted", async () => {
    await h.store.users.touch(USER, USER);
    await h.store.recentAddresses.remember(USER, USDT_CONTRACT);
    const ru = (key: string) => tr("ru", key);
    await h.tg.sendText({ userId: USER, text: "/check", languageCode: "ru" });
    const question = await botSays(h, USER, new RegExp(escapeRegExp(ru("check-ask-address"))));
    // the saved address, then Cancel
    const buttons = h.tg.buttons(USER, question.messageId);
    expect(buttons.map((b) => b.callbackData)).toEqual([CheckStep.address.pack({ address: USDT_CONTRACT }), FlowCancel.pack()]);
    expect(buttons[1]!.text).toBe(ru("button-cancel"));
    // not text: the hint, and the question waits on
    await h.tg.injectUpdate({
      message: { message_id: 9001, date: 0, chat: { id: USER, type: "private", first_name: "Ann" }, from: { id: USER, is_bot: false, first_name: "Ann", language_code: "ru" }, sticker: { file_id: "s", file_unique_id: "s", type: "regular", width: 1, height: 1, is_animated: false, is_video: false } },
    });
    expect((await botSays(h, USER)).text).toBe(ru("conversation-send-text"));
    // the saved address offered under the question answers it: the question becomes the card
    await h.tg.tap({ userId: USER, messageId: question.messageId, data: buttons[0]!.callbackData!, languageCode: "ru" });
    const card = await h.tg.waitForCall("editMessageText", (p) => p.message_id === question.messageId && String(p.text).includes(USDT_CONTRACT));
    expect(String(card.payload.text)).not.toContain(ru("check-ask-address"));
    expect(spy.checks).toEqual([USDT_CONTRACT]);
    // answered: the prompt is gone
    await waitUntil(async () => (await h.store.prompts.read(String(USER))) === undefined);

    // asked again, a pasted API key is not an answer: it leaves the question, and the keys feature deletes it
    const { apiKey } = await h.givenUserWithKey(USER);
    await h.tg.sendText({ userId: USER, text: "/check", languageCode: "ru" });
    const second = await botSays(h, USER, new RegExp(escapeRegExp(ru("check-ask-address"))));
    const { messageId } = await h.tg.sendText({ userId: USER, text: apiKey, languageCode: "ru" });
    await waitUntil(() => h.tg.messages(USER).find((m) => m.messageId === messageId)?.deleted === true);
    expect(h.tg.buttons(USER, second.messageId)).toEqual([]);
    expect(spy.checks).toEqual([USDT_CONTRACT]);
    expect(await h.store.prompts.read(String(USER))).toBeUndefined();
  });

  it("a flow started from another card while asked for the address takes over: a typed name then answers the flow, not the check", async () => {
    await h.store.users.touch(USER, USER);
    await h.store.recentAddresses.remember(USER, USDT_CONTRACT);
    await h.tg.sendText({ userId: USER, text: "/addresses" });
    const list = await h.tg.waitForCall("sendMessage", (p) => p.chat_id === USER);
    const listId = (list.response as { result: { message_id: number } }).result.message_id;
    await h.tg.sendText({ userId: USER, text: "/check" });
    const question = await botSays(h, USER, ASK);
    // taps on the list's card are not answers to the question: they pass on; Rename enters a conversation
    await h.tg.tapButton({ userId: USER, messageId: listId, text: new RegExp(USDT_CONTRACT.slice(0, 6)) });
    await waitUntil(() => h.tg.buttons(USER, listId).some((b) => /Rename/.test(b.text)));
    await h.tg.tapButton({ userId: USER, messageId: listId, text: /Rename/ });
    await botSays(h, USER, /Send a name for/);
    await waitUntil(async () => (await h.store.prompts.read(String(USER))) === undefined);
    const checksBefore = spy.checks.length;
    await h.tg.sendText({ userId: USER, text: "Cold wallet" });
    await waitUntil(async () => (await h.store.recentAddresses.get(USER, USDT_CONTRACT))?.label === "Cold wallet");
    // the question was not answered (no check for it), and its message is left as it was
    expect(spy.checks.length).toBe(checksBefore);
    expect(h.tg.messages(USER).find((m) => m.messageId === question.messageId)?.text).toContain(en("check-ask-address"));
    // nor is it open any more: an address now is a bare address (the usual offer), not its answer
    await h.tg.sendText({ userId: USER, text: USDT_CONTRACT });
    expect((await botSays(h, USER, enAny("address-detected", "check-ask-address"))).text).toMatch(enPattern("address-detected"));
    expect(spy.checks.length).toBe(checksBefore);
  });

  it("/check again while asked: the first question says it was left, the second one is asked", async () => {
    await h.tg.sendText({ userId: USER, text: "/check" });
    const first = await botSays(h, USER, ASK);
    await h.tg.sendText({ userId: USER, text: "/check" });
    await waitUntil(() => h.tg.messages(USER).find((m) => m.messageId === first.messageId)?.text?.includes("Cancelled") === true);
    expect(h.tg.buttons(USER, first.messageId)).toEqual([]);
    const second = await botSays(h, USER, ASK);
    expect(second.messageId).not.toBe(first.messageId);
    await waitUntil(async () => (await h.store.prompts.read(String(USER)))?.messageId === second.messageId);
  });

  it("a prompt this bot no longer has (left by an older release) is forgotten: /cancel is answered once, a text goes its usual way", async () => {
    await h.store.prompts.write(String(USER), { id: "gone-since", messageId: 1, question: { text: "?", keyboard: [] } });
    await h.tg.sendText({ userId: USER, text: "/cancel" });
    expect((await botSays(h, USER)).text).toBe(en("cancel-done"));
    await h.tg.sendText({ userId: USER, text: USDT_CONTRACT });
    expect((await botSays(h, USER)).text).toMatch(enPattern("address-detected"));
    // one answer each: no fallback after the /cancel
    expect(h.tg.callsOf("sendMessage").filter((c) => c.payload.chat_id === USER)).toHaveLength(2);
    expect(await h.store.prompts.read(String(USER))).toBeUndefined();
  });

  it("a prompt kept by the release before (no question stored with it) is forgotten: an address sent then gets the usual offer", async () => {
    await h.store.prompts.write(String(USER), { id: "check-address", messageId: 1 });
    await h.tg.sendText({ userId: USER, text: USDT_CONTRACT });
    expect((await botSays(h, USER)).text).toMatch(enPattern("address-detected"));
    expect(await h.store.prompts.read(String(USER))).toBeUndefined();
    expect(spy.checks).toEqual([]);
  });

  it("a command typed while asked for the address leaves the question; /cancel too", async () => {
    await h.tg.sendText({ userId: USER, text: "/check" });
    await botSays(h, USER, ASK);
    await h.tg.sendText({ userId: USER, text: "/help" });
    await botSays(h, USER, enPattern("help-title"));
    await h.tg.sendText({ userId: USER, text: "/check" });
    await botSays(h, USER, ASK);
    await h.tg.sendText({ userId: USER, text: "/cancel" });
    expect((await botSays(h, USER)).text).toContain("Cancelled");
    await h.tg.sendText({ userId: USER, text: "hello" });
    expect((await botSays(h, USER, enPattern("fallback-message"))).text).toContain("/help");
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
    expect((await botSays(h, USER)).text).toMatch(enPattern("check-bad-checksum"));
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
    expect((await botSays(h, USER, /checksum/)).text).toMatch(enPattern("check-bad-checksum"));
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
