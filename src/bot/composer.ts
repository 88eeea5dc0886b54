/**
 * The Composer the bot and every feature are built on: grammY's, with a cheaper way through the
 * handlers. Stock grammY makes walking past handlers the largest cost of the update pipeline
 * (README → Performance): every filter (command, callbackQuery, on, …) builds a new Composer and
 * middleware chain for each update it sees, matching or not, and each step of a chain adds two
 * async frames. Here:
 * - a composer runs its handlers from an array, and a filter is one function;
 * - a nested BotComposer (a feature) is skipped when none of its handlers could act on the update:
 *   every filter's predicate is false and no `useWhen` gate is open. Running it would only have
 *   called `next`, so skipping changes nothing. Plugins that load per-chat state (session,
 *   conversations) are `install`ed by the features that need them, so an update pays for them
 *   only when it reaches such a feature.
 *
 * Behaviour is grammY's otherwise: handlers run in order, each decides whether to call `next`,
 * calling it twice is an error, predicates may be async, and middleware added later to a composer
 * that `use` or `filter` returned still runs. What the gates need of a filter's predicate: no side
 * effects (it is asked once to decide whether to run the feature, once more when it runs), and no
 * reliance on what the feature's own `install`ed middleware sets up (the gate is asked before
 * that runs). Async predicates are allowed; they always let the feature run.
 */
import { Composer, Context, type Middleware, type MiddlewareFn, type NextFunction } from "grammy";

type MaybeArray<T> = T | T[];
type MaybePromise<T> = T | Promise<T>;
/** Could this step do anything but call `next` for this update? May say yes too often, never too rarely. */
type Gate<C> = (ctx: C) => boolean;

const always = () => true;
const isPromiseLike = (value: unknown): value is PromiseLike<boolean> => typeof (value as PromiseLike<boolean> | undefined)?.then === "function";
const never = () => false;

function toMiddlewareFn<C extends Context>(middleware: MaybeArray<Middleware<C>>): MiddlewareFn<C> {
  if (Array.isArray(middleware)) return toMiddlewareFn(new BotComposer(...middleware));
  if (typeof middleware === "function") return middleware;
  if (middleware instanceof BotComposer) return middleware.middleware();
  // a composer's chain grows when handlers are added to it later, so ask for it on each call
  return (ctx, next) => middleware.middleware()(ctx, next);
}

/**
 * Could grammY's command filter for `names` match this update? True when a message or channel post
 * starts with a command entity that is one of `names` ("start"), perhaps with "@something" after
 * it (grammY then also checks that it names this bot). Allocates nothing.
 */
function mayBeCommand(ctx: Context, names: readonly string[]): boolean {
  const msg = ctx.message ?? ctx.channelPost;
  const text = msg?.text ?? msg?.caption;
  const entities = msg?.entities ?? msg?.caption_entities;
  if (text === undefined || entities === undefined) return false;
  for (const entity of entities) {
    if (entity.offset !== 0) break; // entities come sorted by offset
    if (entity.type !== "bot_command") continue;
    const wordLength = entity.length - 1;
    for (const name of names) {
      if (!text.startsWith(name, 1)) continue;
      if (name.length === wordLength || (name.length < wordLength && text.charCodeAt(1 + name.length) === 64 /* @ */)) return true;
    }
  }
  return false;
}

export class BotComposer<C extends Context> extends Composer<C> {
  private readonly steps: Array<MiddlewareFn<C>> = [];
  private readonly gates: Array<Gate<C>> = [];

  constructor(...middleware: Array<Middleware<C>>) {
    super();
    for (const m of middleware) this.append(m);
  }

  /** True when some handler could act on this update; false means running this composer would only call `next`. */
  mayHandle(ctx: C): boolean {
    for (const gate of this.gates) if (gate(ctx)) return true;
    return false;
  }

  private readonly runAll: MiddlewareFn<C> = (ctx, next) => this.runFrom(0, ctx, next);

  override middleware(): MiddlewareFn<C> {
    return this.runAll;
  }

  /** `use(feature)` with one BotComposer adds it as it is (and returns it), so it can be skipped. */
  override use(...middleware: Array<Middleware<C>>): Composer<C> {
    if (middleware.length === 1 && middleware[0] instanceof BotComposer) {
      this.append(middleware[0]);
      return middleware[0];
    }
    const composer = new BotComposer<C>(...middleware);
    this.append(composer);
    return composer;
  }

  /**
   * Middleware that only acts when `gate` is true and otherwise just calls `next` (e.g. a
   * conversation, which only acts on a chat that is in it). The gate only lets this composer be
   * skipped as a whole; when it runs, the middleware runs as usual, whatever the gate says.
   */
  useWhen(gate: Gate<C>, ...middleware: Array<Middleware<C>>): Composer<C> {
    const composer = new BotComposer<C>(...middleware);
    this.append(composer, gate);
    return composer;
  }

  /**
   * Middleware that prepares the context for the handlers after it (loads a session, the chat's
   * conversations) and never answers an update by itself: it runs when this composer runs, and
   * does not make it run.
   */
  install(...middleware: Array<Middleware<C>>): Composer<C> {
    return this.useWhen(never, ...middleware);
  }

  override filter<D extends C>(predicate: (ctx: C) => ctx is D, ...middleware: Array<Middleware<D>>): Composer<D>;
  override filter(predicate: (ctx: C) => MaybePromise<boolean>, ...middleware: Array<Middleware<C>>): Composer<C>;
  override filter(predicate: (ctx: C) => MaybePromise<boolean>, ...middleware: Array<Middleware<C>>): Composer<C> {
    return this.addFilter(predicate, undefined, middleware);
  }

  /** grammY's command filter, after a cheap look at the update's first word (most updates are no command at all). */
  override command(command: Parameters<Composer<C>["command"]>[0], ...middleware: Parameters<Composer<C>["command"]>[1][]): ReturnType<Composer<C>["command"]> {
    const names: string[] = Array.isArray(command) ? command : [command];
    return this.addFilter(Context.has.command(command), (ctx) => mayBeCommand(ctx, names), middleware as Array<Middleware<C>>) as ReturnType<Composer<C>["command"]>;
  }

  /** `precheck`, if given, is a cheaper test that is true whenever `predicate` is (and may be true more often). */
  private addFilter(predicate: (ctx: C) => MaybePromise<boolean>, precheck: Gate<C> | undefined, middleware: Array<Middleware<C>>): Composer<C> {
    const composer = new BotComposer<C>(...middleware);
    const run = (ctx: C, next: NextFunction) => composer.runFrom(0, ctx, next);
    this.steps.push((ctx, next) => {
      if (precheck !== undefined && !precheck(ctx)) return next();
      const matched = predicate(ctx);
      if (isPromiseLike(matched)) return Promise.resolve(matched).then((yes) => (yes ? run(ctx, next) : next()));
      return matched ? run(ctx, next) : next();
    });
    this.gates.push((ctx) => {
      if (precheck !== undefined && !precheck(ctx)) return false;
      const matched = predicate(ctx);
      if (isPromiseLike(matched)) {
        Promise.resolve(matched).catch(() => undefined); // the run asks again and reports the failure
        return true;
      }
      return matched && composer.mayHandle(ctx);
    });
    return composer;
  }

  override branch(
    predicate: (ctx: C) => MaybePromise<boolean>,
    trueMiddleware: MaybeArray<Middleware<C>>,
    falseMiddleware: MaybeArray<Middleware<C>>,
  ): Composer<C> {
    const onTrue = toMiddlewareFn(trueMiddleware);
    const onFalse = toMiddlewareFn(falseMiddleware);
    return this.use((ctx, next) => {
      const matched = predicate(ctx);
      if (isPromiseLike(matched)) return Promise.resolve(matched).then((yes) => (yes ? onTrue : onFalse)(ctx, next));
      return (matched ? onTrue : onFalse)(ctx, next);
    });
  }

  private append(middleware: Middleware<C>, gate?: Gate<C>): void {
    if (middleware instanceof BotComposer) {
      const nested = middleware as BotComposer<C>;
      this.steps.push((ctx, next) => (nested.mayHandle(ctx) ? nested.runFrom(0, ctx, next) : next()));
      this.gates.push(gate ?? ((ctx) => nested.mayHandle(ctx)));
      return;
    }
    this.steps.push(toMiddlewareFn(middleware));
    this.gates.push(gate ?? always);
  }

  private runFrom(index: number, ctx: C, next: NextFunction): Promise<unknown> {
    const step = this.steps[index];
    if (step === undefined) return next();
    let nextCalled = false;
    try {
      return Promise.resolve(
        step(ctx, () => {
          if (nextCalled) return Promise.reject(new Error("`next` already called before!"));
          nextCalled = true;
          return this.runFrom(index + 1, ctx, next) as Promise<void>;
        }),
      );
    } catch (err) {
      return Promise.reject(err);
    }
  }
}
