/**
 * The feature router (issue 28): each update reaches only the features that answer it, in their
 * order, and the bot's table of features answers every command and every shared button.
 */
import { Bot, Composer } from "grammy";
import type { Update } from "grammy/types";
import { describe, expect, it } from "vitest";
import { routeFeatures, type Answers, type Feature } from "../../src/bot/feature-router.js";
import type { BotContext } from "../../src/bot/context.js";
import { features } from "../../src/bot/features/index.js";
import { COMMANDS } from "../../src/bot/commands.js";
import { SharedButtons } from "../../src/telegram/shared-buttons.js";
import { testBotInfo } from "../../src/telegram-fake/bot-info.js";

const chat = { id: 1, type: "private" as const, first_name: "A" };
const from = { id: 1, is_bot: false, first_name: "A" };
let nextId = 1;
const text = (t: string, commandLength?: number): Update => ({
  update_id: nextId++,
  message: { message_id: 1, date: 0, chat, from, text: t, ...(commandLength ? { entities: [{ type: "bot_command", offset: 0, length: commandLength }] } : {}) },
});
const tap = (data: string): Update => ({ update_id: nextId++, callback_query: { id: "q", chat_instance: "c", from, data, message: { message_id: 1, date: 0, chat, text: "card" } } });
const member: Update = {
  update_id: nextId++,
  my_chat_member: { chat, from, date: 0, old_chat_member: { status: "member", user: from }, new_chat_member: { status: "kicked", user: from, until_date: 0 } },
};

/** A bot whose features record their name for each update they see, then pass it on. */
function recordingBot(table: Array<[string, Answers | undefined]>) {
  const seen: string[] = [];
  const routed: Feature[] = table.map(([name, answers]) => {
    const composer = new Composer<BotContext>();
    composer.use(async (_ctx, next) => {
      seen.push(name);
      await next();
    });
    return { middleware: composer, answers };
  });
  const bot = new Bot<BotContext>("1:test", { botInfo: testBotInfo() });
  bot.use(routeFeatures(routed));
  return {
    async see(update: Update): Promise<string[]> {
      seen.length = 0;
      await bot.handleUpdate(update);
      return [...seen];
    },
  };
}

describe("routeFeatures", () => {
  const bot = recordingBot([
    ["pasted-key", { messages: "all", commands: ["key"], buttons: ["key"] }],
    ["members", { updates: ["my_chat_member"] }],
    ["start", { commands: ["start"] }],
    ["balance", { commands: ["balance"], buttons: ["bal"] }],
    ["legacy", undefined],
    ["bare-address", { messages: "plain" }],
  ]);

  it("hands a command to the features that answer it, those that read every message, and those that say nothing, in order", async () => {
    expect(await bot.see(text("/balance", 8))).toEqual(["pasted-key", "balance", "legacy"]);
    expect(await bot.see(text("/start@test_bot payload", 15))).toEqual(["pasted-key", "start", "legacy"]);
    expect(await bot.see(text("/nothing", 8))).toEqual(["pasted-key", "legacy"]);
  });

  it("hands a plain message to the features that read messages, not to the command-only ones", async () => {
    expect(await bot.see(text("TM93SiHBNy4n2uPvhgUk8aCGaiMhsqZN3t"))).toEqual(["pasted-key", "legacy", "bare-address"]);
    // a slash without a command entity is a plain message
    expect(await bot.see(text("/balance"))).toEqual(["pasted-key", "legacy", "bare-address"]);
  });

  it("hands a tap to the feature whose namespace its data starts with", async () => {
    expect(await bot.see(tap("bal"))).toEqual(["balance", "legacy"]);
    expect(await bot.see(tap("bal.r"))).toEqual(["balance", "legacy"]);
    expect(await bot.see(tap("key.use:3:buy"))).toEqual(["pasted-key", "legacy"]);
    expect(await bot.see(tap("orders/0/1//abc"))).toEqual(["legacy"]);
  });

  it("hands other updates to the features that asked for their kind", async () => {
    expect(await bot.see(member)).toEqual(["members", "legacy"]);
  });
});

describe("the bot's features", () => {
  const answered = (check: (a: Answers) => boolean) => features.some((f) => !f.answers || check(f.answers));

  it("answer every command of the command menu", () => {
    const unanswered = COMMANDS.map((c) => c.name).filter((name) => name !== "cancel" && !answered((a) => a.commands?.includes(name) ?? false));
    expect(unanswered).toEqual([]);
  });

  it("answer every shared button's namespace", () => {
    const namespaces = Object.values(SharedButtons).map((b) => b.prefix.split(".")[0]!);
    expect(namespaces.filter((ns) => !answered((a) => a.buttons?.includes(ns) ?? false))).toEqual([]);
  });
});
