/** /announce without a text: asks for it (Cancel on the prompt), then turns the prompt into the preview. */
import type { BotConversation, ConversationContext } from "../../context.js";
import { external } from "../../flow/external.js";
import { FlowMessage } from "../../flow/flow-message.js";
import { announcementHtml, createDraft, previewKeyboard } from "./draft.js";

export const ANNOUNCE_CONVERSATION = "announce";

export async function announceConversation(conversation: BotConversation, ctx: ConversationContext): Promise<void> {
  const flow = new FlowMessage(conversation, ctx);
  await flow.ask(ctx, ctx.t("announce-ask"));
  let html: string;
  for (;;) {
    const reply = await flow.wait();
    if (reply.kind !== "text" || reply.text.trim() === "") {
      await flow.retry(ctx, ctx.t("announce-not-text"));
      continue;
    }
    const checked = announcementHtml(ctx, reply.text);
    if ("html" in checked) {
      html = checked.html;
      break;
    }
    await flow.retry(ctx, checked.refused);
  }
  const { id, audience } = await external(conversation, async () => ({ id: (await createDraft(ctx, html)).id, audience: await ctx.deps.store.announcements.audienceSize() }));
  await flow.finish(ctx, html, previewKeyboard(ctx, id, audience));
  const messageId = flow.id;
  if (messageId !== undefined) await external(conversation, () => ctx.deps.store.announcements.setMessage(id, messageId));
}
