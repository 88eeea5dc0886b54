/**
 * Every card menu installed as one: a root menu (never shown) with the cards registered in it, as
 * @grammyjs/menu documents for submenus. Each installed menu adds, on every update, a transformer
 * that every Bot API call of the update then passes through, and its own look at callback data;
 * with one root that is done once, and the root's index still finds, draws and answers each card.
 * The cards use no back navigation, the one thing registering them changes (their parent).
 */
import { Menu } from "@grammyjs/menu";
import type { BotContext } from "../context.js";

export function cardMenus(menus: ReadonlyArray<Menu<BotContext>>): Menu<BotContext> {
  const root = new Menu<BotContext>("cards");
  root.register([...menus]);
  return root;
}
