/**
 * Every card that lives in the chat and changes in place is a @grammyjs/menu menu made here, so all
 * of them behave alike:
 * - `autoAnswer: false`: the menu plugin would answer the tap before the handler runs, which would
 *   swallow the handler's toast; answer-once.ts answers a tap nobody answered when the update ends.
 * - A tap on a card that is out of date (the account changed since it was drawn) redraws its
 *   buttons and says so in the user's language, instead of the plugin's English default; a card
 *   can choose otherwise (`onOutdated`).
 * A card's subject (a rule id, a page) travels in the buttons' payload (`ctx.match` in handlers and
 * dynamic ranges), never in shared state, so two cards of one chat never act on each other's data.
 */
import { Menu } from "@grammyjs/menu";
import type { BotContext } from "../context.js";

export interface CardMenuOptions {
  /**
   * What an out-of-date tap does instead of redrawing the buttons with a "refreshed" toast: draw
   * the whole card (a list page whose text names what its buttons act on), or carry the tap out
   * (the rule card, whose buttons each say in their payload what they do).
   */
  onOutdated?: (ctx: BotContext) => Promise<unknown>;
}

export function createCardMenu(id: string, options: CardMenuOptions = {}): Menu<BotContext> {
  return new Menu<BotContext>(id, {
    autoAnswer: false,
    onMenuOutdated: async (ctx) => {
      if (options.onOutdated) return void (await options.onOutdated(ctx));
      await ctx.answerCallbackQuery({ text: ctx.t("menu-outdated") });
      ctx.menu.update();
    },
  });
}

const subjects = new WeakMap<object, string>();

/**
 * Draws the card for `subject` in this update: for a command or a codec button that opens a card,
 * or a handler that moves a card to another subject (Back from a rule to its list page).
 */
export function setSubject(ctx: BotContext, subject: string): void {
  subjects.set(ctx, subject);
}

/** The card's subject: the one set in this update, else the tapped button's payload. */
export function payloadOf(ctx: BotContext): string {
  return subjects.get(ctx) ?? (typeof ctx.match === "string" ? ctx.match : "");
}
