/**
 * The conversations plugin and the flows (every conversation) see a chat's update only as far as
 * they need to:
 * - a chat with no conversation stored (most updates: a plain command, a tap on a card, a prompt's
 *   answer): neither runs. The plugin would read the chat's (absent) state, build its controls and
 *   hold two more middleware frames and their promises for the whole update, and every flow would
 *   only register itself and find nothing to resume (issue 28).
 * - a chat with a conversation stored: the plugin runs, and the flow open there alone resumes
 *   (walking every other flow's middleware only to register it cost as much as the resume itself);
 *   several open (or one this bot no longer has): every flow, as the plugin documents.
 * A flow started in an update (enterFlow) is registered then, alone, through the same stock
 * createConversation middleware, and entered; in a chat with no conversation stored the plugin runs
 * for that entry (its middleware around the flow's and the entry), the state it writes then being
 * the new flow's. The conversations plugin and createConversation are used as published: middleware
 * run around the code that enters a conversation.
 */
import { Composer, type MiddlewareFn, type StorageAdapter } from "grammy";
import type { ConversationControls } from "@grammyjs/conversations";
import type { BotContext } from "../context.js";
import type { KeyValueStorage } from "../../store/kv-storage.js";
import type { Flow } from "./define.js";

/** The flows of one bot, and its plugin's middleware. */
interface Gate {
  byId: ReadonlyMap<string, MiddlewareFn<BotContext>>;
  plugin: MiddlewareFn<BotContext>;
}

/**
 * Kept on each update's context (as the bot's other fields are): the bot's gate, and, while the
 * plugin runs around the update, the flows registered on it. Properties, not WeakMaps: an update
 * pays nothing for them unless the plugin runs.
 */
const GATE = Symbol("flows gate");
const REGISTERED = Symbol("flows registered");
type Marked = BotContext & { [GATE]?: Gate; [REGISTERED]?: Set<string> };

const run = (flows: readonly Flow[]) => new Composer<BotContext>(...flows.map((f) => f.middleware)).middleware();

/** Registers the flow `id` on an update the plugin runs around, unless it is already, then `then`. */
async function register(ctx: Marked, gate: Gate, registered: Set<string>, id: string, then: () => Promise<void>): Promise<void> {
  const flow = registered.has(id) ? undefined : gate.byId.get(id);
  // registered already (or no such flow: entering it then says so)
  if (!flow) return then();
  registered.add(id);
  let entered = false;
  await flow(ctx, async () => {
    entered = true;
    await then();
  });
  // a flow's middleware only stops the chain for a conversation it resumes, and it has none open here
  if (!entered) throw new Error(`the flow "${id}" did not let the update through to be started`);
}

export interface FlowsGate {
  /** The chat has no conversation stored, known without a read (SQLite's cache), or cannot have one (no chat). */
  none(ctx: BotContext): boolean;
  /** The chat's stored conversations (the plugin's own record): undefined for none. */
  stored(ctx: BotContext): Promise<unknown>;
  /** The conversations plugin's middleware (built once by createBot, over `StoredConversations.adapter`). */
  plugin: MiddlewareFn<BotContext>;
}

export interface StoredConversations {
  none: FlowsGate["none"];
  stored: FlowsGate["stored"];
  /** The plugin's storage adapter: its read of a chat's record right after `stored` read it is that record, not a second read. */
  adapter: StorageAdapter<unknown>;
}

/**
 * The conversations' records as the gate and the plugin read them: on PostgreSQL each read is a
 * round trip, and the plugin reads the record the gate has just read (a chat's updates are handled
 * one at a time, so nothing writes it in between).
 */
export function storedConversations(storage: KeyValueStorage<unknown>, keyOf: (ctx: BotContext) => string | undefined): StoredConversations {
  const justRead = new Map<string, unknown>();
  return {
    none(ctx) {
      const key = keyOf(ctx);
      return key === undefined || storage.knownAbsent(key);
    },
    async stored(ctx) {
      const key = keyOf(ctx);
      if (key === undefined) return undefined;
      const record = await storage.read(key);
      // none stored: nothing of an earlier update's may stand in for the plugin's own read
      if (record === undefined) justRead.delete(key);
      else justRead.set(key, record);
      return record;
    },
    adapter: {
      read(key) {
        if (!justRead.has(key)) return storage.read(key);
        const record = justRead.get(key);
        justRead.delete(key);
        return Promise.resolve(record);
      },
      write: (key, value) => storage.write(key, value),
      delete: (key) => storage.delete(key),
    },
  };
}

/**
 * The conversations plugin where it stood (before Cancel, so that /cancel sees the open flow) and the
 * flows after Cancel: both run only in a chat with a conversation stored.
 */
export function flowsWhileOpen(flows: readonly Flow[], options: FlowsGate): { plugin: MiddlewareFn<BotContext>; flows: MiddlewareFn<BotContext> } {
  const all = run(flows);
  /** By flow id: that flow alone. */
  const gate: Gate = { byId: new Map(flows.map((flow) => [flow.id, run([flow])])), plugin: options.plugin };
  /** Where the plugin runs: the flow open there alone resumes first (several: every flow). */
  const resume = async (ctx: Marked, next: () => Promise<void>, registered: Set<string>): Promise<void> => {
    const open = Object.keys(ctx.conversation.active());
    const alone = open.length === 1 ? gate.byId.get(open[0]!) : undefined;
    // several open (or one this bot no longer has): every flow, as the plugin documents
    if (open.length > 0 && !alone) {
      for (const id of gate.byId.keys()) registered.add(id);
      return void (await all(ctx, next));
    }
    if (alone) registered.add(open[0]!);
    await (alone ? alone(ctx, next) : next());
  };
  /** Where the chat may have a conversation stored: its record read, and the plugin run if there is one. */
  const whereStored = async (ctx: Marked, next: () => Promise<void>): Promise<void> => {
    if ((await options.stored(ctx)) === undefined) return next();
    await gate.plugin(ctx, () => {
      ctx[REGISTERED] = new Set();
      return next();
    });
  };
  return {
    // not an async function: on SQLite most chats are known to have none, and pass on as they came
    plugin(ctx: Marked, next) {
      ctx[GATE] = gate;
      return options.none(ctx) ? next() : whereStored(ctx, next);
    },
    // not an async function: most updates find no conversation, and pass on as they came
    flows(ctx: Marked, next) {
      const registered = ctx[REGISTERED];
      return registered ? resume(ctx, next, registered) : next();
    },
  };
}

/**
 * Runs `then` (which enters the flow `id`) once the plugin runs around this update and that flow is
 * registered: in a chat with no conversation stored, the plugin runs now, around the entry.
 */
export async function withFlow(ctx: Marked, id: string, then: () => Promise<void>): Promise<void> {
  const gate = ctx[GATE];
  const registered = ctx[REGISTERED];
  // outside the bot's chain (nothing to register): as the plugin would
  if (!gate) return then();
  if (registered) return register(ctx, gate, registered, id, then);
  await gate.plugin(ctx, async () => {
    const started = new Set<string>();
    ctx[REGISTERED] = started;
    await register(ctx, gate, started, id, then);
  });
}

/** The plugin's controls, where it runs around this update (undefined: the chat has no conversation stored). */
export function conversationControls(ctx: Marked): ConversationControls | undefined {
  return ctx[REGISTERED] ? ctx.conversation : undefined;
}

/** The ids of the conversations open in this chat. */
export function openConversations(ctx: BotContext): string[] {
  const controls = conversationControls(ctx);
  return controls ? Object.keys(controls.active()) : [];
}

/** Leaves every conversation open in this chat (none is, where the plugin does not run). */
export async function exitConversations(ctx: BotContext): Promise<void> {
  await conversationControls(ctx)?.exitAll();
}
