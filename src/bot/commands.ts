/**
 * The command registry: one list that feeds /help and setMyCommands. Descriptions are Fluent
 * attributes (`command-<name>.description`) so each locale gets its own menu.
 */
import type { Api } from "grammy";
import type { BotCommand } from "grammy/types";
import { SUPPORTED_LOCALES, type Locale } from "../config.js";

export interface CommandSpec {
  name: string;
  /** Also offered in groups (works without a private chat). */
  inGroups?: boolean;
}

export const COMMANDS: readonly CommandSpec[] = [
  { name: "start" },
  { name: "buy" },
  { name: "batch" },
  { name: "addresses" },
  { name: "orders" },
  { name: "balance" },
  { name: "deposit" },
  { name: "stats" },
  { name: "statement" },
  { name: "refill" },
  { name: "renewal" },
  { name: "smart" },
  { name: "rules" },
  { name: "check", inGroups: true },
  { name: "blog", inGroups: true },
  { name: "key" },
  { name: "keys" },
  { name: "webhook" },
  { name: "alert" },
  { name: "schedule" },
  { name: "settings" },
  { name: "language" },
  { name: "cancel" },
  { name: "help", inGroups: true },
];

export function commandList(translate: (key: string) => string, inGroups = false): BotCommand[] {
  return COMMANDS.filter((c) => !inGroups || c.inGroups).map((c) => ({
    command: c.name,
    description: translate(`command-${c.name}.description`),
  }));
}

/**
 * Sets, for every locale (and once without a language for everyone else), the command menu for
 * private chats and for groups, and the bot's description (what an empty chat shows) and short
 * description (its profile and shared links).
 */
export async function publishCommands(api: Api, i18n: { t(locale: string, key: string): string }, defaultLocale: Locale): Promise<void> {
  for (const locale of [undefined, ...SUPPORTED_LOCALES]) {
    const t = (key: string) => i18n.t(locale ?? defaultLocale, key);
    const language = locale ? { language_code: locale } : {};
    await api.setMyCommands(commandList(t), { scope: { type: "all_private_chats" }, ...language });
    await api.setMyCommands(commandList(t, true), { scope: { type: "all_group_chats" }, ...language });
    await api.setMyDescription(t("bot-description"), language);
    await api.setMyShortDescription(t("bot-short-description"), language);
  }
}

/**
 * After /language, this chat's command menu in the chosen language: the menus set at start-up
 * follow the Telegram app's language, which may not be the one the user picked here.
 */
export async function publishChatCommands(api: Api, chatId: number, translate: (key: string) => string, inGroups: boolean): Promise<void> {
  await api.setMyCommands(commandList(translate, inGroups), { scope: { type: "chat", chat_id: chatId } });
}
