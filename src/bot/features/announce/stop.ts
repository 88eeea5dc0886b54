/** /stop: no more announcements (anyone may send it; order notices are not affected), and how to turn them back on. */
import { Composer } from "grammy";
import type { BotContext } from "../../context.js";

export const stopFeature = new Composer<BotContext>();

stopFeature.chatType("private").command("stop", async (ctx) => {
  await ctx.deps.store.users.update(ctx.from.id, { announcementsEnabled: false });
  await ctx.reply(ctx.t("stop-done"));
});
