/**
 * The flows (every conversation) see a chat's update only while the chat has one open: for all the
 * others, most updates, running each flow's middleware would only register it and find nothing to
 * resume, and that walk over every flow was a large share of each update's work. A flow started
 * in such an update (enterFlow) registers them all first, then enters, through the same stock
 * createConversation middleware: the conversations plugin is used as published.
 */
import { Composer, type Middleware, type MiddlewareFn } from "grammy";
import type { BotContext } from "../context.js";

/** Per update whose flows have not run yet: how to run them, then go on with `then`. */
const deferred = new WeakMap<object, (then: () => Promise<void>) => Promise<void>>();

/** Installed right after the conversations plugin, in place of the flows themselves. */
export function flowsWhileOpen(flows: ReadonlyArray<Middleware<BotContext>>): MiddlewareFn<BotContext> {
  const run = new Composer<BotContext>(...flows).middleware();
  return async (ctx, next) => {
    if (Object.keys(ctx.conversation.active()).length > 0) return void (await run(ctx, next));
    deferred.set(ctx, async (then) => void (await run(ctx, then)));
    await next();
  };
}

/** Runs `then` (which enters a flow) once this update has its flows registered. */
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
