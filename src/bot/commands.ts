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
  { name: "orders" },
  { name: "balance" },
  { name: "deposit" },
  { name: "stats" },
  { name: "refill" },
  { name: "renewal" },
  { name: "smart" },
  { name: "rules" },
  { name: "check", inGroups: true },
  { name: "blog", inGroups: true },
  { name: "key" },
  { name: "keys" },
  { name: "webhook" },
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

/** Sets the command menu for every locale, for private chats and for groups. */
export async function publishCommands(api: Api, i18n: { t(locale: string, key: string): string }, defaultLocale: Locale): Promise<void> {
  for (const locale of [undefined, ...SUPPORTED_LOCALES]) {
    const t = (key: string) => i18n.t(locale ?? defaultLocale, key);
    const language = locale ? { language_code: locale } : {};
    await api.setMyCommands(commandList(t), { scope: { type: "all_private_chats" }, ...language });
    await api.setMyCommands(commandList(t, true), { scope: { type: "all_group_chats" }, ...language });
  }
}
