/**
 * createBot builds the bot without starting it: main.ts starts polling or a webhook, tests inject
 * botInfo and a Bot API root. Middleware order: deps → per-chat sequencing → user → i18n →
 * /cancel → features → fallback, all inside one error boundary. The session and the conversations
 * plugin are installed by the features that use them (see composer.ts and chat-state.ts).
 */
import { Bot, lazySession, type Context } from "grammy";
import type { UserFromGetMe } from "grammy/types";
import { conversations } from "@grammyjs/conversations";
import { sequentialize } from "@grammyjs/runner";
import type { I18n } from "@grammyjs/i18n";
import type { BotContext, BotDeps, ConversationContext, DepsFlavor, SessionData } from "./context.js";
import { createI18n } from "./i18n.js";
import { attachDeps } from "./middlewares/deps.js";
import { trackUser } from "./middlewares/track-user.js";
import { conversationStorageKey, currentConversationsOnly, type ChatStatePlugins } from "./middlewares/chat-state.js";
import { installApiTransformers } from "./api-transformers.js";
import { handleBotError } from "./error-handler.js";
import { cancelFeature } from "./features/cancel.js";
import { fallbackFeature } from "./features/fallback.js";
import { features } from "./features/index.js";
import { BotComposer } from "./composer.js";
import type { StorageAdapter } from "grammy";

/** Bump when a conversation's steps change, so old in-flight states are dropped, not replayed wrongly. */
export const CONVERSATIONS_VERSION = 1;

export interface CreateBotOptions {
  apiRoot?: string;
  botInfo?: UserFromGetMe;
}

export interface BuiltBot {
  bot: Bot<BotContext>;
  i18n: I18n<Context & DepsFlavor>;
}

export function chatSequenceKey(ctx: Context): string | undefined {
  return ctx.chat?.id.toString() ?? ctx.from?.id.toString();
}

export function createBot(token: string, deps: BotDeps, options: CreateBotOptions = {}): BuiltBot {
  const bot = new Bot<BotContext>(token, {
    botInfo: options.botInfo,
    client: options.apiRoot ? { apiRoot: options.apiRoot } : undefined,
  });
  installApiTransformers(bot.api);
  const i18n = createI18n(deps.defaultLocale);

  bot.catch(handleBotError);
  const protectedBot = new BotComposer<BotContext>();
  bot.errorBoundary(handleBotError, protectedBot);

  const chatState: ChatStatePlugins = {
    session: lazySession<SessionData, BotContext>({
      initial: () => ({}),
      storage: deps.store.sessions as StorageAdapter<SessionData>,
    }),
    conversations: conversations<BotContext, ConversationContext>({
      storage: {
        type: "key",
        version: CONVERSATIONS_VERSION,
        adapter: currentConversationsOnly(deps.store.conversations, CONVERSATIONS_VERSION) as never,
        getStorageKey: conversationStorageKey,
      },
      plugins: [
        attachDeps(deps),
        i18n,
        (ctx, next) => {
          installApiTransformers(ctx.api);
          return next();
        },
      ],
    }),
  };

  protectedBot.use(attachDeps(deps, chatState));
  protectedBot.use(sequentialize(chatSequenceKey));
  protectedBot.use(trackUser);
  // the plugin object builds a new middleware function each time it is asked: ask once
  protectedBot.use(i18n.middleware());
  protectedBot.use(cancelFeature);
  for (const feature of features) protectedBot.use(feature);
  protectedBot.use(fallbackFeature);

  return { bot, i18n };
}
