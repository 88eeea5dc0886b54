/**
 * The plugins that load per-chat state: the session and the chat's conversations. They are built
 * once per bot (with its storage) and travel on the context; the features that need them install
 * them (`BotComposer.install`), so an update that reaches no such feature never loads either.
 */
import type { Context, MiddlewareFn } from "grammy";
import { PLUGIN_DATA_VERSION } from "@grammyjs/conversations";
import type { BotContext } from "../context.js";
import type { KeyValueStorage } from "../../store/kv-storage.js";

export interface ChatStatePlugins {
  session: MiddlewareFn<BotContext>;
  conversations: MiddlewareFn<BotContext>;
}

export interface ChatStateFlavor {
  chatState: ChatStatePlugins;
}

/** The chat's session for the handlers after it, loaded on first use (`await ctx.session`). */
export const withSession: MiddlewareFn<BotContext> = (ctx, next) =>
  Object.prototype.hasOwnProperty.call(ctx, "session") ? next() : ctx.chatState.session(ctx, next);

/** The chat's conversations for the handlers after it: loaded once per update, by the first feature that asks. */
export const withConversations: MiddlewareFn<BotContext> = (ctx, next) =>
  (ctx as Partial<BotContext>).conversation !== undefined ? next() : ctx.chatState.conversations(ctx, next);

/** Where a chat's conversations are stored (the conversations plugin's default key, made explicit). */
export function conversationStorageKey(ctx: Context): string | undefined {
  return ctx.chatId?.toString();
}

/** Is this chat in a conversation? (Answered from the store's cache, without parsing the state.) */
export function hasConversationState(ctx: BotContext): boolean {
  const key = conversationStorageKey(ctx);
  return key !== undefined && ctx.deps.store.conversations.has(key);
}

/**
 * The conversations' storage as the plugin sees it, minus state stored by another version of the
 * flows (CONVERSATIONS_VERSION) or of the plugin: the plugin would ignore it but never delete it,
 * and `hasConversationState` would go on saying yes for that chat. It is deleted on first read.
 */
export function currentConversationsOnly<T>(storage: KeyValueStorage<T>, version: number): Pick<KeyValueStorage<T>, "read" | "write" | "delete"> {
  return {
    read(key) {
      const data = storage.read(key) as { version?: unknown } | undefined;
      const stored = Array.isArray(data?.version) ? (data.version as unknown[]) : undefined;
      if (data === undefined || (stored?.[0] === PLUGIN_DATA_VERSION && stored[1] === version)) return data as T | undefined;
      storage.delete(key);
      return undefined;
    },
    write: (key, value) => storage.write(key, value),
    delete: (key) => storage.delete(key),
  };
}
