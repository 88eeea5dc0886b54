/**
 * Each update goes only to the features that answer its kind. grammY runs a composer's filters one
 * after the other for every update, and each filter step allocates for that update and stays on its
 * promise chain while the update waits on its calls: with every feature installed one after the
 * other, a tap walked some seventy filters of features that could never answer it (issue 28).
 *
 * So a feature says what it answers (commands by name, buttons by the namespace of their codec
 * prefix, plain messages, other update kinds); the router reads one key off the update and hands it,
 * through grammY's `route`, to a composer built once for that key holding just those features, in
 * their order. A feature keeps its own filters (the router only leaves out features that cannot
 * match), and a feature that says nothing sees every update, as before.
 */
import { Composer, type Middleware } from "grammy";
import type { Message, Update } from "grammy/types";
import type { BotContext } from "./context.js";

type UpdateKind = Exclude<keyof Update, "update_id">;

/** What a feature answers; the router hands it no other update. */
export interface Answers {
  /** Commands by name ("buy" for /buy and /buy@bot), in any chat. */
  commands?: readonly string[];
  /** Buttons by the namespace of their codec prefix: "buy" answers buy, buy.ok, buy.for:… */
  buttons?: readonly string[];
  /** Messages (and channel posts) that are not commands; "all": commands too (a key pasted after /key). */
  messages?: "plain" | "all";
  /** Other kinds of update, by their field in the update. */
  updates?: readonly UpdateKind[];
}

export interface Feature {
  middleware: Middleware<BotContext>;
  /** Absent: every update. */
  answers?: Answers;
}

const ANY_COMMAND = "command:*";
const ANY_BUTTON = "button:*";
const PLAIN_MESSAGE = "message";
const OTHER_UPDATE = "update:*";

/** The command a message starts with ("buy" for "/buy@bot 5"), if it starts with one. */
function commandOf(message: Message): string | undefined {
  const entity = (message.entities ?? message.caption_entities)?.[0];
  if (entity?.type !== "bot_command" || entity.offset !== 0) return undefined;
  const text = message.text ?? message.caption ?? "";
  const word = text.slice(1, entity.length);
  const at = word.indexOf("@");
  return at === -1 ? word : word.slice(0, at);
}

/** The namespace of a codec button's data: what comes before its first "." or ":". */
function namespaceOf(data: string): string {
  const end = data.search(/[.:]/);
  return end === -1 ? data : data.slice(0, end);
}

/** Every feature, each seeing only the updates it answers, in the order given. */
export function routeFeatures(features: readonly Feature[]): Middleware<BotContext> {
  const commands = new Set(features.flatMap((f) => f.answers?.commands ?? []));
  const buttons = new Set(features.flatMap((f) => f.answers?.buttons ?? []));
  const kinds = new Set(features.flatMap((f) => f.answers?.updates ?? []));
  const only = (answers: (a: Answers) => boolean) => new Composer<BotContext>(...features.filter((f) => !f.answers || answers(f.answers)).map((f) => f.middleware));

  const routes: Record<string, Composer<BotContext>> = Object.create(null) as Record<string, Composer<BotContext>>;
  for (const command of commands) routes[`command:${command}`] = only((a) => a.messages === "all" || (a.commands?.includes(command) ?? false));
  routes[ANY_COMMAND] = only((a) => a.messages === "all");
  for (const namespace of buttons) routes[`button:${namespace}`] = only((a) => a.buttons?.includes(namespace) ?? false);
  routes[ANY_BUTTON] = only(() => false);
  routes[PLAIN_MESSAGE] = only((a) => a.messages !== undefined);
  for (const kind of kinds) routes[`update:${kind}`] = only((a) => a.updates?.includes(kind) ?? false);
  routes[OTHER_UPDATE] = only(() => false);

  const keyOf = (ctx: BotContext): string => {
    const update = ctx.update;
    const data = update.callback_query?.data;
    if (data !== undefined) {
      const namespace = namespaceOf(data);
      return buttons.has(namespace) ? `button:${namespace}` : ANY_BUTTON;
    }
    const message = update.message ?? update.channel_post;
    if (message) {
      const command = commandOf(message);
      if (command === undefined) return PLAIN_MESSAGE;
      return commands.has(command) ? `command:${command}` : ANY_COMMAND;
    }
    for (const kind of kinds) if (update[kind] !== undefined) return `update:${kind}`;
    return OTHER_UPDATE;
  };

  const router = new Composer<BotContext>();
  router.route(keyOf, routes);
  return router;
}
