/** /announce without a text: asks for it (Cancel on the prompt), then turns the prompt into the preview. */
import type { BotConversation, ConversationContext } from "../../context.js";
import { external } from "../../flow/external.js";
import { FlowMessage } from "../../flow/flow-message.js";
import { runStep } from "../../flow/step.js";
import { announcementHtml, createDraft, previewKeyboard } from "./draft.js";

export const ANNOUNCE_CONVERSATION = "announce";

export async function announceConversation(conversation: BotConversation, ctx: ConversationContext): Promise<void> {
  const flow = new FlowMessage(conversation, ctx);
  const { value: html } = await runStep<string>(flow, ctx, {
    question: ctx.t("announce-ask"),
    text: (text) => {
      if (text.trim() === "") return { reason: ctx.t("announce-not-text") };
      const checked = announcementHtml(ctx, text);
      return "html" in checked ? { value: checked.html } : { reason: checked.refused };
    },
  });
  const { id, audience } = await external(conversation, async () => ({ id: (await createDraft(ctx, html)).id, audience: await ctx.deps.store.announcements.audienceSize() }));
  await flow.finish(ctx, html, previewKeyboard(ctx, id, audience));
  const messageId = flow.id;
  if (messageId !== undefined) await external(conversation, () => ctx.deps.store.announcements.setMessage(id, messageId));
}
