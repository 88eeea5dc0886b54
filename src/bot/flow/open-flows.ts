/**
 * The flows (every conversation) see a chat's update only as far as they need to:
 * - a chat with no flow open (most updates): none runs, since each would only register itself
 *   and find nothing to resume;
 * - a chat with one flow open: that flow alone resumes (walking every other flow's middleware only
 *   to register it cost as much as the resume itself).
 * A flow started in such an update (enterFlow) is registered then, alone, through the same stock
 * createConversation middleware, and entered: the conversations plugin is used as published. (The
 * plugin enters only a registered conversation; registering the other seventeen as well held their
 * seventeen middleware steps on the update's promise chain for the whole first step of the flow.)
 */
import { Composer, type MiddlewareFn } from "grammy";
import type { BotContext } from "../context.js";
import type { Flow } from "./define.js";

type Register = (id: string, then: () => Promise<void>) => Promise<void>;

/** Per update whose flows have not all run: how to register one of them, then go on with `then`. */
const registerIn = new WeakMap<object, Register>();

const run = (flows: readonly Flow[]) => new Composer<BotContext>(...flows.map((f) => f.middleware)).middleware();

/** Installed right after the conversations plugin, in place of the flows themselves. */
export function flowsWhileOpen(flows: readonly Flow[]): MiddlewareFn<BotContext> {
  const all = run(flows);
  /** By flow id: that flow alone. */
  const byId = new Map(flows.map((flow) => [flow.id, run([flow])]));
  return async (ctx, next) => {
    const open = Object.keys(ctx.conversation.active());
    const alone = open.length === 1 ? byId.get(open[0]!) : undefined;
    // several open (or one this bot no longer has): every flow, as the plugin documents
    if (open.length > 0 && !alone) return void (await all(ctx, next));
    const registered = new Set(alone ? open : []);
    registerIn.set(ctx, async (id, then) => {
      const flow = registered.has(id) ? undefined : byId.get(id);
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
    });
    await (alone ? alone(ctx, next) : next());
  };
}

/** Runs `then` (which enters the flow `id`) once that flow is registered for this update. */
export async function withFlow(ctx: BotContext, id: string, then: () => Promise<void>): Promise<void> {
  const register = registerIn.get(ctx);
  await (register ? register(id, then) : then());
}
