/**
 * createBot builds the bot without starting it: main.ts starts polling or a webhook, tests inject
 * botInfo and a Bot API root. Every piece is installed once, in this order: (in webhook mode) the
 * update id recorded, redeliveries skipped (middlewares/once-per-update.ts), callback answers (around
 * everything, see ui/answer-once.ts), then inside one error boundary: deps, the registry of flows
 * (flow/registry.ts: what a feature offers the others, by id), the user's record and i18n, in one
 * step (middlewares/context-setup.ts) → feedback while working (ui/feedback.ts: taps while the chat
 * is busy, a sign of life for slow updates) → per-chat sequencing (polling) → the conversations
 * plugin (versioned, persistent; only in a chat with a conversation stored, or around the entry into
 * one, see flow/open-flows.ts) → account buttons only in private chats → /cancel → the flows (every
 * conversation; only in a chat with one open) → the prompts kept in the store (flow/prompt.ts: /check's question, /buy's steps) → the menus (every card, registered in one root: ui/card-menus.ts) → features →
 * fallback. Flows and menus come before the features, so any handler can start any flow or show any
 * card; a chat in a flow has its update seen by the flow first. The features see only the updates
 * they answer, and the menus only the updates that can tap or draw a card: every one but the
 * commands of features that draw none (feature-router.ts).
 */
import { Bot, type Context, type MiddlewareFn } from "grammy";
import type { UserFromGetMe } from "grammy/types";
import { conversations } from "@grammyjs/conversations";
import { sequentialize } from "@grammyjs/runner";
import type { BotContext, BotDeps, ConversationContext } from "./context.js";
import { createI18n, type BotI18n } from "./i18n.js";
import { contextSetup } from "./middlewares/context-setup.js";
import { oncePerUpdate, type MarkProcessed } from "./middlewares/once-per-update.js";
import { installApiTransformers } from "../telegram/api-transformers.js";
import type { BotApiFetch } from "../telegram/bot-api-http.js";
import { handleBotError } from "./errors/boundary.js";
import { callbackAnswers } from "./ui/answer-once.js";
import { accountButtonsOnlyInPrivate } from "./ui/private-only.js";
import { feedbackWhileWorking } from "./ui/feedback.js";
import { cancelFeature } from "./features/cancel/index.js";
import { fallbackFeature } from "./features/fallback/index.js";
import { features, flowEntries, flows, gatedFlows, menus, prompts, publicButtons } from "./features/index.js";
import { flowsWhileOpen, storedConversations } from "./flow/open-flows.js";
import { promptsWhileOpen } from "./flow/prompt.js";
import { createFlowRegistry } from "./flow/registry.js";
import { cardMenus } from "./ui/card-menus.js";
import { routeFeatures } from "./feature-router.js";

/** Bump when a conversation's steps change, so old in-flight states are dropped, not replayed wrongly. */
export const CONVERSATIONS_VERSION = 9;

export interface CreateBotOptions {
  apiRoot?: string;
  /** The HTTP client of the Bot API calls (telegram/bot-api-http.ts); grammY's default without it. */
  fetch?: BotApiFetch;
  botInfo?: UserFromGetMe;
  /** Polling on PostgreSQL: record each update id first and skip the ones already recorded (a new leader polling again). */
  markProcessed?: MarkProcessed;
  /**
   * The caller hands over one chat's updates one at a time already (the update inbox, webhook
   * mode), so the bot need not sequence them again; @grammyjs/runner (polling) does not.
   */
  sequencedByCaller?: boolean;
}

export interface BuiltBot {
  bot: Bot<BotContext>;
  i18n: BotI18n;
}

function chatSequenceKey(ctx: Context): string | undefined {
  return ctx.chat?.id.toString() ?? ctx.from?.id.toString();
}

/** Where a chat's conversations are stored: one record per chat. */
function conversationKey(ctx: Context): string | undefined {
  return ctx.chatId?.toString();
}

export function createBot(token: string, deps: BotDeps, options: CreateBotOptions = {}): BuiltBot {
  const bot = new Bot<BotContext>(token, {
    botInfo: options.botInfo,
    client: { ...(options.apiRoot ? { apiRoot: options.apiRoot } : {}), ...(options.fetch ? { fetch: options.fetch } : {}) },
  });
  installApiTransformers(bot.api);
  const i18n = createI18n(deps.defaultLocale);
  // conversations v2 build their own context and `api` for each step: what the handlers rely on is
  // installed again there
  const withTransformers: MiddlewareFn<ConversationContext> = (ctx, next) => {
    installApiTransformers(ctx.api);
    return next();
  };

  const answers = callbackAnswers(deps.logger);
  // what one feature offers the others, by id (flow/registry.ts): one registry per bot
  const registry = createFlowRegistry(flowEntries, gatedFlows);

  bot.catch(handleBotError);
  if (options.markProcessed) bot.use(oncePerUpdate(options.markProcessed, deps.logger));
  bot.use(answers.middleware);
  const conversationState = storedConversations(deps.store.conversations, conversationKey);
  const gated = flowsWhileOpen(flows, {
    ...conversationState,
    plugin: conversations<BotContext, ConversationContext>({
      storage: { type: "key", version: CONVERSATIONS_VERSION, adapter: conversationState.adapter as never, getStorageKey: conversationKey },
      plugins: [contextSetup(deps, registry, i18n, { recordUser: false }), withTransformers, answers.inConversations],
    }),
  });
  // given to the boundary at once (one composer of them all): each `use` of a composer of its own
  // would add a step to every update's chain, a frame and its promises held while the update runs
  bot.errorBoundary(
    handleBotError,
    contextSetup(deps, registry, i18n, { recordUser: true }),
    feedbackWhileWorking(chatSequenceKey),
    ...(options.sequencedByCaller ? [] : [sequentialize(chatSequenceKey)]),
    gated.plugin,
    accountButtonsOnlyInPrivate(publicButtons),
    cancelFeature,
    gated.flows,
    promptsWhileOpen(prompts),
    routeFeatures(features, cardMenus(menus)),
    fallbackFeature,
  );

  return { bot, i18n };
}
