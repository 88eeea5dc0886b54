/**
 * The bot's own settings: getMe, logOut and close, its commands per scope and language, its
 * description, short description and name, and the chat menu button.
 */
import { bad, clone, getString, isObj, type Handler, type Json } from "../common.js";
import type { World } from "../world.js";

export function createBotSettings(world: World): { methods: Record<string, Handler>; reset(): void } {
  const commands = new Map<string, unknown[]>();
  const botTexts = new Map<string, string>();
  const menuButtons = new Map<string, Json>();

  const setBotText = (field: string, p: Json): true => {
    const value = getString(p, field) ?? "";
    const key = `${field}|${getString(p, "language_code") ?? ""}`;
    if (value === "") botTexts.delete(key);
    else botTexts.set(key, value);
    return true;
  };

  const methods: Record<string, Handler> = {
    getMe: () => world.botInfo,
    logOut: () => true,
    close: () => true,
    setMyCommands: (p) => {
      const list = p.commands;
      if (!Array.isArray(list)) throw bad("can't parse commands JSON object");
      if (list.length > 100) throw bad("too many commands");
      for (const c of list) {
        if (!isObj(c) || typeof c.command !== "string" || !/^[a-z0-9_]{1,32}$/.test(c.command)) {
          throw bad("BOT_COMMAND_INVALID");
        }
        if (typeof c.description !== "string" || c.description.trim().length < 1 || c.description.length > 256) {
          throw bad("BOT_COMMAND_DESCRIPTION_INVALID");
        }
      }
      if (list.length === 0) commands.delete(commandsKey(p));
      else commands.set(commandsKey(p), clone(list));
      return true;
    },
    getMyCommands: (p) => clone(commands.get(commandsKey(p)) ?? []),
    deleteMyCommands: (p) => {
      commands.delete(commandsKey(p));
      return true;
    },
    // Cheap extras commonly called at bot start-up.
    setMyDescription: (p) => setBotText("description", p),
    getMyDescription: (p) => ({ description: botTexts.get(`description|${getString(p, "language_code") ?? ""}`) ?? "" }),
    setMyShortDescription: (p) => setBotText("short_description", p),
    getMyShortDescription: (p) => ({
      short_description: botTexts.get(`short_description|${getString(p, "language_code") ?? ""}`) ?? "",
    }),
    setMyName: (p) => setBotText("name", p),
    getMyName: (p) => ({ name: botTexts.get(`name|${getString(p, "language_code") ?? ""}`) ?? world.botInfo.first_name }),
    setChatMenuButton: (p) => {
      const button = p.menu_button;
      const key = getString(p, "chat_id") ?? "";
      if (button === undefined) menuButtons.delete(key);
      else if (isObj(button) && typeof button.type === "string") menuButtons.set(key, clone(button));
      else throw bad("can't parse menu button JSON object");
      return true;
    },
    getChatMenuButton: (p) => clone(menuButtons.get(getString(p, "chat_id") ?? "") ?? { type: "default" }),
  };

  return {
    methods,
    reset() {
      commands.clear();
      botTexts.clear();
      menuButtons.clear();
    },
  };
}

/** Commands are kept per scope and language, as Telegram keeps them. */
function commandsKey(p: Json): string {
  const scope = isObj(p.scope) ? p.scope : { type: "default" };
  return [scope.type, scope.chat_id ?? "", scope.user_id ?? "", getString(p, "language_code") ?? ""].map(String).join("|");
}
