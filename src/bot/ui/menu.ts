/**
 * Every card that lives in the chat and changes in place is a @grammyjs/menu menu made here, so all
 * of them behave alike:
 * - `autoAnswer: false`: the menu plugin would answer the tap before the handler runs, which would
 *   swallow the handler's toast; answer-once.ts answers a tap nobody answered when the update ends.
 * - A tap on a card that is out of date (the account changed since it was drawn) redraws the card
 *   and says so in the user's language, instead of the plugin's English default.
 * A card's subject (a rule id, a page) travels in the buttons' payload (`ctx.match` in handlers and
 * dynamic ranges), never in shared state, so two cards of one chat never act on each other's data.
 */
import { Menu } from "@grammyjs/menu";
import type { BotContext } from "../context.js";

export interface CardMenuOptions {
  /**
   * What an out-of-date tap does instead of the redraw: for a card whose buttons each say in their
   * payload what they do, and whose text depends on the same data as its buttons (the rule card:
   * the tap is carried out and the marketplace's answer shows the rule as it stands).
   */
  onOutdated?: (ctx: BotContext) => Promise<void>;
}

export function createCardMenu(id: string, options: CardMenuOptions = {}): Menu<BotContext> {
  return new Menu<BotContext>(id, {
    autoAnswer: false,
    onMenuOutdated: async (ctx) => {
      if (options.onOutdated) return options.onOutdated(ctx);
      await ctx.menu.update();
      await ctx.answerCallbackQuery({ text: ctx.t("menu-outdated") });
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
