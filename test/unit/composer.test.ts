import { describe, expect, it, vi } from "vitest";
import { Bot, Composer, type Context } from "grammy";
import type { Update } from "grammy/types";
import { BotComposer } from "../../src/bot/composer.js";
import { testBotInfo } from "../support/bot-info.js";

let updateId = 1;
function message(text: string, chatType: "private" | "group" = "private"): Update {
  const command = /^\/[\w@]+/.exec(text)?.[0];
  return {
    update_id: updateId++,
    message: {
      message_id: 1,
      date: 0,
      chat: chatType === "private" ? { id: 5, type: "private", first_name: "A" } : { id: -5, type: "group", title: "G" },
      from: { id: 5, is_bot: false, first_name: "A" },
      text,
      ...(command ? { entities: [{ type: "bot_command" as const, offset: 0, length: command.length }] } : {}),
    },
  } as Update;
}
function tap(data: string): Update {
  return {
    update_id: updateId++,
    callback_query: { id: "1", chat_instance: "1", data, from: { id: 5, is_bot: false, first_name: "A" } },
  } as Update;
}

/** A bot whose root is a BotComposer, as in createBot; `seen` records which handlers ran. */
function botWith(build: (root: BotComposer<Context>, seen: string[]) => void) {
  const bot = new Bot<Context>("1:test", { botInfo: testBotInfo() });
  const root = new BotComposer<Context>();
  const seen: string[] = [];
  build(root, seen);
  bot.use(root);
  bot.use(() => void seen.push("end of chain"));
  return { bot, seen, run: (update: Update) => bot.handleUpdate(update) };
}

describe("BotComposer", () => {
  it("runs handlers in order; a handler that does not call next ends the walk", async () => {
    const { run, seen } = botWith((root, seen) => {
      root.use((_ctx, next) => (seen.push("first"), next()));
      root.command("start", () => void seen.push("start"));
      root.command("help", () => void seen.push("help"));
      root.use(() => void seen.push("after"));
    });
    await run(message("/start"));
    expect(seen).toEqual(["first", "start"]);
    seen.length = 0;
    await run(message("/other"));
    expect(seen).toEqual(["first", "after"]);
  });

  it("skips a nested composer none of whose handlers match, and runs all of it when one does", async () => {
    const prepare = vi.fn((_ctx: Context, next: () => Promise<void>) => next());
    const feature = new BotComposer<Context>();
    feature.install(prepare);
    feature.command("balance", () => undefined);
    feature.callbackQuery(/^bal:/, () => undefined);
    const { run, seen } = botWith((root) => root.use(feature));

    await run(message("/start"));
    await run(tap("buy:1"));
    expect(prepare).not.toHaveBeenCalled();
    expect(seen).toEqual(["end of chain", "end of chain"]);

    await run(message("/balance"));
    await run(tap("bal:show"));
    expect(prepare).toHaveBeenCalledTimes(2);
    expect(seen).toHaveLength(2); // both answered inside the feature
  });

  it("a useWhen gate makes the composer run; once running, every step runs whatever its gate says", async () => {
    let open = false;
    const gated = vi.fn((_ctx: Context, next: () => Promise<void>) => next());
    const feature = new BotComposer<Context>();
    feature.useWhen(() => open, gated);
    feature.command("key", () => undefined);
    const { run } = botWith((root) => root.use(feature));

    await run(message("hello"));
    expect(gated).not.toHaveBeenCalled();
    open = true;
    await run(message("hello"));
    expect(gated).toHaveBeenCalledTimes(1);
    open = false;
    await run(message("/key")); // the command makes the feature run: the gated step runs too
    expect(gated).toHaveBeenCalledTimes(2);
  });

  it("nested filters combine: chatType(...).command(...) matches only both", async () => {
    const feature = new BotComposer<Context>();
    const handler = vi.fn();
    feature.chatType("group").command("balance", handler);
    const { run, seen } = botWith((root) => root.use(feature));
    await run(message("/balance", "private"));
    await run(message("/start", "group"));
    expect(handler).not.toHaveBeenCalled();
    await run(message("/balance", "group"));
    expect(handler).toHaveBeenCalledTimes(1);
    expect(seen).toEqual(["end of chain", "end of chain"]);
  });

  it("commands match as grammY matches them: exact word, @this_bot, never a longer word or another bot", async () => {
    const handler = vi.fn((ctx: Context) => void seenMatch.push(String(ctx.match)));
    const seenMatch: string[] = [];
    const feature = new BotComposer<Context>();
    feature.command(["start", "help"], handler);
    const { run, seen } = botWith((root) => root.use(feature));
    await run(message("/start payload"));
    await run(message("/help@energy_test_bot"));
    await run(message("/start@ENERGY_TEST_BOT x"));
    expect(seenMatch).toEqual(["payload", "", "x"]);
    await run(message("/starter"));
    await run(message("/start@other_bot"));
    await run(message("/sta"));
    await run(message("start"));
    await run(message("hello /start"));
    expect(handler).toHaveBeenCalledTimes(3);
    expect(seen).toHaveLength(5);
  });

  it("runs middleware added later to the composer a filter returned", async () => {
    const { run, seen } = botWith((root, seen) => {
      const start = root.command("start");
      start.use(() => void seen.push("added later"));
    });
    await run(message("/start"));
    expect(seen).toEqual(["added later"]);
  });

  it("supports async predicates and branch", async () => {
    const { run, seen } = botWith((root, seen) => {
      root.filter(async (ctx) => ctx.message?.text === "yes", () => void seen.push("async yes"));
      // a promise-like answer is awaited, not taken as true
      root.filter((ctx) => ({ then: (resolve: (v: boolean) => void) => resolve(ctx.message?.text === "no such") }) as never, () => void seen.push("thenable"));
      root.branch(
        (ctx) => ctx.message?.text === "left",
        () => void seen.push("left"),
        (_ctx, next) => next(),
      );
    });
    await run(message("yes"));
    await run(message("left"));
    await run(message("thenable"));
    await run(message("neither"));
    expect(seen).toEqual(["async yes", "left", "end of chain", "end of chain"]);
  });

  it("reports errors from handlers and a second call of next", async () => {
    const thrown = botWith((root) => {
      root.command("boom", () => {
        throw new Error("boom");
      });
    });
    await expect(thrown.run(message("/boom"))).rejects.toThrow("boom");

    const twice = botWith((root) => {
      root.use(async (_ctx, next) => {
        await next();
        await next();
      });
    });
    await expect(twice.run(message("x"))).rejects.toThrow("`next` already called before!");
  });

  it("builds nothing per update: grammY's per-update lazy() is never used", async () => {
    const lazy = vi.spyOn(Composer.prototype, "lazy");
    const { run } = botWith((root) => {
      root.command("start", () => undefined);
      root.on("message:text", () => undefined);
      root.callbackQuery("x", () => undefined);
    });
    lazy.mockClear();
    await run(message("/start"));
    await run(message("text"));
    await run(tap("y"));
    expect(lazy).not.toHaveBeenCalled();
    lazy.mockRestore();
  });
});
