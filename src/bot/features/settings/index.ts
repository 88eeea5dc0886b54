/**
 * /settings: pushed notices on or off, a notice per rule firing on or off, and the balance alert
 * (a TRX threshold: one notice when the balance falls below it, not repeated until it recovers).
 * Toggles edit the card in place; the threshold is typed in a short conversation ("off" clears it).
 */
import { Composer, InlineKeyboard } from "grammy";
import type { BotContext, BotConversation, ConversationContext } from "../../context.js";
import type { UserRow, UsersRepo } from "../../../store/users.js";
import type { Formatter, Translate } from "../../../format/formatter.js";
import { code } from "../../../format/html.js";
import { SUN_PER_TRX, trxToSun } from "../../../tron/amounts.js";
import { external } from "../../flow/external.js";
import { waitForReply } from "../../flow/wait.js";
import { createConversation } from "@grammyjs/conversations";

export const settingsFeature = new Composer<BotContext>();

const SettingsActions = {
  toggleNotices: "set:n",
  toggleFires: "set:f",
  setAlert: "set:a",
  clearAlert: "set:a0",
  /** Inside the threshold conversation. */
  alertOff: "set:aoff",
} as const;

const ALERT_CONVERSATION = "settings-alert";
const MAX_ALERT_SUN = 1_000_000_000n * SUN_PER_TRX;

type SettingsView = Pick<UserRow, "noticesEnabled" | "notifyFires" | "balanceAlertSun">;

export function renderSettings(user: SettingsView, t: Translate, fmt: Formatter): { text: string; keyboard: InlineKeyboard } {
  const alert = user.balanceAlertSun === null ? undefined : BigInt(user.balanceAlertSun);
  const text = [
    t("settings-title"),
    t(user.noticesEnabled ? "settings-notices-on" : "settings-notices-off"),
    t(user.notifyFires ? "settings-fires-on" : "settings-fires-off"),
    alert === undefined ? t("settings-alert-none") : t("settings-alert-value", { amount: code(fmt.trx(alert)) }),
  ].join("\n");
  const keyboard = new InlineKeyboard()
    .text(t(user.noticesEnabled ? "settings-button-notices-off" : "settings-button-notices-on"), SettingsActions.toggleNotices)
    .row()
    .text(t(user.notifyFires ? "settings-button-fires-off" : "settings-button-fires-on"), SettingsActions.toggleFires)
    .row()
    .text(t(alert === undefined ? "settings-button-alert-set" : "settings-button-alert-change"), SettingsActions.setAlert);
  if (alert !== undefined) keyboard.text(t("settings-button-alert-clear"), SettingsActions.clearAlert);
  return { text, keyboard };
}

/** A typed threshold: "50", "12.5", "12,5", "50 TRX". Undefined when it is not a positive TRX amount. */
export function parseAlertAmount(text: string): bigint | undefined {
  const cleaned = text.trim().replace(/\s*trx$/i, "").replace(/[\s\u00a0\u202f_]/g, "").replace(/^(\d+),(\d+)$/, "$1.$2");
  try {
    const sun = trxToSun(cleaned);
    return sun > 0n && sun <= MAX_ALERT_SUN ? sun : undefined;
  } catch {
    return undefined;
  }
}

function isOff(text: string, t: Translate): boolean {
  const word = text.trim().toLowerCase();
  return word === "off" || word === "0" || word === t("settings-alert-off-word").toLowerCase();
}

async function showSettings(ctx: BotContext | ConversationContext, user: SettingsView, options: { edit?: boolean; note?: string } = {}): Promise<void> {
  const t: Translate = (key, vars) => ctx.t(key, vars);
  const card = renderSettings(user, t, ctx.fmt);
  const text = options.note ? `${options.note}\n\n${card.text}` : card.text;
  if (options.edit && ctx.callbackQuery?.message) {
    try {
      await ctx.editMessageText(text, { reply_markup: card.keyboard });
      return;
    } catch {
      // unchanged or too old: send it instead
    }
  }
  await ctx.reply(text, { reply_markup: card.keyboard });
}

async function alertConversation(conversation: BotConversation, ctx: ConversationContext): Promise<void> {
  const userId = ctx.from?.id;
  if (userId === undefined) return;
  const t: Translate = (key, vars) => ctx.t(key, vars);
  await ctx.reply(t("settings-alert-ask"), {
    reply_markup: new InlineKeyboard().text(t("settings-button-alert-clear"), SettingsActions.alertOff).text(t("button-cancel"), "set:acancel"),
  });
  let sun: bigint | null;
  for (;;) {
    const reply = await waitForReply(conversation, { buttons: /^set:a(off|cancel)$/ });
    if (reply.kind === "button") {
      await reply.ctx.answerCallbackQuery().catch(() => undefined);
      await reply.ctx.editMessageReplyMarkup().catch(() => undefined);
      if (reply.data === "set:acancel") {
        await ctx.reply(t("cancel-done"));
        return;
      }
      sun = null;
      break;
    }
    if (isOff(reply.text, t)) {
      sun = null;
      break;
    }
    const parsed = parseAlertAmount(reply.text);
    if (parsed !== undefined) {
      sun = parsed;
      break;
    }
    await ctx.reply(t("settings-alert-bad"));
  }
  const user = await external(conversation, () => {
    // A new threshold re-arms the alert.
    ctx.deps.store.users.update(userId, { balanceAlertSun: sun === null ? null : sun.toString(), balanceAlertTripped: false });
    return ctx.deps.store.users.get(userId);
  });
  if (!user) return;
  const note = sun === null ? t("settings-alert-cleared") : t("settings-alert-set", { amount: code(ctx.fmt.trx(sun)) });
  await showSettings(ctx, user, { note });
}

settingsFeature.use(createConversation<BotContext, ConversationContext>(alertConversation, ALERT_CONVERSATION));

const privateChat = settingsFeature.chatType("private");

privateChat.command("settings", async (ctx) => {
  const user = ctx.deps.store.users.get(ctx.from.id);
  if (user) await showSettings(ctx, user);
});

type UserSettings = Parameters<UsersRepo["update"]>[1];

async function update(ctx: BotContext & { from: NonNullable<BotContext["from"]> }, change: (user: UserRow) => UserSettings, toast: (user: UserRow) => string) {
  const before = ctx.deps.store.users.get(ctx.from.id);
  if (!before) return ctx.answerCallbackQuery();
  const values = change(before);
  ctx.deps.store.users.update(ctx.from.id, values);
  const after = { ...before, ...values };
  await ctx.answerCallbackQuery({ text: toast(after) });
  await showSettings(ctx, after, { edit: true });
}

privateChat.callbackQuery(SettingsActions.toggleNotices, (ctx) =>
  update(
    ctx,
    (u) => ({ noticesEnabled: !u.noticesEnabled }),
    (u) => ctx.t(u.noticesEnabled ? "settings-toast-notices-on" : "settings-toast-notices-off"),
  ),
);

privateChat.callbackQuery(SettingsActions.toggleFires, (ctx) =>
  update(
    ctx,
    (u) => ({ notifyFires: !u.notifyFires }),
    (u) => ctx.t(u.notifyFires ? "settings-toast-fires-on" : "settings-toast-fires-off"),
  ),
);

privateChat.callbackQuery(SettingsActions.clearAlert, (ctx) =>
  update(
    ctx,
    () => ({ balanceAlertSun: null, balanceAlertTripped: false }),
    () => ctx.t("settings-alert-cleared"),
  ),
);

privateChat.callbackQuery(SettingsActions.setAlert, async (ctx) => {
  await ctx.answerCallbackQuery();
  await ctx.conversation.exitAll();
  await ctx.conversation.enter(ALERT_CONVERSATION);
});
