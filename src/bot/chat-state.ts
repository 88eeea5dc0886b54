/**
 * A chat's small state between updates: the blog posts its messages read, the flow a key's access
 * level refused, a chat pick open. Durable state lives in the store's tables, and a card's subject
 * travels in its buttons, unless it does not fit there (a blog post's slug).
 *
 * Read and changed where a handler needs it, through store.sessions under the chat's id, as grammY's
 * session kept it (its records are read as they were). Not grammY's session middleware: every update
 * walked it (a frame held and a session object built per update, issue 28), for state that three
 * handlers read.
 */
import type { BotContext } from "./context.js";

export interface ChatState {
  blog?: Array<{ messageId: number; slug: string; locale: string }>;
  /**
   * The latest flow refused for the default key's access level, with its answers so far and the
   * message that offered other keys: picking a key there (soon enough) resumes it.
   */
  gated?: { flow: string; args?: unknown; messageId: number; at: number };
  /** A group or channel being picked (bot/ui/chat-pick.ts): a typed chat id answers it while open. */
  chatPick?: { purpose: "notices" | "team"; at: number };
}

const keyOf = (ctx: BotContext): string | undefined => ctx.chatId?.toString();

/** The chat's state ({} for none, or for an update without a chat). */
export async function readChatState(ctx: BotContext): Promise<ChatState> {
  const key = keyOf(ctx);
  return (key === undefined ? undefined : ((await ctx.deps.store.sessions.read(key)) as ChatState | undefined)) ?? {};
}

/**
 * Changes the chat's state (`change` returns it changed; an empty state is deleted) and returns it
 * as it was. A state handed back unchanged writes nothing (store/kv-storage.ts).
 */
export async function changeChatState(ctx: BotContext, change: (state: ChatState) => ChatState): Promise<ChatState> {
  const key = keyOf(ctx);
  if (key === undefined) return {};
  const before = await readChatState(ctx);
  const state = change(before);
  const empty = Object.values(state).every((value) => value === undefined);
  await (empty ? ctx.deps.store.sessions.delete(key) : ctx.deps.store.sessions.write(key, state));
  return before;
}
