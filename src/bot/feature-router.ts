/**
 * A command or a button tap goes only to the features that answer it. grammY runs a composer's
 * filters one after the other for every update, and each filter step allocates for that update and
 * stays on its promise chain while the update waits on its calls: with every feature installed one
 * after the other, a tap walked some seventy filters of features that could never answer it
 * (issue 28).
 *
 * So a feature says which commands and which button namespaces (the first word of a codec prefix)
 * it answers; the router reads the command or the namespace off the update and hands it to the
 * middleware of a composer built once for that key holding just those features, in their order.
 * Everything else (plain messages, shared chats, inline queries, member updates) goes to every
 * feature as before, and so does everything for a feature that says nothing. A feature keeps its
 * own filters: the router only leaves out features that cannot match. (grammY's `route` would pick
 * the same composer through `lazy`, which builds a new Composer around it for every update.)
 *
 * The card menus (ui/card-menus.ts) come first on every route but the commands of features that draw
 * no card: every tap (a card's own taps among them) and every other update passes them as before,
 * while /help, /start, /check or /balance no longer pay, on each update, for a transformer every one
 * of their Bot API calls would go through to look for a menu they never send (issue 28).
 */
import { Composer, type Middleware, type MiddlewareFn } from "grammy";
import type { Message } from "grammy/types";
import type { BotContext } from "./context.js";

/** What a feature answers among commands and button taps. */
export interface Answers {
  /** Commands by name ("buy" for /buy and /buy@bot), in any chat. */
  commands?: readonly string[];
  /** Buttons by the namespace of their codec prefix: "buy" answers buy, buy.ok, buy.for:… */
  buttons?: readonly string[];
}

export interface Feature {
  middleware: Middleware<BotContext>;
  /** Absent: every command and every tap. */
  answers?: Answers;
  /** Answers some command with a card menu (a Menu as its keyboard): that command's route installs the menus. */
  drawsCards?: boolean;
}

/** A command or a tap no feature names: only the features that name nothing see it (a card's own taps among them). */
const UNCLAIMED_COMMAND = "command";
const UNCLAIMED_TAP = "button";
const EVERYTHING_ELSE = "other";

/** The command a message starts with ("buy" for "/buy@bot 5"), if it starts with one. */
export function commandOf(message: Message): string | undefined {
  const entity = (message.entities ?? message.caption_entities)?.[0];
  if (entity?.type !== "bot_command" || entity.offset !== 0) return undefined;
  const text = message.text ?? message.caption ?? "";
  const word = text.slice(1, entity.length);
  const at = word.indexOf("@");
  return at === -1 ? word : word.slice(0, at);
}

/** The namespace of a codec button's data: what comes before its first "." or ":". */
export function namespaceOf(data: string): string {
  const end = data.search(/[.:]/);
  return end === -1 ? data : data.slice(0, end);
}

/**
 * Every feature, each seeing only the commands and taps it answers, in the order given; `cards` (the
 * card menus) before them on every route but a command's whose features draw no card.
 */
export function routeFeatures(features: readonly Feature[], cards: Middleware<BotContext>): MiddlewareFn<BotContext> {
  const commands = new Set(features.flatMap((f) => f.answers?.commands ?? []));
  const buttons = new Set(features.flatMap((f) => f.answers?.buttons ?? []));
  const route = (answers: (a: Answers) => boolean, withCards = true) => {
    const routed = features.filter((f) => !f.answers || answers(f.answers));
    const first = withCards || routed.some((f) => f.drawsCards) ? [cards] : [];
    return new Composer<BotContext>(...first, ...routed.map((f) => f.middleware)).middleware();
  };

  const routes = new Map<string, MiddlewareFn<BotContext>>();
  for (const command of commands) routes.set(`command:${command}`, route((a) => a.commands?.includes(command) ?? false, false));
  for (const namespace of buttons) routes.set(`button:${namespace}`, route((a) => a.buttons?.includes(namespace) ?? false));
  routes.set(UNCLAIMED_COMMAND, route(() => false, false));
  routes.set(UNCLAIMED_TAP, route(() => false));
  routes.set(EVERYTHING_ELSE, route(() => true));

  const keyOf = (ctx: BotContext): string => {
    const data = ctx.update.callback_query?.data;
    if (data !== undefined) {
      const namespace = namespaceOf(data);
      return buttons.has(namespace) ? `button:${namespace}` : UNCLAIMED_TAP;
    }
    const message = ctx.update.message ?? ctx.update.channel_post;
    const command = message && commandOf(message);
    if (command === undefined) return EVERYTHING_ELSE;
    return commands.has(command) ? `command:${command}` : UNCLAIMED_COMMAND;
  };

  // every key keyOf returns has its route
  return (ctx, next) => routes.get(keyOf(ctx))!(ctx, next);
}
