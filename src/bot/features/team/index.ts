/**
 * /team (issue 33, item 2): a team desk. In the private chat the owner of a key binds it to a group
 * (Telegram's chat picker, or the group's id typed), sees and removes the binding, and sets the most
 * one order there may cost. In that group, administrators (Telegram's own list, asked at every
 * action: orders/team-desk.ts) buy with /buy: bare, the steps of /buy's own flow in the group, or
 * `/buy <address> <amount> [<duration>]` straight to its card (features/buy, through the registry of
 * flows: the desk's key, signed by who asked, the desk's Confirm and Cancel), placed here through
 * orders/placement.ts with the owner's key after the administrator and the maximum are checked
 * again; and check the balance; each action is signed with who did it. Other members see the order notices only. No key, and no
 * deposit address, is ever posted there; a button tapped by a non-administrator (also one copied)
 * does nothing but say so.
 */
import { Composer, GrammyError, InlineKeyboard } from "grammy";
import type { BotContext, BotConversation, ConversationContext } from "../../context.js";
import type { Translate } from "../../../format/formatter.js";
import { code, escapeHtml } from "../../../format/html.js";
import { SharedButtons } from "../../../telegram/shared-buttons.js";
import { chatPickKeyboard, closePick, noKeyboard, openPick, pickedChat, PICK_REQUESTS } from "../../ui/chat-pick.js";
import { showView } from "../../ui/view.js";
import { enterFlow } from "../../flow/enter.js";
import { runEntry } from "../../flow/registry.js";
import { external } from "../../flow/external.js";
import { FlowMessage } from "../../flow/flow-message.js";
import { askTrxOrOff } from "../../flow/trx-or-off.js";
import { withUserClient } from "../../marketplace/with-user-client.js";
import { renderAndLogError } from "../../errors/reply.js";
import { SUN_PER_TRX } from "../../../tron/amounts.js";
import { administersNow, overMaximum, signature } from "../../../orders/team-desk.js";
import { placeIntent } from "../../../orders/placement.js";
import { previewMoney } from "../../../orders/preview-money.js";
import { checkVolume, matchDuration, parseAmount, parseBuyArgs, requestOfIntent, resourceOptions } from "../../../orders/request.js";
import { defaultDuration, transfersVolume } from "../../../orders/presets.js";
import { renderOrderCard } from "../../../orders/card.js";
import type { TeamDeskRow } from "../../../store/team-desks.js";
import { buttonOfChat, chatOfButton, TeamButtons } from "./callbacks.js";
import { defineFlow } from "../../flow/define.js";

export const teamFeature = new Composer<BotContext>();

export const TEAM_MAX_CONVERSATION = "team-max";
const MAX_SUN = 1_000_000n * SUN_PER_TRX;


// ---------------------------------------------------------------------------------------------
// the owner, in the private chat

const privateChat = teamFeature.chatType("private");

async function showDesks(ctx: BotContext, options: { toast?: string; note?: string } = {}): Promise<void> {
  const { t } = ctx.locale;
  const desks = await ctx.deps.store.teamDesks.listOf(ctx.from!.id);
  const keys = new Map((await ctx.deps.store.apiKeys.list(ctx.from!.id)).map((k) => [k.id, k.label]));
  const lines = [t("team-title"), ""];
  if (desks.length === 0) lines.push(t("team-none"));
  for (const d of desks) lines.push(deskLine(d, keys.get(d.keyId) ?? "?", t, ctx));
  lines.push("", t("team-how"));
  const keyboard = new InlineKeyboard();
  for (const d of desks) {
    keyboard
      .text(t("team-button-max", { chat: d.title }), TeamButtons.max.pack({ chat: buttonOfChat(d.chatId) }))
      .text(t("team-button-remove", { chat: d.title }), TeamButtons.remove.pack({ chat: buttonOfChat(d.chatId) }))
      .row();
  }
  keyboard.text(t("team-button-bind"), TeamButtons.bind.pack());
  const text = options.note ? `${options.note}\n\n${lines.join("\n")}` : lines.join("\n");
  await showView(ctx, { text, keyboard }, options.toast ? { toast: options.toast } : {});
}

function deskLine(d: TeamDeskRow, keyLabel: string, t: Translate, ctx: BotContext): string {
  const max = d.maxOrderSun === null ? t("team-max-none") : t("team-max-value", { amount: code(ctx.fmt.trx(BigInt(d.maxOrderSun))) });
  return t("team-desk-line", { chat: escapeHtml(d.title), key: escapeHtml(keyLabel), max });
}

privateChat.command("team", (ctx) => showDesks(ctx));
privateChat.callbackQuery(TeamButtons.list.pattern, (ctx) => showDesks(ctx));

privateChat.callbackQuery(TeamButtons.bind.pattern, async (ctx) => {
  await ctx.answerCallbackQuery();
  const key = await ctx.deps.store.apiKeys.getDefault(ctx.from.id);
  if (!key) {
    await ctx.reply(ctx.t("team-need-key"), { reply_markup: new InlineKeyboard().text(ctx.t("button-add-key"), SharedButtons.addKey.pack()) });
    return;
  }
  await openPick(ctx, "team");
  await ctx.reply(ctx.t("team-bind-ask", { key: escapeHtml(key.label) }), {
    reply_markup: chatPickKeyboard([{ text: ctx.t("team-pick-group"), requestId: PICK_REQUESTS.teamGroup, channel: false }]),
  });
});

privateChat.on("message", async (ctx, next) => {
  const chatId = await pickedChat(ctx, "team", [PICK_REQUESTS.teamGroup]);
  if (chatId === undefined) return next();
  if (await bindDesk(ctx, chatId)) await showDesks(ctx);
});

/** The owner picked a group: a group they administer, where the bot is; their default key is bound to it. */
async function bindDesk(ctx: BotContext, chatId: number): Promise<boolean> {
  const userId = ctx.from!.id;
  const refuse = async (key: string, vars: Record<string, string> = {}) => {
    await ctx.reply(ctx.t(key, vars), noKeyboard);
    return false;
  };
  let title: string;
  try {
    const chat = await ctx.api.getChat(chatId);
    if (chat.type !== "group" && chat.type !== "supergroup") return refuse("team-not-group");
    title = chat.title ?? String(chatId);
    const bot = await ctx.api.getChatMember(chatId, ctx.me.id);
    if (bot.status === "left" || bot.status === "kicked") return refuse("team-bot-not-member", { chat: escapeHtml(title) });
  } catch (err) {
    if (!(err instanceof GrammyError) || (err.error_code !== 400 && err.error_code !== 403)) throw err;
    return refuse("team-chat-unknown");
  }
  if (!(await administersNow(ctx.api, chatId, userId))) return refuse("team-you-not-admin", { chat: escapeHtml(title) });
  const key = await ctx.deps.store.apiKeys.getDefault(userId);
  if (!key) return refuse("team-need-key");
  if (!(await ctx.deps.store.teamDesks.bind({ chatId, userId, keyId: key.id, title }))) return refuse("team-taken", { chat: escapeHtml(title) });
  await closePick(ctx);
  await ctx.reply(ctx.t("team-bound", { chat: escapeHtml(title), key: escapeHtml(key.label) }), noKeyboard);
  return true;
}

privateChat.callbackQuery(TeamButtons.remove.pattern, async (ctx) => {
  const { chat } = TeamButtons.remove.unpack(ctx.callbackQuery.data)!;
  const removed = await ctx.deps.store.teamDesks.remove(ctx.from.id, chatOfButton(chat));
  await showDesks(ctx, { toast: ctx.t(removed ? "team-toast-removed" : "team-toast-gone") });
});

privateChat.callbackQuery(TeamButtons.max.pattern, async (ctx) => {
  const { chat } = TeamButtons.max.unpack(ctx.callbackQuery.data)!;
  await enterFlow(ctx, TEAM_MAX_CONVERSATION, chatOfButton(chat));
});

/** The most one order in the group may cost, typed in TRX; "off" (or No maximum) removes it. */
async function maxConversation(conversation: BotConversation, ctx: ConversationContext, chatId: number): Promise<void> {
  const userId = ctx.from?.id;
  if (userId === undefined) return;
  const { t } = ctx.locale;
  const back = new InlineKeyboard().text(t("team-button-back"), TeamButtons.list.pack());
  const flow = new FlowMessage(conversation, ctx, { inTappedMessage: true, cancelledKeyboard: back });
  const sun = await askTrxOrOff(ctx, flow, {
    question: t("team-max-ask"),
    off: { label: t("team-button-no-max"), button: TeamButtons.noMax },
    offWord: t("team-max-off-word"),
    bad: t("team-max-bad"),
    maxSun: MAX_SUN,
  });
  await external(conversation, () => ctx.deps.store.teamDesks.setMax(userId, chatId, sun));
  await flow.finish(ctx, sun === null ? t("team-max-cleared") : t("team-max-set", { amount: code(ctx.fmt.trx(sun)) }), back);
}

export const teamFlows = [defineFlow(maxConversation, TEAM_MAX_CONVERSATION)];

// ---------------------------------------------------------------------------------------------
// the group

const group = teamFeature.chatType(["group", "supergroup"]);

/** The group's desk, when it has one (else the command goes on: features/private-only points to the private chat). */
async function deskOf(ctx: BotContext): Promise<TeamDeskRow | undefined> {
  return ctx.chat ? ctx.deps.store.teamDesks.forChat(ctx.chat.id) : undefined;
}

const quote = (ctx: BotContext) => (ctx.msg?.message_id ? { reply_parameters: { message_id: ctx.msg.message_id, allow_sending_without_reply: true } } : {});

group.command("team", async (ctx) => {
  const desk = await deskOf(ctx);
  if (!desk) {
    await ctx.reply(ctx.t("team-group-none"), quote(ctx));
    return;
  }
  const key = await ctx.deps.store.apiKeys.getById(desk.keyId);
  const text = [ctx.t("team-group-title", { chat: escapeHtml(desk.title) }), deskLine(desk, key?.label ?? "?", ctx.t, ctx), "", ctx.t("team-group-how")].join("\n");
  await ctx.reply(text, { reply_markup: new InlineKeyboard().text(ctx.t("team-button-balance"), TeamButtons.balance.pack()) });
});

group.command("buy", async (ctx, next) => {
  const desk = await deskOf(ctx);
  if (!desk) return next();
  if (!(await administersNow(ctx.api, desk.chatId, ctx.from.id))) {
    await ctx.reply(ctx.t("team-admins-only"), quote(ctx));
    return;
  }
  // bare: the steps of /buy (features/buy, through the registry) in the group, with the desk's key
  if (ctx.match.trim() === "") return runEntry(ctx, "enter-desk-buy", { ownerId: desk.userId, keyId: desk.keyId });
  await previewInGroup(ctx, desk, ctx.match);
});

group.command("balance", async (ctx, next) => {
  const desk = await deskOf(ctx);
  if (!desk) return next();
  if (!(await administersNow(ctx.api, desk.chatId, ctx.from.id))) {
    await ctx.reply(ctx.t("team-admins-only"), quote(ctx));
    return;
  }
  await balanceInGroup(ctx, desk);
});

/** A button of the desk, tapped: by an administrator of this group with a desk, else nothing but a note. */
async function deskForTap(ctx: BotContext): Promise<TeamDeskRow | undefined> {
  const desk = await deskOf(ctx);
  if (!desk || !ctx.from || !(await administersNow(ctx.api, desk.chatId, ctx.from.id))) {
    await ctx.answerCallbackQuery({ text: ctx.t("team-admins-only"), show_alert: true });
    return undefined;
  }
  return desk;
}

group.callbackQuery(TeamButtons.balance.pattern, async (ctx) => {
  const desk = await deskForTap(ctx);
  if (!desk) return;
  await ctx.answerCallbackQuery();
  await balanceInGroup(ctx, desk);
});

/** The balance of the desk's key (TRX and USDT), signed; never its deposit address. */
async function balanceInGroup(ctx: BotContext, desk: TeamDeskRow): Promise<void> {
  try {
    const balance = await withUserClient(ctx.deps, desk.userId, (client) => client.balance(), { keyId: desk.keyId });
    const text = [
      ctx.t("team-balance-title"),
      ctx.t("balance-trx", { amount: code(ctx.fmt.trx(balance.trx, { unit: false })) }),
      ctx.t("balance-usdt", { amount: code(ctx.fmt.amount(balance.usdtTrc20)) }),
      ctx.t("team-checked-by", { who: escapeHtml(signature(ctx.from!)) }),
    ].join("\n");
    await ctx.reply(text);
  } catch (err) {
    await ctx.reply(renderAndLogError(ctx, err).text);
  }
}

/** `/buy <address> <amount> [<duration>]` in the group: checked against the options and the desk's maximum, then /buy's preview card. */
async function previewInGroup(ctx: BotContext, desk: TeamDeskRow, text: string): Promise<void> {
  const args = parseBuyArgs(text);
  const usage = () => ctx.reply(ctx.t("team-buy-usage"), quote(ctx));
  if (args.kind !== "transfers" && args.kind !== "full") return void (await usage());
  const address = args.address;
  const resource = args.kind === "full" ? args.resource : "energy";
  const amountText = args.kind === "full" ? args.volumeText : args.amountText;
  const durationText = args.durationText;
  const amount = amountText === undefined ? undefined : parseAmount(amountText);
  if (!amount) return void (await usage());
  try {
    const { preview, volume, duration } = await withUserClient(
      ctx.deps,
      desk.userId,
      async (client) => {
        const options = resourceOptions(await client.orderOptions(), resource);
        if (!options) throw new UsageError();
        const volume = amount.kind === "transfers" ? transfersVolume(amount.count) : amount.volume;
        if (!checkVolume(volume, options).ok) throw new UsageError();
        const duration = durationText === undefined ? defaultDuration(options.durations) : matchDuration(durationText, options.durations);
        if (!duration) throw new UsageError();
        return { preview: await client.previewOrder({ resource, volume, days: duration, target: address }), volume, duration };
      },
      { keyId: desk.keyId },
    );
    const money = previewMoney(preview);
    const max = overMaximum(desk, money.totalSun);
    if (max !== undefined) {
      await ctx.reply(ctx.t("team-over-max", { cost: code(ctx.fmt.trx(money.totalSun)), max: code(ctx.fmt.trx(max)) }), quote(ctx));
      return;
    }
    // /buy's own card (features/buy, through the registry): the desk's key, signed, the desk's Confirm
    await runEntry(ctx, "send-desk-preview", { ownerId: desk.userId, keyId: desk.keyId }, { resource, address, volume, duration });
  } catch (err) {
    if (err instanceof UsageError) return void (await usage());
    await ctx.reply(renderAndLogError(ctx, err).text, quote(ctx));
  }
}

class UsageError extends Error {}

/** An intent of this desk (its group, key and owner), or undefined. */
async function deskIntent(ctx: BotContext, desk: TeamDeskRow, intentId: string) {
  const intent = await ctx.deps.store.orders.get(intentId);
  return intent && intent.chatId === desk.chatId && intent.keyId === desk.keyId && intent.userId === desk.userId ? intent : undefined;
}

group.callbackQuery(TeamButtons.confirm.pattern, async (ctx) => {
  const desk = await deskForTap(ctx);
  if (!desk) return;
  const { id } = TeamButtons.confirm.unpack(ctx.callbackQuery.data)!;
  const intent = await deskIntent(ctx, desk, id);
  if (!intent) {
    await ctx.answerCallbackQuery({ text: ctx.t("team-not-this-desk"), show_alert: true });
    return;
  }
  await ctx.answerCallbackQuery();
  const who = escapeHtml(signature(ctx.from));
  const { t } = ctx.locale;
  // the owner may have lowered the maximum since the preview: asked again at today's price
  if (desk.maxOrderSun !== null && intent.state === "previewed") {
    try {
      const request = requestOfIntent(intent);
      const preview = await withUserClient(ctx.deps, desk.userId, (client) => client.previewOrder({ resource: request.resource, volume: request.volume, days: request.duration, target: request.address }), { keyId: desk.keyId });
      const totalSun = previewMoney(preview).totalSun;
      const max = overMaximum(desk, totalSun);
      if (max !== undefined) {
        await ctx.deps.store.orders.markCancelled(id);
        await ctx.editMessageText(t("team-over-max", { cost: code(ctx.fmt.trx(totalSun)), max: code(ctx.fmt.trx(max)) }));
        return;
      }
    } catch (err) {
      await ctx.reply(renderAndLogError(ctx, err).text, quote(ctx));
      return;
    }
  }
  const outcome = await placeIntent(ctx.deps, id, desk.userId);
  switch (outcome.kind) {
    case "placed":
      await ctx.editMessageText(`${renderOrderCard(outcome.order, ctx.locale)}\n${t("team-bought-by", { who })}`);
      return;
    case "already-placed":
      await ctx.reply(t("team-already-placed"), quote(ctx));
      return;
    case "expired":
      await ctx.editMessageText(t("team-preview-expired"));
      return;
    case "unknown":
      await ctx.reply(t("team-unknown"), quote(ctx));
      return;
    case "refused":
      await ctx.editMessageText(`${renderAndLogError(ctx, outcome.error).text}\n${t("team-asked-by", { who })}`);
      return;
    case "over-budget":
      await ctx.editMessageText(t("team-over-budget"));
      return;
    default:
      await ctx.editMessageText(t("team-preview-closed"));
  }
});

group.callbackQuery(TeamButtons.cancel.pattern, async (ctx) => {
  const desk = await deskForTap(ctx);
  if (!desk) return;
  const { id } = TeamButtons.cancel.unpack(ctx.callbackQuery.data)!;
  if (!(await deskIntent(ctx, desk, id))) {
    await ctx.answerCallbackQuery({ text: ctx.t("team-not-this-desk"), show_alert: true });
    return;
  }
  await ctx.answerCallbackQuery();
  if (await ctx.deps.store.orders.markCancelled(id)) await ctx.editMessageText(ctx.t("team-cancelled-by", { who: escapeHtml(signature(ctx.from)) }));
});
