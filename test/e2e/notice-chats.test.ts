/**
 * Notices into a group or channel (issue 33, item 1): picked in /settings with Telegram's chat
 * picker (or the chat's id typed), allowed only where both the user and the bot are administrators
 * (getChatMember when chosen and again before each send); there only what happened unless "full
 * notices" is on; when the bot loses the right, notices fall back to the private chat and the user is
 * told once.
 */
import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { startNoticesHarness, type NoticesHarness } from "../support/notices-harness.js";
import type { MarketplaceClient } from "../../src/marketplace/index.js";
import { PICK_REQUESTS } from "../../src/bot/ui/chat-pick.js";
import { waitUntil } from "../support/wait.js";
import { en, enAny, enPattern } from "../support/locale.js";

const USER = 7070;
const GROUP = -1_007_070_000_001;
const CHANNEL = -1_007_070_000_002;
const ADDRESS = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
/** A fill's notice, in full (the private chat's) or brief (a group's). */
const FILLED = enAny("notice-order-filled", "notice-brief-order-filled", "notice-brief-order-filled-for");
const SETTINGS = enPattern("settings-title");
const ONLY_THERE = enPattern("settings-where-there");

let n: NoticesHarness;
afterEach(async () => {
  await n?.stop();
  n = undefined!;
});

async function setUp() {
  n = await startNoticesHarness({ startSender: true });
  const { accountId, apiKey, keyId } = await n.h.givenUserWithKey(USER, { scope: "full", trx: "500" });
  const client = n.h.marketplace.forKey(apiKey);
  const row = await n.h.store.webhooks.ensureForUser(USER, keyId);
  const endpoint = n.h.sandbox.control.createWebhook(accountId, n.hookUrl(row.routeToken));
  await n.h.store.webhooks.setEndpointId(row.id, endpoint.id);
  await n.h.store.webhooks.setSecret(row, endpoint.secret);
  const tg = n.h.tg;
  tg.setChat({ chatId: GROUP, type: "supergroup", title: "Energy desk" });
  tg.setChat({ chatId: CHANNEL, type: "channel", title: "Fills" });
  // the address has a name: the group is told the order was for "Main wallet"
  await n.h.store.recentAddresses.remember(USER, ADDRESS);
  await n.h.store.recentAddresses.setLabel(USER, ADDRESS, "Main wallet");
  return { client };
}

const tg = () => n.h.tg;
const botSaid = (chatId: number, pattern: RegExp) =>
  tg().waitForCall(["sendMessage", "editMessageText"], (p) => p.chat_id === chatId && pattern.test(String(p.text)));
/** Messages Telegram accepted in the chat. */
const sentTo = (chatId: number, pattern: RegExp = /./) =>
  tg()
    .callsOf("sendMessage")
    .filter((c) => c.payload.chat_id === chatId && pattern.test(String(c.payload.text)) && (c.response as { ok: boolean }).ok);

/** A tap on the settings card (the latest one), wherever notices came since. */
function tapSettings(label: string) {
  const card = tg()
    .messages(USER)
    .filter((m) => m.from === "bot" && m.text?.startsWith("⚙️ Settings"))
    .pop();
  return tg().tapButton({ userId: USER, text: label, messageId: card!.messageId });
}

async function fill(client: MarketplaceClient) {
  const order = await client.placeOrder({ resource: "energy", targetAddress: ADDRESS, volume: 131_000n, duration: "1d" }, { idempotencyKey: randomUUID() });
  await n.h.sandbox.control.settleOrders();
  return order;
}

/** /settings → "Also to a group or channel": the picker keyboard. */
async function openPicker() {
  await tg().sendText({ userId: USER, text: "/settings" });
  await botSaid(USER, SETTINGS);
  await tg().tapButton({ userId: USER, text: enAny("settings-button-chat-pick", "settings-button-chat-change") });
  const ask = await botSaid(USER, enPattern("settings-chat-ask"));
  return ask.payload.reply_markup as { keyboard: Array<Array<{ text: string; request_chat?: Record<string, unknown> }>> };
}

describe("notices into a group or channel", () => {
  it("the picker: refused unless both the user and the bot administer the chat; then brief notices there, full ones here", async () => {
    const { client } = await setUp();
    const keyboard = await openPicker();
    const buttons = keyboard.keyboard.flat();
    expect(buttons.map((b) => b.request_chat?.request_id)).toEqual([PICK_REQUESTS.noticesGroup, PICK_REQUESTS.noticesChannel]);
    expect(buttons[1]?.request_chat).toMatchObject({ chat_is_channel: true, bot_administrator_rights: { can_post_messages: true } });

    // the user administers the group, the bot is only a member: refused, nothing stored
    tg().setChatMember({ chatId: GROUP, userId: USER, status: "administrator" });
    tg().setChatMember({ chatId: GROUP, userId: tg().botInfo.id, status: "member" });
    await tg().shareChat({ userId: USER, requestId: PICK_REQUESTS.noticesGroup, chatId: GROUP });
    await botSaid(USER, enPattern("settings-chat-bot-not-admin", { chat: "Energy desk" }));
    expect(await n.h.store.noticeChats.get(USER)).toBeUndefined();

    // the bot is an administrator, the user no longer: refused (a typed id, the pick still open)
    tg().setChatMember({ chatId: GROUP, userId: tg().botInfo.id, status: "administrator" });
    tg().setChatMember({ chatId: GROUP, userId: USER, status: "member" });
    await openPicker();
    await tg().sendText({ userId: USER, text: String(GROUP) });
    await botSaid(USER, enPattern("settings-chat-you-not-admin", { chat: "Energy desk" }));
    expect(await n.h.store.noticeChats.get(USER)).toBeUndefined();

    // both administrators: chosen, the picker keyboard removed, the card says where notices go
    tg().setChatMember({ chatId: GROUP, userId: USER, status: "creator" });
    await openPicker();
    await tg().shareChat({ userId: USER, requestId: PICK_REQUESTS.noticesGroup, chatId: GROUP });
    const chosen = await botSaid(USER, enPattern("settings-chat-chosen", { chat: "Energy desk" }));
    expect(chosen.payload.reply_markup).toEqual({ remove_keyboard: true });
    const card = String((await botSaid(USER, SETTINGS)).payload.text);
    expect(card).toContain(en("settings-where-both", { chat: "Energy desk" }));
    expect(await n.h.store.noticeChats.get(USER)).toMatchObject({ chatId: GROUP, kind: "supergroup", full: false, alsoPrivate: true, lost: false });

    // a fill: the group hears only what happened (no charge, transaction or buttons); the private chat the whole notice
    await fill(client);
    const there = await botSaid(GROUP, FILLED);
    const here = await botSaid(USER, FILLED);
    expect(String(there.payload.text)).toBe(en("notice-brief-order-filled-for", { target: "Main wallet", what: "131,000 energy for 1 day" }));
    expect(String(there.payload.text)).not.toMatch(/Charged|TRX|transaction/i);
    expect(there.payload.reply_markup).toBeUndefined();
    expect(String(here.payload.text)).toMatch(enPattern("notice-line-charged"));

    // full notices there, and none here: the group gets the private notice's text (still no buttons), the private chat nothing
    await tapSettings(en("settings-button-chat-full"));
    await botSaid(USER, enPattern("settings-where-full"));
    await tapSettings(en("settings-button-chat-here-off"));
    await botSaid(USER, enPattern("settings-where-there", { chat: "Energy desk" }));
    const before = sentTo(USER, FILLED).length;
    await fill(client);
    const full = await botSaid(GROUP, new RegExp(`${enPattern("notice-order-filled").source}[\\s\\S]*${enPattern("notice-line-charged").source}`));
    expect(full.payload.reply_markup).toBeUndefined();
    await n.sender.drain();
    expect(sentTo(USER, FILLED)).toHaveLength(before);
    // the private copy was held back and dropped once the group had it
    expect((await n.h.store.outbox.listForChat(USER)).filter((r) => r.status === "dropped")).toHaveLength(1);
  });

  it("the bot loses the right: the notice falls back to the private chat, the user is told once, later notices come here", async () => {
    const { client } = await setUp();
    tg().setChatMember({ chatId: GROUP, userId: USER, status: "administrator" });
    tg().setChatMember({ chatId: GROUP, userId: tg().botInfo.id, status: "administrator" });
    await openPicker();
    await tg().shareChat({ userId: USER, requestId: PICK_REQUESTS.noticesGroup, chatId: GROUP });
    await botSaid(USER, enPattern("settings-chat-chosen"));
    await botSaid(USER, SETTINGS);
    await tapSettings(en("settings-button-chat-here-off"));
    await botSaid(USER, ONLY_THERE);

    await fill(client);
    await botSaid(GROUP, FILLED);
    await n.sender.drain();
    expect(sentTo(USER, FILLED)).toHaveLength(0);

    // demoted: the next notice is not posted there; it comes here, with one word on why
    tg().setChatMember({ chatId: GROUP, userId: tg().botInfo.id, status: "member" });
    await fill(client);
    await botSaid(USER, enPattern("notice-chat-lost", { chat: "Energy desk" }));
    await botSaid(USER, FILLED);
    await n.sender.drain();
    expect(sentTo(GROUP, FILLED)).toHaveLength(1);
    expect(await n.h.store.noticeChats.get(USER)).toMatchObject({ lost: true, version: 1 });

    // later notices: here only, and the loss is not told again
    await fill(client);
    await waitUntil(() => sentTo(USER, FILLED).length === 2);
    await n.sender.drain();
    expect(sentTo(USER, enPattern("notice-chat-lost"))).toHaveLength(1);
    expect(sentTo(GROUP, FILLED)).toHaveLength(1);
    await tg().sendText({ userId: USER, text: "/settings" });
    expect(String((await botSaid(USER, SETTINGS)).payload.text)).toContain(en("settings-where-lost", { chat: "Energy desk" }));
  });

  it("a channel: the bot must be able to post; a refusal at the send (the bot removed meanwhile) falls back as well", async () => {
    const { client } = await setUp();
    tg().setChatMember({ chatId: CHANNEL, userId: USER, status: "creator" });
    tg().setChatMember({ chatId: CHANNEL, userId: tg().botInfo.id, status: "administrator", rights: { can_post_messages: false } });
    await openPicker();
    await tg().shareChat({ userId: USER, requestId: PICK_REQUESTS.noticesChannel, chatId: CHANNEL });
    await botSaid(USER, enPattern("settings-chat-bot-not-admin-channel", { chat: "Fills" }));
    tg().setChatMember({ chatId: CHANNEL, userId: tg().botInfo.id, status: "administrator" });
    await openPicker();
    await tg().shareChat({ userId: USER, requestId: PICK_REQUESTS.noticesChannel, chatId: CHANNEL });
    await botSaid(USER, enPattern("settings-chat-chosen", { chat: "Fills" }));
    expect(await n.h.store.noticeChats.get(USER)).toMatchObject({ chatId: CHANNEL, kind: "channel" });

    // forwarded from the channel while a pick is open: the same as picking it (here: chosen again, unchanged)
    await openPicker();
    await tg().injectUpdate({
      message: {
        message_id: 9001,
        date: Math.floor(Date.now() / 1000),
        chat: { id: USER, type: "private", first_name: "Test" },
        from: { id: USER, is_bot: false, first_name: "Test" },
        text: "a post",
        forward_origin: { type: "channel", chat: { id: CHANNEL, type: "channel", title: "Fills" }, message_id: 5, date: Math.floor(Date.now() / 1000) },
      },
    });
    await botSaid(USER, enPattern("settings-chat-chosen", { chat: "Fills" }));

    await fill(client);
    await botSaid(CHANNEL, enPattern("notice-brief-order-filled-for", { target: "Main wallet" }));
    await botSaid(USER, FILLED);
    await botSaid(USER, SETTINGS);
    await tapSettings(en("settings-button-chat-here-off"));
    await botSaid(USER, ONLY_THERE);

    // Telegram refuses the post itself (the check before it still saw an administrator)
    tg().failNext("sendMessage", { code: 403, description: "Forbidden: bot is not a member of the channel chat" });
    await fill(client);
    await botSaid(USER, enPattern("notice-chat-lost", { chat: "Fills" }));
    await waitUntil(() => sentTo(USER, FILLED).length === 2);
    await n.sender.drain();
    expect(sentTo(CHANNEL, FILLED)).toHaveLength(1);
    expect(sentTo(USER, FILLED)).toHaveLength(2);
    // the user's own chat was not marked blocked by the channel's refusal
    expect((await n.h.store.users.get(USER))?.blocked).toBe(false);
  });
});
