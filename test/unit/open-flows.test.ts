/**
 * The conversations plugin only where a conversation can be (issue 28): a chat with none stored
 * does not run the plugin (nor read its state twice); entering a flow there runs the stock plugin
 * around the entry, its state is stored, and the chat's next update resumes the flow.
 */
import { Bot, Composer } from "grammy";
import type { Update } from "grammy/types";
import { conversations } from "@grammyjs/conversations";
import { describe, expect, it } from "vitest";
import type { BotContext, ConversationContext } from "../../src/bot/context.js";
import { defineFlow } from "../../src/bot/flow/define.js";
import { flowsWhileOpen, openConversations, storedConversations, withFlow } from "../../src/bot/flow/open-flows.js";
import type { KeyValueStorage } from "../../src/store/kv-storage.js";
import { testBotInfo } from "../../src/dev/telegram-fake/bot-info.js";

const chat = { id: 7, type: "private" as const, first_name: "A" };
const from = { id: 7, is_bot: false, first_name: "A" };
let nextId = 1;
const text = (t: string): Update => ({
  update_id: nextId++,
  message: { message_id: nextId, date: 0, chat, from, text: t, ...(t.startsWith("/") ? { entities: [{ type: "bot_command" as const, offset: 0, length: t.length }] } : {}) },
});

/** An in-memory storage that counts its calls; `cached`: it knows an absent key without a read, as SQLite's cache does. */
function countingStorage(cached: boolean) {
  const records = new Map<string, unknown>();
  const calls = { read: 0, write: 0, delete: 0 };
  const storage: KeyValueStorage<unknown> = {
    read: (key) => (calls.read++, Promise.resolve(records.has(key) ? structuredClone(records.get(key)) : undefined)),
    knownAbsent: (key) => cached && !records.has(key),
    take: () => Promise.reject(new Error("not used")),
    write: (key, value) => (calls.write++, records.set(key, structuredClone(value)), Promise.resolve()),
    delete: (key) => (calls.delete++, records.delete(key), Promise.resolve()),
    flush: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
  return { storage, records, calls };
}

function flowBot(cached = false) {
  const { storage, records, calls } = countingStorage(cached);
  const said: string[] = [];
  let pluginRuns = 0;
  const ask = defineFlow(async (conversation) => {
    const answer = await conversation.waitFor("message:text");
    await conversation.external(() => said.push(`answered ${answer.message.text}`));
  }, "ask");
  const keyOf = (ctx: BotContext) => ctx.chatId?.toString();
  const state = storedConversations(storage, keyOf);
  const plugin = conversations<BotContext, ConversationContext>({ storage: { type: "key", version: 1, adapter: state.adapter as never, getStorageKey: keyOf } });
  const gated = flowsWhileOpen([ask], {
    none: state.none,
    stored: state.stored,
    plugin: async (ctx, next) => {
      pluginRuns++;
      await plugin(ctx, next);
    },
  });
  const bot = new Bot<BotContext>("1:test", { botInfo: testBotInfo() });
  const features = new Composer<BotContext>();
  features.command("ask", (ctx) => withFlow(ctx, "ask", () => ctx.conversation.enter("ask")));
  features.on("message:text", (ctx) => void said.push(`feature saw ${ctx.message.text}; open: ${openConversations(ctx).join(",") || "none"}`));
  bot.use(gated.plugin, gated.flows, features);
  return { bot, records, calls, said, pluginRuns: () => pluginRuns };
}

describe("flowsWhileOpen", () => {
  it("a chat with no conversation stored: one read of its state, the plugin not run, nothing written", async () => {
    const { bot, calls, said, pluginRuns } = flowBot();
    await bot.handleUpdate(text("hello"));
    expect(said).toEqual(["feature saw hello; open: none"]);
    expect(pluginRuns()).toBe(0);
    expect(calls).toEqual({ read: 1, write: 0, delete: 0 });
  });

  it("where the store knows the chat has none (SQLite's cache), not even a read", async () => {
    const { bot, calls, said, pluginRuns } = flowBot(true);
    await bot.handleUpdate(text("hello"));
    expect(said).toEqual(["feature saw hello; open: none"]);
    expect(pluginRuns()).toBe(0);
    expect(calls).toEqual({ read: 0, write: 0, delete: 0 });
    // a flow entered there: the plugin reads (its record is absent) and stores the new state
    await bot.handleUpdate(text("/ask"));
    await bot.handleUpdate(text("7"));
    expect(said).toEqual(["feature saw hello; open: none", "answered 7"]);
  });

  it("a flow entered there runs the plugin around the entry; the next update resumes it, its state read once", async () => {
    const { bot, records, calls, said, pluginRuns } = flowBot();
    await bot.handleUpdate(text("/ask"));
    expect(pluginRuns()).toBe(1);
    expect(records.has(String(chat.id))).toBe(true);

    calls.read = 0;
    await bot.handleUpdate(text("42"));
    // the flow took the answer; the feature never saw it
    expect(said).toEqual(["answered 42"]);
    expect(pluginRuns()).toBe(2);
    // the gate's read is the plugin's: one read of the record for the update
    expect(calls.read).toBe(1);
    // the flow is done: its state deleted, and the chat is back to no plugin at all
    expect(records.has(String(chat.id))).toBe(false);
    await bot.handleUpdate(text("after"));
    expect(said).toEqual(["answered 42", "feature saw after; open: none"]);
    expect(pluginRuns()).toBe(2);
  });
});
