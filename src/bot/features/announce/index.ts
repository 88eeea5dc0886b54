/**
 * /announce (operators only: OPERATOR_IDS): the text after the command, or asked for (flow.ts), is
 * previewed to the operator exactly as users will see it, with Send to N users and Cancel. Send
 * (once: draft → sending) hands it to the announcer (src/notices/announcer.ts), which enqueues it for
 * every user who takes announcements and draws the progress line, then the final count, on the same
 * message; Refresh redraws it now. For anyone else the command and the buttons fall through to the
 * fallback, as an unknown command would. /stop (stop.ts) turns announcements off for the sender.
 */
import { Composer } from "grammy";
import type { BotContext } from "../../context.js";
import { SharedButtons } from "../../../telegram/shared-buttons.js";
import { readProgress, renderProgress } from "../../../notices/announcement-progress.js";
import { showView } from "../../ui/view.js";
import { enterFlow } from "../../flow/enter.js";
import { ANNOUNCE_CONVERSATION, announceConversation } from "./flow.js";
import { AnnounceButtons } from "./callbacks.js";
import { announcementHtml, createDraft, isOperator, previewKeyboard } from "./draft.js";
import { stopFeature } from "./stop.js";
import { defineFlow } from "../../flow/define.js";

export const announceFeature = new Composer<BotContext>();

export const announceFlows = [defineFlow(announceConversation, ANNOUNCE_CONVERSATION)];

announceFeature.use(stopFeature);

const operators = announceFeature.chatType("private").filter(isOperator);

operators.command("announce", async (ctx) => {
  if (ctx.match.trim() === "") return enterFlow(ctx, ANNOUNCE_CONVERSATION);
  const checked = announcementHtml(ctx, ctx.match);
  if ("refused" in checked) return void (await ctx.reply(checked.refused));
  const draft = await createDraft(ctx, checked.html);
  const audience = await ctx.deps.store.announcements.audienceSize();
  const preview = await ctx.reply(checked.html, { reply_markup: previewKeyboard(ctx, draft.id, audience) });
  await ctx.deps.store.announcements.setMessage(draft.id, preview.message_id);
});

operators.callbackQuery(AnnounceButtons.send.pattern, async (ctx) => {
  const { id } = AnnounceButtons.send.unpack(ctx.callbackQuery.data)!;
  if (!(await ctx.deps.store.announcements.leaveDraft(id, ctx.from.id, "sending"))) return showGone(ctx);
  await showProgress(ctx, id);
});

operators.callbackQuery(AnnounceButtons.cancel.pattern, async (ctx) => {
  const { id } = AnnounceButtons.cancel.unpack(ctx.callbackQuery.data)!;
  if (!(await ctx.deps.store.announcements.leaveDraft(id, ctx.from.id, "cancelled"))) return showGone(ctx);
  await showView(ctx, { text: ctx.t("announce-cancelled") });
});

operators.callbackQuery(SharedButtons.refreshAnnouncement.pattern, async (ctx) => {
  await showProgress(ctx, SharedButtons.refreshAnnouncement.unpack(ctx.callbackQuery.data)!.id);
});

async function showProgress(ctx: BotContext, id: number): Promise<void> {
  const a = await ctx.deps.store.announcements.get(id);
  if (!a || a.operatorId !== ctx.from?.id) return showGone(ctx);
  const view = renderProgress(ctx.t, a, await readProgress(ctx.deps.store, a));
  await showView(ctx, { text: view.text, keyboard: view.replyMarkup });
}

async function showGone(ctx: BotContext): Promise<void> {
  await ctx.answerCallbackQuery({ text: ctx.t("announce-gone") });
}
