/**
 * /cancel's word on the cards it closed (purchase previews, batch cards): each card's message says
 * `text` in place. A card too old to edit, or deleted, stays as it is: its Confirm answers
 * "cancelled" all the same.
 */
import { GrammyError, type Context } from "grammy";

export interface CardPlace {
  chatId: number;
  /** Null: the card was never shown (nothing to edit). */
  messageId: number | null;
}

export async function sayInCards(ctx: Context, cards: readonly CardPlace[], text: string): Promise<void> {
  for (const card of cards) {
    if (card.messageId === null) continue;
    try {
      await ctx.api.editMessageText(card.chatId, card.messageId, text);
    } catch (err) {
      if (!(err instanceof GrammyError)) throw err;
    }
  }
}
