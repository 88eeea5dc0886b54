/**
 * The /settings card: pushed notices on or off, a notice per rule firing on or off, the monthly
 * statement on the 1st on or off, and the balance alert (set or change it through a prompt, or clear
 * it). Toggles change the card in place with a toast.
 */
import type { BotContext } from "../../context.js";
import type { UserRow, UsersRepo } from "../../../store/users.js";
import type { TextLocale } from "../../../format/formatter.js";
import { code } from "../../../format/html.js";
import { createCardMenu } from "../../ui/menu.js";
import { showView, type ShowOptions } from "../../ui/view.js";
import { enterFlow } from "../../flow/enter.js";
import { ALERT_CONVERSATION } from "./flow.js";
import { askNoticeChat, noticeChatLine } from "./notice-chat.js";
import type { NoticeChatRow } from "../../../store/notice-chats.js";

type SettingsView = Pick<UserRow, "noticesEnabled" | "notifyFires" | "balanceAlertSun" | "monthlyStatement" | "announcementsEnabled">;

function settingsText(user: SettingsView, chat: NoticeChatRow | undefined, { t, fmt }: TextLocale): string {
  const alert = user.balanceAlertSun === null ? undefined : BigInt(user.balanceAlertSun);
  return [
    t("settings-title"),
    t(user.noticesEnabled ? "settings-notices-on" : "settings-notices-off"),
    noticeChatLine(chat, t),
    t(user.notifyFires ? "settings-fires-on" : "settings-fires-off"),
    t(user.monthlyStatement ? "settings-statement-on" : "settings-statement-off"),
    alert === undefined ? t("settings-alert-none") : t("settings-alert-value", { amount: code(fmt.trx(alert)) }),
    t(user.announcementsEnabled ? "settings-announcements-on" : "settings-announcements-off"),
  ].join("\n");
}

const userOf = async (ctx: BotContext) => (ctx.from ? await ctx.deps.store.users.get(ctx.from.id) : undefined);

export const settingsMenu = createCardMenu("settings").dynamic(async (ctx, range) => {
  const user = await userOf(ctx);
  if (!user) return;
  const chat = await ctx.deps.store.noticeChats.get(user.id);
  range
    .text(ctx.t(chat ? "settings-button-chat-change" : "settings-button-chat-pick"), (ctx) => askNoticeChat(ctx))
    .row();
  if (chat && !chat.lost) {
    range
      .text(ctx.t(chat.full ? "settings-button-chat-brief" : "settings-button-chat-full"), (ctx) =>
        changeChat(ctx, (c) => ({ full: !c.full }), (c) => ctx.t(c.full ? "settings-toast-chat-full" : "settings-toast-chat-brief")),
      )
      .text(ctx.t(chat.alsoPrivate ? "settings-button-chat-here-off" : "settings-button-chat-here-on"), (ctx) =>
        changeChat(ctx, (c) => ({ alsoPrivate: !c.alsoPrivate }), (c) => ctx.t(c.alsoPrivate ? "settings-toast-chat-here-on" : "settings-toast-chat-here-off")),
      )
      .row();
  }
  if (chat) {
    range
      .text(ctx.t("settings-button-chat-remove"), async (ctx) => {
        await ctx.deps.store.noticeChats.remove(ctx.from.id);
        await showSettings(ctx, { toast: ctx.t("settings-toast-chat-removed") });
      })
      .row();
  }
  range
    .text(ctx.t(user.noticesEnabled ? "settings-button-notices-off" : "settings-button-notices-on"), (ctx) =>
      change(
        ctx,
        (u) => ({ noticesEnabled: !u.noticesEnabled }),
        (u) => ctx.t(u.noticesEnabled ? "settings-toast-notices-on" : "settings-toast-notices-off"),
      ),
    )
    .row()
    .text(ctx.t(user.notifyFires ? "settings-button-fires-off" : "settings-button-fires-on"), (ctx) =>
      change(
        ctx,
        (u) => ({ notifyFires: !u.notifyFires }),
        (u) => ctx.t(u.notifyFires ? "settings-toast-fires-on" : "settings-toast-fires-off"),
      ),
    )
    .row()
    .text(ctx.t(user.monthlyStatement ? "settings-button-statement-off" : "settings-button-statement-on"), (ctx) =>
      change(
        ctx,
        (u) => ({ monthlyStatement: !u.monthlyStatement }),
        (u) => ctx.t(u.monthlyStatement ? "settings-toast-statement-on" : "settings-toast-statement-off"),
      ),
    )
    .row()
    .text(ctx.t(user.balanceAlertSun === null ? "settings-button-alert-set" : "settings-button-alert-change"), (ctx) => enterFlow(ctx, ALERT_CONVERSATION));
  if (user.balanceAlertSun !== null) {
    range.text(ctx.t("settings-button-alert-clear"), (ctx) =>
      change(
        ctx,
        () => ({ balanceAlertSun: null, balanceAlertTripped: false }),
        () => ctx.t("settings-alert-cleared"),
      ),
    );
  }
  range
    .row()
    .text(ctx.t(user.announcementsEnabled ? "settings-button-announcements-off" : "settings-button-announcements-on"), (ctx) =>
      change(
        ctx,
        (u) => ({ announcementsEnabled: !u.announcementsEnabled }),
        (u) => ctx.t(u.announcementsEnabled ? "settings-toast-announcements-on" : "settings-toast-announcements-off"),
      ),
    );
});

/** The settings card (with a note above it): in the tapped message, else a new one. */
export async function showSettings(ctx: BotContext, options: ShowOptions & { note?: string } = {}): Promise<void> {
  const user = await userOf(ctx);
  if (!user) return;
  const chat = await ctx.deps.store.noticeChats.get(user.id);
  const text = settingsText(user, chat, ctx.locale);
  await showView(ctx, { text: options.note ? `${options.note}\n\n${text}` : text, keyboard: settingsMenu }, options);
}

type UserSettings = Parameters<UsersRepo["update"]>[1];

async function change(ctx: BotContext, values: (user: UserRow) => UserSettings, toast: (user: UserRow) => string): Promise<void> {
  const before = await userOf(ctx);
  if (!before) return;
  const changed = values(before);
  await ctx.deps.store.users.update(before.id, changed);
  const after = { ...before, ...changed };
  await showSettings(ctx, { toast: toast(after) });
}

type ChatSettings = Partial<Pick<NoticeChatRow, "full" | "alsoPrivate">>;

async function changeChat(ctx: BotContext, values: (chat: NoticeChatRow) => ChatSettings, toast: (chat: NoticeChatRow) => string): Promise<void> {
  const before = ctx.from ? await ctx.deps.store.noticeChats.get(ctx.from.id) : undefined;
  if (!before) return showSettings(ctx);
  const changed = values(before);
  await ctx.deps.store.noticeChats.update(before.userId, changed);
  await showSettings(ctx, { toast: toast({ ...before, ...changed }) });
}
