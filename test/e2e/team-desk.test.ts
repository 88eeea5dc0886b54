/**
 * A team desk (issue 33, item 2): the owner of a key binds it to a group from the private chat and
 * sets a per-order maximum; in the group, administrators (asked of Telegram at each action) buy and
 * check the balance, each action signed; other members cannot act, not even with a copied button;
 * everyone there sees the order notices; no key or deposit address is ever posted there.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startNoticesHarness, type NoticesHarness } from "../support/notices-harness.js";
import { PICK_REQUESTS } from "../../src/bot/ui/chat-pick.js";
import { waitUntil } from "../support/wait.js";
import { en, enAny, enPattern } from "../support/locale.js";

const OWNER = 8080;
const ANNA = 8081;
const BOB = 8082;
const GROUP = -1_008_080_000_001;
const ADDRESS = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
/** /buy's address and volume steps, each in whichever of its forms the group is shown. */
const ASK_ADDRESS = enAny("buy-ask-address", "buy-ask-address-recent");
const ASK_VOLUME = enAny("buy-ask-volume", "buy-ask-volume-presets", "buy-ask-volume-priced");

let n: NoticesHarness;
afterEach(async () => {
  await n?.stop();
  n = undefined!;
});

const tg = () => n.h.tg;
const botSaid = (chatId: number, pattern: RegExp) =>
  tg().waitForCall(["sendMessage", "editMessageText"], (p) => p.chat_id === chatId && pattern.test(String(p.text)));
const inGroup = (userId: number, text: string, username: string) => tg().sendText({ chatId: GROUP, chatType: "supergroup", userId, text, username });
/** A tap on a message of the group (by its callback data: also a button copied from elsewhere). */
const tapInGroup = (userId: number, messageId: number, data: string) => tg().tap({ chatId: GROUP, userId, messageId, data });
const answered = (predicate: (text: string) => boolean) => tg().waitForCall("answerCallbackQuery", (p) => predicate((typeof p.text === "string" ? p.text : "")));

async function setUp() {
  n = await startNoticesHarness({ startSender: true });
  const { accountId, apiKey, keyId } = await n.h.givenUserWithKey(OWNER, { scope: "full", trx: "500", label: "team key" });
  const row = await n.h.store.webhooks.ensureForUser(OWNER, keyId);
  const endpoint = n.h.sandbox.control.createWebhook(accountId, n.hookUrl(row.routeToken));
  await n.h.store.webhooks.setEndpointId(row.id, endpoint.id);
  await n.h.store.webhooks.setSecret(row, endpoint.secret);
  tg().setChat({ chatId: GROUP, type: "supergroup", title: "Energy desk" });
  tg().setChatMember({ chatId: GROUP, userId: OWNER, status: "creator" });
  tg().setChatMember({ chatId: GROUP, userId: ANNA, status: "administrator", username: "anna" });
  tg().setChatMember({ chatId: GROUP, userId: BOB, status: "member", username: "bob" });
  tg().setChatMember({ chatId: GROUP, userId: tg().botInfo.id, status: "member" });
  // the owner binds the key from the private chat
  await tg().sendText({ userId: OWNER, text: "/team" });
  await botSaid(OWNER, enPattern("team-title"));
  await tg().tapButton({ userId: OWNER, text: en("team-button-bind") });
  await botSaid(OWNER, enPattern("team-bind-ask", { key: "team key" }));
  await tg().shareChat({ userId: OWNER, requestId: PICK_REQUESTS.teamGroup, chatId: GROUP });
  await botSaid(OWNER, enPattern("team-bound", { key: "team key", chat: "Energy desk" }));
  await botSaid(OWNER, enPattern("team-desk-line", { chat: "Energy desk", key: "team key", max: en("team-max-none") }));
  expect(await n.h.store.teamDesks.forChat(GROUP)).toMatchObject({ userId: OWNER, keyId, maxOrderSun: null });
  return { apiKey, keyId, accountId };
}

/** The bot's last message in the group and its buttons' callback data by label. */
function lastGroupCard() {
  const msg = tg().lastBotMessage(GROUP)!;
  const data = (label: RegExp) => tg().buttons(GROUP, msg.messageId).find((b) => label.test(b.text))!.callbackData!;
  return { msg, data };
}

describe("team desk", () => {
  it("administrators buy (signed), a member cannot (also with the Confirm button copied), everyone hears the fill, no key or deposit address is posted", async () => {
    const { apiKey, accountId } = await setUp();

    // a member's /buy and /balance: refused, nothing asked of the marketplace
    await inGroup(BOB, `/buy ${ADDRESS} 65k 1h`, "bob");
    await botSaid(GROUP, enPattern("team-admins-only"));
    await inGroup(BOB, "/balance", "bob");
    await botSaid(GROUP, enPattern("team-admins-only"));

    // an administrator's preview, signed
    await inGroup(ANNA, `/buy ${ADDRESS} 65k 1h`, "anna");
    // /buy's own preview card, with the desk's key
    const preview = await botSaid(GROUP, enPattern("buy-preview-total"));
    expect(String(preview.payload.text)).toContain(en("buy-preview-volume", { volume: "<code>65,000</code>", duration: "1 hour" }));
    expect(String(preview.payload.text)).toContain(en("team-asked-by", { who: "@anna" }));
    const { msg, data } = lastGroupCard();
    const confirm = data(/Confirm/);
    const intentId = confirm.split(":").pop()!;
    expect(intentId).toMatch(/^[0-9a-f-]{36}$/);

    // Bob taps Confirm (or sends its data copied): nothing placed
    await tapInGroup(BOB, msg.messageId, confirm);
    await answered((text) => text.includes(en("team-admins-only")));
    await tapInGroup(BOB, msg.messageId, data(/Cancel/));
    await answered((text) => text.includes(en("team-admins-only")));
    // the Confirm copied into another group (no desk there), even by an administrator of both: nothing
    const OTHER = GROUP - 1;
    tg().setChat({ chatId: OTHER, type: "supergroup", title: "Elsewhere" });
    tg().setChatMember({ chatId: OTHER, userId: ANNA, status: "administrator", username: "anna" });
    const { messageId: elsewhere } = await tg().sendText({ chatId: OTHER, chatType: "supergroup", userId: ANNA, text: "hello", username: "anna" });
    await tg().tap({ chatId: OTHER, userId: ANNA, messageId: elsewhere, data: confirm });
    await answered((text) => text.includes(en("team-admins-only")));
    expect((await n.h.store.orders.get(intentId))?.state).toBe("previewed");
    expect(n.h.sandbox.control.orderCount(accountId)).toBe(0);

    // Anna confirms: placed with the owner's key, the card signed
    await tapInGroup(ANNA, msg.messageId, confirm);
    const placed = await botSaid(GROUP, enPattern("team-bought-by", { who: "@anna" }));
    expect(placed.payload.message_id).toBe(msg.messageId);
    expect((await n.h.store.orders.get(intentId))?.state).toBe("placed");
    // a second tap places nothing more
    await tapInGroup(ANNA, msg.messageId, confirm);
    await waitUntil(() => (tg().callsOf("answerCallbackQuery").length >= 4));

    // the fill: everyone in the group hears it in one line; the owner in the private chat
    await n.h.sandbox.control.settleOrders();
    const fill = await botSaid(GROUP, enPattern("notice-brief-order-filled-for"));
    expect(String(fill.payload.text)).toBe(en("notice-brief-order-filled-for", { target: "TR7NHq…Lj6t", what: "65,000 energy for 1 hour" }));
    await botSaid(OWNER, enPattern("notice-order-filled"));

    // the balance: for Anna, signed, without a deposit address; a member's tap does nothing
    await inGroup(ANNA, "/team", "anna");
    await botSaid(GROUP, enPattern("team-group-title", { chat: "Energy desk" }));
    const desk = lastGroupCard();
    await tapInGroup(BOB, desk.msg.messageId, desk.data(/Balance/));
    await answered((text) => text.includes(en("team-admins-only")));
    await tapInGroup(ANNA, desk.msg.messageId, desk.data(/Balance/));
    const balance = String((await botSaid(GROUP, enPattern("team-balance-title"))).payload.text);
    expect(balance).toContain(en("team-checked-by", { who: "@anna" }));

    await n.sender.drain();
    const posted = tg()
      .callsOf("sendMessage")
      .concat(tg().callsOf("editMessageText"))
      .filter((c) => c.payload.chat_id === GROUP)
      .map((c) => String(c.payload.text));
    expect(posted.length).toBeGreaterThan(5);
    const deposit = await n.h.marketplace.forKey(apiKey).depositAddress();
    for (const text of posted) {
      expect(text).not.toContain(apiKey);
      expect(text).not.toContain(deposit.address);
    }
  });

  it("the owner's maximum per order; an administrator demoted between preview and Confirm cannot place it; unbinding ends the desk", async () => {
    await setUp();
    await tg().tapButton({ userId: OWNER, text: en("team-button-max", { chat: "Energy desk" }) });
    await botSaid(OWNER, enPattern("team-max-ask"));
    await tg().sendText({ userId: OWNER, text: "0.5" });
    await botSaid(OWNER, enPattern("team-max-set", { amount: "<code>0.50 TRX</code>" }));
    expect((await n.h.store.teamDesks.forChat(GROUP))?.maxOrderSun).toBe("500000");

    await inGroup(ANNA, `/buy ${ADDRESS} 65k 1h`, "anna");
    await botSaid(GROUP, enPattern("team-over-max", { max: "<code>0.50 TRX</code>" }));
    expect(await n.h.store.orders.listByUser(OWNER)).toHaveLength(0);

    await tg().tapButton({ userId: OWNER, text: en("team-button-back") });
    await botSaid(OWNER, enPattern("team-title"));
    await tg().tapButton({ userId: OWNER, text: en("team-button-max", { chat: "Energy desk" }) });
    await botSaid(OWNER, enPattern("team-max-ask"));
    await tg().tapButton({ userId: OWNER, text: en("team-button-no-max") });
    await botSaid(OWNER, enPattern("team-max-cleared"));

    // a preview under no maximum, then the owner sets one below its price: Confirm places nothing
    await inGroup(ANNA, `/buy ${ADDRESS} 65k 1h`, "anna");
    await botSaid(GROUP, enPattern("buy-preview-total"));
    const early = lastGroupCard();
    await n.h.store.teamDesks.setMax(OWNER, GROUP, 500_000n);
    await tapInGroup(ANNA, early.msg.messageId, early.data(/Confirm/));
    await botSaid(GROUP, enPattern("team-over-max", { max: "<code>0.50 TRX</code>" }));
    expect((await n.h.store.orders.listByUser(OWNER)).map((i) => i.state)).toEqual(["cancelled"]);
    await n.h.store.teamDesks.setMax(OWNER, GROUP, null);

    await inGroup(ANNA, `/buy ${ADDRESS} 65k 1h`, "anna");
    await botSaid(GROUP, enPattern("buy-preview-total"));
    const { msg, data } = lastGroupCard();
    // demoted meanwhile: her Confirm does nothing
    tg().setChatMember({ chatId: GROUP, userId: ANNA, status: "member", username: "anna" });
    await tapInGroup(ANNA, msg.messageId, data(/Confirm/));
    await answered((text) => text.includes(en("team-admins-only")));
    expect((await n.h.store.orders.listByUser(OWNER)).map((i) => i.state).sort()).toEqual(["cancelled", "previewed"]);

    // the owner unbinds: /buy in the group is an account command again (pointed to the private chat)
    await tg().sendText({ userId: OWNER, text: "/team" });
    await botSaid(OWNER, /Energy desk/);
    await tg().tapButton({ userId: OWNER, text: en("team-button-remove", { chat: "Energy desk" }) });
    await tg().waitForCall("answerCallbackQuery", (p) => (typeof p.text === "string" ? p.text : "").includes(en("team-toast-removed")));
    expect(await n.h.store.teamDesks.forChat(GROUP)).toBeUndefined();
    tg().setChatMember({ chatId: GROUP, userId: ANNA, status: "administrator", username: "anna" });
    await inGroup(ANNA, "/team", "anna");
    await botSaid(GROUP, enPattern("team-group-none"));
  });
  it("a preview the team's key cannot pay says so for the group (its owner tops it up), with no Deposit or Refresh there", async () => {
    await setUp();
    await inGroup(ANNA, `/buy ${ADDRESS} 5000000 30d`, "anna");
    const card = String((await botSaid(GROUP, /Asked by @anna/)).payload.text);
    expect(card).toMatch(enPattern("team-preview-short"));
    expect(card).not.toMatch(enPattern("buy-preview-short"));
    const labels = tg().buttons(GROUP, tg().lastBotMessage(GROUP)!.messageId).map((b) => b.text);
    expect(labels.some((l) => /Confirm|Deposit|Refresh/.test(l))).toBe(false);
    expect(labels.some((l) => /Cancel/.test(l))).toBe(true);
  });

  it("an administrator's bare /buy walks the steps of /buy in the group with the desk's key and the same card, signed; a member's answers, taps and /cancel pass it by; a copied Confirm does nothing; the maximum refuses at Confirm", async () => {
    const { apiKey, accountId, keyId } = await setUp();
    const BOB_ADDRESS = "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7";
    const flowText = (messageId: number) => String(tg().messages(GROUP).find((m) => m.messageId === messageId)?.text ?? "");
    const answers = () => tg().callsOf("answerCallbackQuery").length;

    // a member's bare /buy: refused as the one-liner is
    await inGroup(BOB, "/buy", "bob");
    await botSaid(GROUP, enPattern("team-admins-only"));

    await inGroup(ANNA, "/buy", "anna");
    await botSaid(GROUP, enPattern("buy-ask-resource"));
    const flow = lastGroupCard();
    const flowId = flow.msg.messageId;
    // Bob taps Bandwidth and the flow's Cancel: told it is not his, the question stays
    const before = answers();
    await tapInGroup(BOB, flowId, flow.data(/Bandwidth/));
    await tapInGroup(BOB, flowId, flow.data(/Cancel/));
    await waitUntil(() => answers() >= before + 2);
    expect(tg().callsOf("answerCallbackQuery").slice(-2).map((c) => c.payload.text)).toEqual([
      en("flow-not-yours"),
      en("flow-not-yours"),
    ]);
    expect(flowText(flowId)).toMatch(enPattern("buy-ask-resource"));

    await tapInGroup(ANNA, flowId, flow.data(/Energy/));
    // (Bob's Bandwidth was not taken: the address is asked for energy)
    expect(String((await botSaid(GROUP, ASK_ADDRESS)).payload.text)).toContain("Energy");
    // no saved address of the owner's is offered there, nor /batch
    expect(tg().buttons(GROUP, flowId).map((b) => b.text)).toEqual([en("button-cancel")]);
    // Bob's address and his /cancel are not answers: the flow goes on with Anna's
    await inGroup(BOB, BOB_ADDRESS, "bob");
    await inGroup(BOB, "/cancel", "bob");
    await inGroup(ANNA, ADDRESS, "anna");
    const volumeStep = String((await botSaid(GROUP, ASK_VOLUME)).payload.text);
    expect(volumeStep).toContain(ADDRESS);
    expect(volumeStep).not.toContain(BOB_ADDRESS);
    await inGroup(ANNA, "65k", "anna");
    await botSaid(GROUP, enPattern("buy-ask-duration"));
    expect(flowText(flowId)).toMatch(enPattern("buy-ask-duration"));
    const onFlow = (label: RegExp) => tg().buttons(GROUP, flowId).find((b) => label.test(b.text))!.callbackData!;
    const tapsBefore = answers();
    await tapInGroup(BOB, flowId, onFlow(/1 day/));
    await waitUntil(() => answers() > tapsBefore);
    await tapInGroup(ANNA, flowId, onFlow(/1 hour/));

    // the same preview card as in private, in the flow's message, signed; the desk's Confirm and Cancel
    const card = String((await botSaid(GROUP, enPattern("buy-preview-total"))).payload.text);
    expect(card).toContain(en("buy-preview-volume", { volume: "<code>65,000</code>", duration: "1 hour" }));
    expect(card).toContain(en("team-asked-by", { who: "@anna" }));
    expect(tg().buttons(GROUP, flowId).map((b) => b.text)).toEqual([en("team-button-confirm"), en("team-button-cancel")]);
    const confirm = onFlow(/Confirm/);
    const intentId = confirm.split(":").pop()!;
    // the desk's key, its owner's intent, in the group
    expect(await n.h.store.orders.get(intentId)).toMatchObject({ state: "previewed", userId: OWNER, keyId, chatId: GROUP, targetAddress: ADDRESS, volume: "65000", duration: "1h" });

    // Bob's Confirm (copied): nothing placed
    await tapInGroup(BOB, flowId, confirm);
    await answered((text) => text.includes(en("team-admins-only")));
    expect((await n.h.store.orders.get(intentId))?.state).toBe("previewed");
    expect(n.h.sandbox.control.orderCount(accountId)).toBe(0);

    // Anna confirms: placed with the desk's key, the order card signed
    await tapInGroup(ANNA, flowId, confirm);
    const placed = await botSaid(GROUP, enPattern("team-bought-by", { who: "@anna" }));
    expect(placed.payload.message_id).toBe(flowId);
    expect((await n.h.store.orders.get(intentId))?.state).toBe("placed");
    expect(n.h.sandbox.control.orderCount(accountId)).toBe(1);

    // again, and the owner sets a maximum below its price before Anna confirms: refused at Confirm
    await inGroup(ANNA, "/buy", "anna");
    await botSaid(GROUP, enPattern("buy-ask-resource"));
    const second = lastGroupCard();
    await tapInGroup(ANNA, second.msg.messageId, second.data(/Energy/));
    await botSaid(GROUP, ASK_ADDRESS);
    await inGroup(ANNA, ADDRESS, "anna");
    await botSaid(GROUP, ASK_VOLUME);
    await inGroup(ANNA, "65k", "anna");
    await botSaid(GROUP, enPattern("buy-ask-duration"));
    await tapInGroup(ANNA, second.msg.messageId, lastGroupCard().data(/1 hour/));
    await botSaid(GROUP, enPattern("buy-preview-total"));
    const secondId = lastGroupCard().data(/Confirm/).split(":").pop()!;
    await n.h.store.teamDesks.setMax(OWNER, GROUP, 500_000n);
    await tapInGroup(ANNA, second.msg.messageId, lastGroupCard().data(/Confirm/));
    await botSaid(GROUP, enPattern("team-over-max", { max: "<code>0.50 TRX</code>" }));
    expect((await n.h.store.orders.get(secondId))?.state).toBe("cancelled");
    expect(n.h.sandbox.control.orderCount(accountId)).toBe(1);

    // nothing posted there holds the key or the deposit address
    const posted = tg()
      .callsOf("sendMessage")
      .concat(tg().callsOf("editMessageText"))
      .filter((c) => c.payload.chat_id === GROUP)
      .map((c) => String(c.payload.text));
    const deposit = await n.h.marketplace.forKey(apiKey).depositAddress();
    for (const text of posted) {
      expect(text).not.toContain(apiKey);
      expect(text).not.toContain(deposit.address);
    }
  });
});
