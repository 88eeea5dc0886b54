/**
 * Which post a paged message reads: its slug and the language asked for, kept in the chat's state
 * (chat-state.ts) by message id (a slug can be longer than a button's 64 bytes allow). Only the last
 * few are kept: an older message's ◀️ ▶️ ask for /blog again.
 */
import type { BotContext } from "../../context.js";
import { changeChatState, readChatState, type ChatState } from "../../chat-state.js";

export type BlogReading = NonNullable<ChatState["blog"]>[number];

const KEPT = 10;

export async function rememberReading(ctx: BotContext, reading: BlogReading): Promise<void> {
  await changeChatState(ctx, (state) => ({ ...state, blog: [...(state.blog ?? []).filter((r) => r.messageId !== reading.messageId), reading].slice(-KEPT) }));
}

export async function recallReading(ctx: BotContext, messageId: number): Promise<BlogReading | undefined> {
  return (await readChatState(ctx)).blog?.find((r) => r.messageId === messageId);
}
