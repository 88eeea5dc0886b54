/**
 * An announcement's draft: the operator's text as every user will see it (escaped: only what was
 * typed, no markup of anyone's), stored before its preview so the preview's buttons carry only its id.
 */
import { InlineKeyboard } from "grammy";
import type { BotContext, ConversationContext } from "../../context.js";
import type { AnnouncementRow } from "../../../store/announcements.js";
import { escapeHtml, wellFormed } from "../../../format/html.js";
import { AnnounceButtons } from "./callbacks.js";

/** Room left in one message (4096) for the progress line above the text. */
export const MAX_ANNOUNCEMENT_CHARS = 3800;

type Ctx = BotContext | ConversationContext;

export function isOperator(ctx: Ctx): boolean {
  return ctx.from !== undefined && (ctx.deps.announce?.operatorIds.has(ctx.from.id) ?? false);
}

/** The typed text as HTML, or why it is refused (a localised answer). */
export function announcementHtml(ctx: Ctx, typed: string): { html: string } | { refused: string } {
  const text = wellFormed(typed.trim());
  if (text.length > MAX_ANNOUNCEMENT_CHARS) return { refused: ctx.t("announce-too-long", { max: MAX_ANNOUNCEMENT_CHARS }) };
  return { html: escapeHtml(text) };
}

export function createDraft(ctx: Ctx, html: string): Promise<AnnouncementRow> {
  return ctx.deps.store.announcements.createDraft({ operatorId: ctx.from!.id, chatId: ctx.chat!.id, text: html, paidBroadcast: ctx.deps.announce?.paidBroadcast ?? false });
}

/** The preview: the announcement exactly as sent, with Send to N users and Cancel. */
export function previewKeyboard(ctx: Ctx, id: number, audience: number): InlineKeyboard {
  return new InlineKeyboard()
    .text(ctx.t("announce-button-send", { count: audience }), AnnounceButtons.send.pack({ id }))
    .row()
    .text(ctx.t("announce-button-cancel"), AnnounceButtons.cancel.pack({ id }));
}
