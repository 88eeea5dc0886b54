import type { Context } from "grammy";
import type { DepsFlavor } from "../context.js";

type ChatAction = Parameters<Context["replyWithChatAction"]>[0];

/**
 * "typing…" / "sending a photo…" while slow work runs. Not awaited: the work (a marketplace call,
 * drawing a chart) starts at once instead of after a Bot API round trip, and a chat action that
 * fails changes nothing for the user.
 */
export function showChatAction(ctx: Context & DepsFlavor, action: ChatAction): void {
  if (!ctx.chat) return;
  ctx.replyWithChatAction(action).catch((err: unknown) => ctx.deps.logger.debug({ err }, "chat action not shown"));
}
