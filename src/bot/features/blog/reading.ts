/**
 * Which post a paged message reads: its slug and the language asked for, kept in the chat's session
 * by message id (a slug can be longer than a button's 64 bytes allow). Only the last few are kept:
 * an older message's ◀️ ▶️ ask for /blog again.
 */
import type { BotContext, SessionData } from "../../context.js";

export type BlogReading = NonNullable<SessionData["blog"]>[number];

const KEPT = 10;

export async function rememberReading(ctx: BotContext, reading: BlogReading): Promise<void> {
  const session = await ctx.session;
  session.blog = [...(session.blog ?? []).filter((r) => r.messageId !== reading.messageId), reading].slice(-KEPT);
}

export async function recallReading(ctx: BotContext, messageId: number): Promise<BlogReading | undefined> {
  const session = await ctx.session;
  return session.blog?.find((r) => r.messageId === messageId);
}
