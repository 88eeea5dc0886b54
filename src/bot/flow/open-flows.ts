/**
 * The flows (every conversation) see a chat's update only as far as they need to:
 * - a chat with no flow open (most updates): none runs, since each would only register itself
 *   and find nothing to resume;
 * - a chat with one flow open: that flow alone resumes (walking every other flow's middleware only
 *   to register it cost as much as the resume itself).
 * A flow started in such an update (enterFlow) first registers the flows that have not run, then
 * enters, through the same stock createConversation middleware: the conversations plugin is used
 * as published.
 */
import { Composer, type MiddlewareFn } from "grammy";
import type { BotContext } from "../context.js";
import type { Flow } from "./define.js";

/** Per update whose flows have not all run yet: how to run the rest, then go on with `then`. */
const deferred = new WeakMap<object, (then: () => Promise<void>) => Promise<void>>();

const run = (flows: readonly Flow[]) => new Composer<BotContext>(...flows.map((f) => f.middleware)).middleware();

/** Installed right after the conversations plugin, in place of the flows themselves. */
export function flowsWhileOpen(flows: readonly Flow[]): MiddlewareFn<BotContext> {
  const all = run(flows);
  /** By flow id: that flow alone, and every other one. */
  const byId = new Map(flows.map((flow) => [flow.id, { alone: run([flow]), others: run(flows.filter((f) => f !== flow)) }]));
  return async (ctx, next) => {
    const open = Object.keys(ctx.conversation.active());
    const one = open.length === 1 ? byId.get(open[0]!) : undefined;
    // several open (or one this bot no longer has): every flow, as the plugin documents
    if (open.length > 0 && !one) return void (await all(ctx, next));
    const later = one?.others ?? all;
    deferred.set(ctx, async (then) => void (await later(ctx, then)));
    await (one ? one.alone(ctx, next) : next());
  };
}

/** Runs `then` (which enters a flow) once this update has every flow registered. */
export async function withFlows(ctx: BotContext, then: () => Promise<void>): Promise<void> {
  const register = deferred.get(ctx);
  if (!register) return then();
  deferred.delete(ctx);
  let entered = false;
  await register(async () => {
    entered = true;
    await then();
  });
  // a flow's middleware only stops the chain for a conversation it resumes, and none is open here
  if (!entered) throw new Error("the flows did not let the update through to the flow being started");
}
